import Foundation
import PetSpotDomain
import Testing

/// Bodies for `POST /api/v1/announcements`, written as JSON text so a test can
/// put any value of any type under any key.
struct ReportBody: Sendable {
    /// Each key's value as a JSON literal (`"\"CAT\""`, `"3"`, `"null"`).
    var fields: [String: String]

    static let valid = ReportBody(fields: [
        "petName": #""Luna""#, "species": #""CAT""#, "breed": #""Tabby""#, "sex": #""FEMALE""#, "age": "3",
        "description": #""Grey, shy, answers to her name.""#, "microchipNumber": #""981000000000001""#,
        "locationLatitude": "52.2297", "locationLongitude": "21.0122", "email": #""owner@example.org""#,
        "phone": #""+48 600 700 800""#, "lastSeenDate": #""2026-11-15""#, "status": #""MISSING""#,
        "reward": #""500 PLN""#,
    ])

    /// The required keys only, and an email address.
    static let minimal = ReportBody(fields: [
        "species": #""DOG""#, "sex": #""MALE""#, "locationLatitude": "50.06", "locationLongitude": "19.94",
        "email": #""finder@example.org""#, "lastSeenDate": #""2026-11-16""#, "status": #""FOUND""#,
    ])

    func with(_ key: String, _ literal: String) -> ReportBody {
        var copy = self
        copy.fields[key] = literal
        return copy
    }

    func with(_ key: String, string: String) -> ReportBody {
        with(key, Self.quoted(string))
    }

    func without(_ keys: String...) -> ReportBody {
        var copy = self
        for key in keys { copy.fields[key] = nil }
        return copy
    }

    var data: Data {
        let members = fields.keys.sorted().map { "\(Self.quoted($0)):\(fields[$0]!)" }
        return Data("{\(members.joined(separator: ","))}".utf8)
    }

    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}

extension ServerFixture {
    /// `POST /api/v1/announcements`.
    func create(_ body: ReportBody) async throws -> HTTPResult {
        try await send("/api/v1/announcements", body: body.data)
    }

    /// Creates a report that must succeed; returns its JSON object, id and password.
    func createReport(_ body: ReportBody = .valid) async throws -> (json: [String: Any], id: String, password: String) {
        let response = try await create(body)
        try #require(response.status == 201, "\(response.status): \(response.text)")
        let json = try response.jsonObject()
        let id = try #require(json["id"] as? String)
        let password = try #require(json["managementPassword"] as? String)
        return (json, id, password)
    }
}

/// The keys every announcement has on the wire.
let wireAnnouncementKeys: Set<String> = [
    "id", "petName", "species", "breed", "sex", "age", "description", "microchipNumber", "locationLatitude",
    "locationLongitude", "lastSeenDate", "email", "phone", "photoUrl", "status", "reward", "createdAt", "updatedAt",
]

/// Smallest files of each kind, as their first bytes make them.
enum TestImages {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("rest of a PNG".utf8)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 60)
}
