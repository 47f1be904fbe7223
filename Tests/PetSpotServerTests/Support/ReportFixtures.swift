// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
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

/// Small real images, which the server decodes before it stores them.
enum TestImages {
    /// 4 × 3 pixels.
    static let png = TestPNG.image(width: 4, height: 3)
    /// 16 × 8 pixels, written by gdk-pixbuf.
    static let jpeg = Array(
        Data(
            base64Encoded: [
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDACgcHiMeGSgjISMtKygwPGRBPDc3PHtYXUlkkYCZlo+AjIqgtObDoKrarYqMyP/L2u71",
                "////m8H////6/+b9//j/2wBDASstLTw1PHZBQXb4pYyl+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4",
                "+Pj4+Pj4+Pj/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF",
                "BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW",
                "V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi",
                "4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC",
                "AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm",
                "Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq",
                "8vP09fb3+Pn6/9oADAMBAAIRAxEAPwBaKKKR0n//2Q==",
            ].joined())!)

    /// `jpeg` grown to exactly `size` bytes by a comment segment holding
    /// `filler` (any bytes: a segment's length, not its content, ends it).
    static func jpeg(paddedTo size: Int, filler: (Int) -> UInt8) -> [UInt8] {
        let length = size - jpeg.count  // the segment: marker, length, content
        precondition(length >= 4 && length - 2 <= 0xFFFF)
        let content = (0..<(length - 4)).map(filler)
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8((length - 2) >> 8), UInt8((length - 2) & 0xFF)] + content
            + jpeg.dropFirst(2)
    }
}
