// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import GRDB
import NIOCore
import NIOHTTP1
import PetSpotDomain
import PetSpotServer
import PetSpotTestSupport
import Testing

@Suite("POST /api/v1/announcements creates a report")
struct CreateReportTests {
    @Test(
        "a valid report is 201 with every key and a six-digit password, then listed and fetched by id",
        arguments: StorageEngineUnderTest.all)
    func created(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "seeded")]) { fixture in
            // The list body is cached per table revision: prime it first.
            #expect(try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data.count == 1)

            let response = try await fixture.create(.valid)
            #expect(response.status == 201, "\(response.text)")
            #expect(response.contentType?.hasPrefix("application/json") == true)
            let json = try response.jsonObject()
            #expect(Set(json.keys) == wireAnnouncementKeys.union(["managementPassword"]))
            let password = try #require(json["managementPassword"] as? String)
            #expect(password.count == 6 && password.allSatisfy { ("0"..."9").contains($0) })
            let created = try response.decode(WireCreatedAnnouncement.self).announcement
            #expect(!created.id.isEmpty)
            #expect(created.petName == "Luna" && created.species == "CAT" && created.breed == "Tabby")
            #expect(created.sex == "FEMALE" && created.age == 3 && created.status == "MISSING")
            #expect(created.microchipNumber == "981000000000001" && created.reward == "500 PLN")
            #expect(created.locationLatitude == 52.2297 && created.locationLongitude == 21.0122)
            #expect(created.email == "owner@example.org" && created.phone == "+48 600 700 800")
            #expect(created.lastSeenDate == "2026-11-15" && created.photoUrl == nil)
            #expect(json["photoUrl"] is NSNull, "every key present, null when empty")
            #expect(created.createdAt == created.updatedAt)
            #expect(response.headers["location"].first == "/api/v1/announcements/\(created.id)")

            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data
            #expect(list.map(\.id) == ["seeded", created.id], "a new report is listed at once, last in storage order")
            #expect(list.last == created)
            let detail = try await fixture.get("/api/v1/announcements/\(created.id)")
            #expect(detail.status == 200)
            #expect(try detail.decode(WireAnnouncement.self) == created)
            #expect(Set(try detail.jsonObject().keys) == wireAnnouncementKeys, "GET never shows the password")
            let health = try await fixture.get("/api/health").jsonObject()
            #expect(health["announcements"] as? Int == 2)
        }
    }

    @Test(
        "species is read in any case and stored as the contract spells it; a description keeps its line breaks",
        arguments: StorageEngineUnderTest.all)
    func speciesAndLines(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let body = ReportBody.valid.with("species", string: "cat").with("description", string: "Grey.\n\tShy.")
            let (json, _, _) = try await fixture.createReport(body)
            #expect(json["species"] as? String == "CAT")
            #expect(json["description"] as? String == "Grey.\n\tShy.")
        }
    }

    @Test("only the required keys are needed; the rest are null", arguments: StorageEngineUnderTest.all)
    func minimal(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (json, id, _) = try await fixture.createReport(.minimal)
            #expect(Set(json.keys) == wireAnnouncementKeys.union(["managementPassword"]))
            for key in ["petName", "breed", "age", "description", "microchipNumber", "phone", "photoUrl", "reward"] {
                #expect(json[key] is NSNull, "\(key)")
            }
            #expect(json["status"] as? String == "FOUND")
            #expect(try await fixture.get("/api/v1/announcements/\(id)").status == 200)
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let body: ReportBody
        let field: String
        var testDescription: String { "\(name) → \(field)" }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "an unknown key", body: ReportBody.valid.with("colour", string: "grey"), field: "colour"),
        Refusal(name: "id is not the client's to choose", body: ReportBody.valid.with("id", string: "x"), field: "id"),
        Refusal(name: "no species", body: ReportBody.valid.without("species"), field: "species"),
        Refusal(name: "blank species", body: ReportBody.valid.with("species", string: "   "), field: "species"),
        Refusal(name: "null species", body: ReportBody.valid.with("species", "null"), field: "species"),
        Refusal(name: "no sex", body: ReportBody.valid.without("sex"), field: "sex"),
        Refusal(name: "sex OTHER", body: ReportBody.valid.with("sex", string: "OTHER"), field: "sex"),
        Refusal(name: "no latitude", body: ReportBody.valid.without("locationLatitude"), field: "locationLatitude"),
        Refusal(name: "no longitude", body: ReportBody.valid.without("locationLongitude"), field: "locationLongitude"),
        Refusal(name: "no date", body: ReportBody.valid.without("lastSeenDate"), field: "lastSeenDate"),
        Refusal(name: "no status", body: ReportBody.valid.without("status"), field: "status"),
        Refusal(name: "status CLOSED", body: ReportBody.valid.with("status", string: "CLOSED"), field: "status"),
        Refusal(name: "age as a string", body: ReportBody.valid.with("age", #""3""#), field: "age"),
        Refusal(name: "age as a boolean", body: ReportBody.valid.with("age", "true"), field: "age"),
        Refusal(name: "age with a fraction", body: ReportBody.valid.with("age", "3.5"), field: "age"),
        Refusal(name: "age 0", body: ReportBody.valid.with("age", "0"), field: "age"),
        Refusal(name: "age -1", body: ReportBody.valid.with("age", "-1"), field: "age"),
        Refusal(
            name: "latitude as a string", body: ReportBody.valid.with("locationLatitude", #""52""#),
            field: "locationLatitude"),
        Refusal(name: "latitude 91", body: ReportBody.valid.with("locationLatitude", "91"), field: "locationLatitude"),
        Refusal(
            name: "longitude -181", body: ReportBody.valid.with("locationLongitude", "-181"),
            field: "locationLongitude"),
        Refusal(name: "species as a number", body: ReportBody.valid.with("species", "5"), field: "species"),
        Refusal(
            name: "a species no client shows", body: ReportBody.valid.with("species", string: "DRAGON"),
            field: "species"),
        Refusal(
            name: "a NUL in the name", body: ReportBody.valid.with("petName", string: "Lu\u{0}na"), field: "petName"),
        Refusal(
            name: "an escape in the breed", body: ReportBody.valid.with("breed", string: "Tabby\u{1B}[31m"),
            field: "breed"),
        Refusal(
            name: "a line break in the phone", body: ReportBody.valid.with("phone", string: "600\n700"),
            field: "phone"),
        Refusal(name: "email as an array", body: ReportBody.valid.with("email", "[]"), field: "email"),
        Refusal(
            name: "description as an object", body: ReportBody.valid.with("description", "{}"),
            field: "description"),
        Refusal(
            name: "microchip with letters", body: ReportBody.valid.with("microchipNumber", string: "98100A"),
            field: "microchipNumber"),
        Refusal(
            name: "microchip as a number", body: ReportBody.valid.with("microchipNumber", "981000"),
            field: "microchipNumber"),
        Refusal(name: "a bad email", body: ReportBody.valid.with("email", string: "owner@example"), field: "email"),
        Refusal(
            name: "a phone without a digit", body: ReportBody.valid.with("phone", string: "call me"),
            field: "phone"),
        Refusal(name: "neither email nor phone", body: ReportBody.valid.without("email", "phone"), field: "contact"),
        Refusal(
            name: "both blank", body: ReportBody.valid.with("email", string: " ").with("phone", "null"),
            field: "contact"),
        Refusal(
            name: "not a date", body: ReportBody.valid.with("lastSeenDate", string: "15.11.2026"),
            field: "lastSeenDate"),
        Refusal(
            name: "no 30 February", body: ReportBody.valid.with("lastSeenDate", string: "2026-02-30"),
            field: "lastSeenDate"),
        Refusal(
            name: "a name over 80 characters",
            body: ReportBody.valid.with("petName", string: String(repeating: "x", count: 81)), field: "petName"),
        Refusal(
            name: "the first of several problems, in the contract's order",
            body: ReportBody.valid.without("species").with("email", string: "bad").with("age", #""3""#),
            field: "species"),
        Refusal(
            name: "a wrong type after a broken rule",
            body: ReportBody.valid.with("status", string: "LOST?").with("reward", "12"), field: "status"),
    ]

    // One server for all the cases: starting one per case costs more than the cases.
    @Test(
        "a broken rule is a 400 INVALID_FIELD naming the field, and nothing is stored",
        arguments: StorageEngineUnderTest.all)
    func refused(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            for refusal in Self.refusals {
                let response = try await fixture.create(refusal.body)
                #expect(response.status == 400, "\(refusal.testDescription): \(response.text)")
                #expect(response.contentType?.hasPrefix("application/json") == true)
                let error = try #require(response.errorBody, "\(refusal.testDescription): \(response.text)")
                #expect(error.code == "INVALID_FIELD", "\(refusal.testDescription)")
                #expect(error.field == refusal.field, "\(refusal.testDescription): \(error.message)")
                #expect(!error.message.isEmpty && !error.requestId.isEmpty)
            }
            #expect(try await fixture.get("/api/health").jsonObject()["announcements"] as? Int == 0)
        }
    }

    @Test("a body that is not a JSON object is a 400 INVALID_BODY", arguments: StorageEngineUnderTest.all)
    func notAnObject(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            for text in ["", "{", "not json", "[]", #""a report""#, "42", "null", #"{"species": "CAT""#] {
                let response = try await fixture.send("/api/v1/announcements", body: Data(text.utf8))
                #expect(response.status == 400, "\(text): \(response.text)")
                #expect(response.errorBody?.code == "INVALID_BODY", "\(text)")
            }
        }
    }

    @Test(
        "a body over 64 KiB is refused with 413 and the envelope, declared or not",
        arguments: StorageEngineUnderTest.all)
    func tooLarge(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let huge = ReportBody.valid.with("description", string: String(repeating: "a", count: 70_000))
            let response = try await fixture.create(huge)
            #expect(response.status == 413)
            #expect(response.errorBody?.code == "PAYLOAD_TOO_LARGE")

            let streamed = try await HTTPResult.fetch(fixture.server.baseURL.absoluteString + "/api/v1/announcements") {
                $0.method = .POST
                let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 16 * 1024)
                $0.body = .stream(
                    AsyncStream { continuation in
                        for _ in 0..<8 { continuation.yield(chunk) }
                        continuation.finish()
                    }, length: .unknown)
            }
            #expect(streamed.status == 413)
            #expect(streamed.errorBody?.code == "PAYLOAD_TOO_LARGE")
            #expect(try await fixture.get("/api/health").status == 200)
        }
    }

    @Test(
        "the last-seen day may be today anywhere on Earth, never tomorrow there", arguments: StorageEngineUnderTest.all)
    func lastSeenToday(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let today = CalendarDay.latestToday()
            let accepted = try await fixture.create(ReportBody.minimal.with("lastSeenDate", string: today.isoString))
            #expect(accepted.status == 201, "\(accepted.text)")

            let tomorrow = CalendarDay(date: Date().addingTimeInterval(14 * 3600 + 86_400), timeZone: .gmt)
            let refused = try await fixture.create(ReportBody.minimal.with("lastSeenDate", string: tomorrow.isoString))
            #expect(refused.status == 400)
            #expect(refused.errorBody?.field == "lastSeenDate")
        }
    }

    @Test(
        "texts are stored trimmed and exactly as given: markup is never interpreted",
        arguments: StorageEngineUnderTest.all)
    func textsAsGiven(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let body = ReportBody.valid
                .with("petName", string: "  <b>Rex</b> & \"co\"  ")
                .with("description", string: "\n<script>alert(1)</script> &amp; <i>Ż</i>\t")
                .with("microchipNumber", string: " 981000000000777 ")
                .with("species", string: " cat ")
                .with("breed", string: "   ")
            let (_, id, _) = try await fixture.createReport(body)
            let stored = try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self)
            #expect(stored.petName == "<b>Rex</b> & \"co\"")
            #expect(stored.description == "<script>alert(1)</script> &amp; <i>Ż</i>")
            #expect(stored.microchipNumber == "981000000000777")
            #expect(stored.species == "CAT", "as the contract spells it, so every client shows it")
            #expect(stored.breed == nil, "a blank optional is not given")
        }
    }

    @Test(
        "a microchip number already registered is a 409 CONFLICT on microchipNumber",
        arguments: StorageEngineUnderTest.all)
    func microchipConflict(engine: StorageEngineUnderTest) async throws {
        var seeded = SampleAnnouncements.make(id: "seeded")
        seeded.microchipNumber = "981000000000555"
        try await ServerFixture.with(engine: engine, [seeded]) { fixture in
            _ = try await fixture.createReport(.valid)
            for body in [ReportBody.valid, ReportBody.minimal.with("microchipNumber", string: "981000000000555")] {
                let response = try await fixture.create(body)
                #expect(response.status == 409, "\(response.text)")
                let error = try #require(response.errorBody)
                #expect(error.code == "CONFLICT")
                #expect(error.field == "microchipNumber")
            }
            #expect(try await fixture.get("/api/health").jsonObject()["announcements"] as? Int == 2)
        }
    }

    @Test(
        "concurrent creates: 20 at once all succeed with distinct ids; one microchip at once wins once",
        arguments: StorageEngineUnderTest.all)
    func concurrent(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let chip = String(format: "9810000000%05d", index)
                        let response = try await fixture.create(ReportBody.valid.with("microchipNumber", string: chip))
                        return (response.status, try? response.jsonObject()["id"] as? String)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0.0 == 201 }, "\(statuses)")
            #expect(Set(statuses.compactMap(\.1)).count == 20)
            #expect(try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data.count == 20)

            let sameChip = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await fixture.create(ReportBody.valid.with("microchipNumber", string: "981000000099999"))
                            .status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sameChip.sorted() == [201, 409, 409, 409, 409, 409])
        }
    }

    @Test("the password is kept only as a salted PBKDF2 hash, never in clear in the database files")
    func passwordNotStored() async throws {
        try await ServerFixture.with { fixture in
            var passwords: [String] = []
            // No digit runs in these bodies that a password could coincide with.
            for _ in 0..<3 { passwords.append(try await fixture.createReport(.minimal).password) }
            let directory = URL(fileURLWithPath: fixture.databasePath).deletingLastPathComponent()
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix("petspot.sqlite") }
            #expect(files.contains("petspot.sqlite"))
            for file in files {
                let bytes = try Data(contentsOf: directory.appendingPathComponent(file))
                for password in passwords {
                    #expect(bytes.range(of: Data(password.utf8)) == nil, "\(password) found in \(file)")
                }
            }

            let rows = try DatabaseQueue(path: fixture.databasePath).read { db in
                try Row.fetchAll(db, sql: "SELECT algorithm, iterations, salt, derived_key FROM report_credentials")
            }
            #expect(rows.count == 3)
            #expect(rows.allSatisfy { ($0[0] as String) == "pbkdf2-sha256" && ($0[1] as Int) == 1_000 })
            #expect(rows.allSatisfy { ($0[2] as Data).count == 16 && ($0[3] as Data).count == 32 })
            #expect(Set(rows.map { $0[2] as Data }).count == 3, "a salt of its own per report")
        }
    }
}
