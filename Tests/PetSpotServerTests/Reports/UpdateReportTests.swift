// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("PATCH /api/v1/announcements/{id} changes or closes a report")
struct UpdateReportTests {
    /// `PATCH` with `body` as it is, and the password as HTTP Basic when given.
    static func patch(
        _ fixture: ServerFixture, id: String, body: String, password: String?
    ) async throws -> HTTPResult {
        try await fixture.send(
            "/api/v1/announcements/\(id)", method: .PATCH, body: Data(body.utf8),
            headers: password.map { [("Authorization", PhotoUploadTests.basic("owner", $0))] } ?? [])
    }

    static func stored(_ fixture: ServerFixture, id: String) async throws -> WireAnnouncement {
        try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self)
    }

    static func wrong(_ password: String) -> String {
        password == "000000" ? "000001" : "000000"
    }

    @Test(
        "a missing or wrong password is a 401 with WWW-Authenticate, and nothing changes",
        arguments: StorageEngineUnderTest.all)
    func unauthorised(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let before = try await Self.stored(fixture, id: id)
            for guess in [nil, Self.wrong(password)] {
                let response = try await Self.patch(fixture, id: id, body: #"{"phone":"+48 111"}"#, password: guess)
                #expect(response.status == 401)
                #expect(response.errorBody?.code == "UNAUTHORIZED")
                #expect(response.headers["www-authenticate"].first == #"Basic realm="PetSpot""#)
            }
            #expect(try await Self.stored(fixture, id: id) == before)
        }
    }

    @Test("a seeded report has no password: nobody changes it", arguments: StorageEngineUnderTest.all)
    func seededReport(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "seeded")]) { fixture in
            let response = try await Self.patch(fixture, id: "seeded", body: "{}", password: "123456")
            #expect(response.status == 401)
            #expect(response.errorBody?.code == "UNAUTHORIZED")
        }
    }

    @Test(
        "the right password changes only the keys given; GET and the list show it, updatedAt moved",
        arguments: StorageEngineUnderTest.all)
    func changed(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let before = try await Self.stored(fixture, id: id)
            _ = try await fixture.get("/api/v1/announcements")  // cache the list body

            let response = try await Self.patch(
                fixture, id: id, body: #"{"phone":"  +48 111 222 333 ","reward":null}"#, password: password)
            #expect(response.status == 200, "\(response.text)")
            #expect(Set(try response.jsonObject().keys) == wireAnnouncementKeys, "the shape GET gives, no password")
            let answered = try response.decode(WireAnnouncement.self)
            var expected = before
            expected.phone = "+48 111 222 333"
            expected.reward = nil
            expected.updatedAt = answered.updatedAt
            #expect(answered == expected)
            let previous = try #require(WireTimestamp.milliseconds(before.updatedAt))
            let moved = try #require(WireTimestamp.milliseconds(answered.updatedAt))
            #expect(moved > previous)
            #expect(answered.createdAt == before.createdAt)

            #expect(try await Self.stored(fixture, id: id) == answered)
            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data
            #expect(list == [answered], "the cached list body is not served after a change")
        }
    }

    @Test(
        "a change that breaks the rules of a new report is a 400 naming the field, and nothing changes",
        arguments: StorageEngineUnderTest.all,
        [
            (#"{"age":0}"#, "age"), (#"{"age":"3"}"#, "age"), (#"{"species":"DRAGON"}"#, "species"),
            (#"{"species":null}"#, "species"), (#"{"locationLatitude":91}"#, "locationLatitude"),
            (#"{"email":null,"phone":null}"#, "contact"), (#"{"lastSeenDate":"2999-01-01"}"#, "lastSeenDate"),
            (#"{"microchipNumber":"12ab"}"#, "microchipNumber"), (#"{"status":"LOST"}"#, "status"),
            (#"{"colour":"grey"}"#, "colour"),
        ])
    func invalid(engine: StorageEngineUnderTest, _ bodyAndField: (String, String)) async throws {
        let (body, field) = bodyAndField
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let before = try await Self.stored(fixture, id: id)
            let response = try await Self.patch(fixture, id: id, body: body, password: password)
            #expect(response.status == 400, "\(response.text)")
            #expect(response.errorBody?.code == "INVALID_FIELD")
            #expect(response.errorBody?.field == field)
            #expect(try await Self.stored(fixture, id: id) == before)
        }
    }

    @Test(
        "a body that is not a JSON object is a 400 INVALID_BODY", arguments: StorageEngineUnderTest.all,
        ["{not json", "[]", ""])
    func malformed(engine: StorageEngineUnderTest, _ body: String) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let before = try await Self.stored(fixture, id: id)
            let response = try await Self.patch(fixture, id: id, body: body, password: password)
            #expect(response.status == 400)
            #expect(response.errorBody?.code == "INVALID_BODY")
            #expect(try await Self.stored(fixture, id: id) == before)
        }
    }

    @Test("a body over the new report's limit is a 413", arguments: StorageEngineUnderTest.all)
    func tooLarge(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let description = String(repeating: "a", count: NewReportBody.maximumBytes)
            let response = try await Self.patch(
                fixture, id: id, body: #"{"description":"\#(description)"}"#, password: password)
            #expect(response.status == 413)
            #expect(response.errorBody?.code == "PAYLOAD_TOO_LARGE")
        }
    }

    @Test(
        "a microchip number another report has is a 409 CONFLICT on microchipNumber",
        arguments: StorageEngineUnderTest.all)
    func microchipTaken(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (first, _, _) = try await fixture.createReport()
            let (_, id, password) = try await fixture.createReport(.valid.without("microchipNumber"))
            let chip = try #require(first["microchipNumber"] as? String)
            let response = try await Self.patch(
                fixture, id: id, body: #"{"microchipNumber":"\#(chip)"}"#, password: password)
            #expect(response.status == 409)
            #expect(response.errorBody?.code == "CONFLICT")
            #expect(response.errorBody?.field == "microchipNumber")
            #expect(try await Self.stored(fixture, id: id).microchipNumber == nil)
        }
    }

    @Test(
        "FOUND while open; CLOSED closes it for GET and the list; a closed report takes no change: 409",
        arguments: StorageEngineUnderTest.all)
    func closing(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let found = try await Self.patch(fixture, id: id, body: #"{"status":"FOUND"}"#, password: password)
            #expect(found.status == 200)
            #expect(try found.decode(WireAnnouncement.self).status == "FOUND")
            _ = try await fixture.get("/api/v1/announcements")  // cache the list body

            let closed = try await Self.patch(
                fixture, id: id, body: #"{"status":"CLOSED","reward":"Thank you all"}"#, password: password)
            #expect(closed.status == 200, "\(closed.text)")
            let answered = try closed.decode(WireAnnouncement.self)
            #expect(answered.status == "CLOSED" && answered.reward == "Thank you all")
            #expect(try await Self.stored(fixture, id: id).status == "CLOSED")
            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data
            #expect(list.map(\.status) == ["CLOSED"])

            for body in [
                #"{"status":"MISSING"}"#, #"{"status":"FOUND"}"#, #"{"phone":"123"}"#, #"{"status":"CLOSED"}"#, "{}",
            ] {
                let refused = try await Self.patch(fixture, id: id, body: body, password: password)
                #expect(refused.status == 409, "\(body)")
                #expect(refused.errorBody?.code == "CONFLICT")
                #expect(refused.errorBody?.field == nil)
            }
            #expect(try await Self.stored(fixture, id: id) == answered)
        }
    }

    @Test("an unknown report is a 404, once credentials are given", arguments: StorageEngineUnderTest.all)
    func unknownReport(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let response = try await Self.patch(fixture, id: "no-such-report", body: "{}", password: "123456")
            #expect(response.status == 404)
            #expect(response.errorBody?.code == "NOT_FOUND")
            let anonymous = try await Self.patch(fixture, id: "no-such-report", body: "{}", password: nil)
            #expect(anonymous.status == 401)
        }
    }

    @Test(
        "wrong passwords on changes use up the guesses photo uploads have, and the other way round",
        arguments: StorageEngineUnderTest.all)
    func guessesShared(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, changed, changedPassword) = try await fixture.createReport()
            for _ in 0..<PasswordAttempts.limit {
                let response = try await Self.patch(
                    fixture, id: changed, body: "{}", password: Self.wrong(changedPassword))
                #expect(response.status == 401)
            }
            let photo = try await fixture.send(
                "/api/v1/announcements/\(changed)/photos", body: PhotoUploadTests.photo(TestImages.png),
                contentType: PhotoUploadTests.multipartType,
                headers: [("Authorization", PhotoUploadTests.basic("owner", changedPassword))])
            #expect(photo.status == 429)
            #expect(photo.errorBody?.code == "TOO_MANY_ATTEMPTS")

            let (_, uploaded, uploadedPassword) = try await fixture.createReport(.valid.without("microchipNumber"))
            for _ in 0..<PasswordAttempts.limit {
                let response = try await fixture.send(
                    "/api/v1/announcements/\(uploaded)/photos", body: PhotoUploadTests.photo(TestImages.png),
                    contentType: PhotoUploadTests.multipartType,
                    headers: [("Authorization", PhotoUploadTests.basic("owner", Self.wrong(uploadedPassword)))])
                #expect(response.status == 401)
            }
            let before = try await Self.stored(fixture, id: uploaded)
            let change = try await Self.patch(
                fixture, id: uploaded, body: #"{"phone":"123"}"#, password: uploadedPassword)
            #expect(change.status == 429)
            #expect(change.errorBody?.code == "TOO_MANY_ATTEMPTS")
            #expect(try await Self.stored(fixture, id: uploaded) == before)
        }
    }

    @Test("changes to different fields sent at once all land", arguments: StorageEngineUnderTest.all)
    func concurrentChanges(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let changes = [
                ("phone", "+48 100 200 300"), ("reward", "A hug"), ("breed", "Siamese"), ("petName", "Mia"),
                ("description", "Found her collar."), ("email", "new@example.org"),
            ]
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for (key, value) in changes {
                    group.addTask {
                        try await Self.patch(fixture, id: id, body: #"{"\#(key)":"\#(value)"}"#, password: password)
                            .status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: changes.count))
            let stored = try await Self.stored(fixture, id: id)
            #expect(stored.phone == "+48 100 200 300" && stored.reward == "A hug" && stored.breed == "Siamese")
            #expect(stored.petName == "Mia" && stored.description == "Found her collar.")
            #expect(stored.email == "new@example.org")
        }
    }

    @Test(
        "one report's path answers PATCH: a method it lacks is a 405 whose Allow lists it",
        arguments: StorageEngineUnderTest.all, [HTTPMethod.OPTIONS, .DELETE, .PUT])
    func allowListsPatch(engine: StorageEngineUnderTest, _ method: HTTPMethod) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "a")]) { fixture in
            let response = try await HTTPResult.fetch(fixture.server.baseURL.absoluteString + "/api/v1/announcements/a")
            {
                $0.method = method
            }
            #expect(response.status == 405)
            #expect(response.headers["allow"].first == "GET, HEAD, PATCH")
            #expect(response.errorBody?.code == "METHOD_NOT_ALLOWED")
        }
    }
}
