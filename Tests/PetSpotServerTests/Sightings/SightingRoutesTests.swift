// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import GRDB
import NIOHTTP1
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("POST and GET /api/v1/announcements/{id}/sightings")
struct SightingRoutesTests {
    static func path(_ id: String) -> String { "/api/v1/announcements/\(id)/sightings" }

    static func post(_ fixture: ServerFixture, id: String, body: String) async throws -> HTTPResult {
        try await fixture.send(path(id), body: Data(body.utf8))
    }

    static func body(
        seenAt: String = WireSighting.timestampString(Date().addingTimeInterval(-600)),
        latitude: String = "52.23", longitude: String = "21.01", extra: String = ""
    ) -> String {
        #"{"seenAt":"\#(seenAt)","locationLatitude":\#(latitude),"locationLongitude":\#(longitude)\#(extra)}"#
    }

    static func list(_ fixture: ServerFixture, id: String) async throws -> [WireSighting] {
        let response = try await fixture.get(path(id))
        #expect(response.status == 200, "\(response.text)")
        return try response.decode(WireSightingList.self).data
    }

    @Test("a valid sighting is a 201 with every key; GET lists it", arguments: StorageEngineUnderTest.all)
    func created(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let response = try await Self.post(
                fixture, id: "luna",
                body: Self.body(extra: #","note":"  By the bakery, limping \n","contact":" +48 600 100 200 ""#))
            #expect(response.status == 201, "\(response.text)")
            #expect(
                Set(try response.jsonObject().keys)
                    == [
                        "id", "announcementId", "seenAt", "locationLatitude", "locationLongitude", "note", "contact",
                        "createdAt",
                    ])
            let sighting = try response.decode(WireSighting.self)
            #expect(sighting.announcementId == "luna")
            #expect(sighting.note == "By the bakery, limping")
            #expect(sighting.contact == "+48 600 100 200")
            #expect(sighting.seenAt.hasSuffix("Z"))
            #expect(sighting.sighting != nil)
            #expect(try await Self.list(fixture, id: "luna") == [sighting])
        }
    }

    @Test(
        "absent note and contact are null; a seenAt with an offset is stored in UTC",
        arguments: StorageEngineUnderTest.all)
    func minimalAndOffset(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let hourAgo = Date().addingTimeInterval(-3600)
            let local = hourAgo.formatted(
                Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 2 * 3600)!))
            let response = try await Self.post(fixture, id: "luna", body: Self.body(seenAt: local))
            #expect(response.status == 201, "\(response.text)")
            let json = try response.jsonObject()
            #expect(json["note"] is NSNull)
            #expect(json["contact"] is NSNull)
            let stored = try response.decode(WireSighting.self)
            let seen = try #require(WireDate.timestamp(stored.seenAt))
            #expect(abs(seen.timeIntervalSince(hourAgo)) < 1)
            #expect(stored.seenAt.hasSuffix("Z"))
        }
    }

    @Test(
        "GET lists sightings newest first by when they were seen, capped at the newest shownLimit",
        arguments: StorageEngineUnderTest.all)
    func ordering(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let now = Date()
            for hoursAgo in [5, 1, 3, 2, 4] {
                let response = try await Self.post(
                    fixture, id: "luna",
                    body: Self.body(
                        seenAt: WireSighting.timestampString(now.addingTimeInterval(Double(-hoursAgo * 3600))),
                        extra: #","note":"\#(hoursAgo)""#))
                #expect(response.status == 201)
            }
            let notes = try await Self.list(fixture, id: "luna").map(\.note)
            #expect(notes == ["1", "2", "3", "4", "5"])
        }
    }

    @Test("the list keeps only the newest sightings past its cap", arguments: StorageEngineUnderTest.all)
    func capped(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let now = Date()
            try await fixture.withDatabase { database in
                for index in 0..<(SightingRoutes.shownLimit + 5) {
                    try await database.addSighting(
                        WireSighting(
                            id: "s\(index)", announcementId: "luna",
                            seenAt: WireTimestamp.string(now.addingTimeInterval(Double(-index * 60))),
                            locationLatitude: 1, locationLongitude: 2, note: nil, contact: nil,
                            createdAt: WireTimestamp.string(now)))
                }
            }
            let listed = try await Self.list(fixture, id: "luna")
            #expect(listed.count == SightingRoutes.shownLimit)
            #expect(listed.first?.id == "s0")
            #expect(listed.last?.id == "s\(SightingRoutes.shownLimit - 1)")
        }
    }

    @Test(
        "an unknown report is a 404 for GET and POST; no sightings is an empty list",
        arguments: StorageEngineUnderTest.all)
    func unknownReport(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            #expect(try await Self.list(fixture, id: "luna") == [])
            let get = try await fixture.get(Self.path("nobody"))
            #expect(get.status == 404)
            #expect(get.errorBody?.code == "NOT_FOUND")
            #expect(get.errorBody?.field == "id", "a route-level 404 has no field")
            let post = try await Self.post(fixture, id: "nobody", body: Self.body())
            #expect(post.status == 404)
            #expect(post.errorBody?.code == "NOT_FOUND")
            #expect(post.errorBody?.field == "id")
        }
    }

    @Test(
        "a closed report takes no sightings: 409 CONFLICT without a field; its old ones still list",
        arguments: StorageEngineUnderTest.all)
    func closedReport(engine: StorageEngineUnderTest) async throws {
        var closed = SampleAnnouncements.make(id: "home")
        closed.status = "CLOSED"
        try await ServerFixture.with(engine: engine, [closed]) { fixture in
            let response = try await Self.post(fixture, id: "home", body: Self.body())
            #expect(response.status == 409)
            #expect(response.errorBody?.code == "CONFLICT")
            #expect(response.errorBody?.field == nil)
            #expect(try await Self.list(fixture, id: "home") == [])
        }
    }

    @Test(
        "each broken rule is a 400 INVALID_FIELD naming the first field at fault", arguments: StorageEngineUnderTest.all
    )
    func validation(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let future = WireSighting.timestampString(Date().addingTimeInterval(3600))
            let ancient = WireSighting.timestampString(Date().addingTimeInterval(-400 * 86_400))
            let cases: [(String, String)] = [
                (#"{"locationLatitude":1,"locationLongitude":2}"#, "seenAt"),
                (Self.body(seenAt: "yesterday"), "seenAt"),
                (Self.body(seenAt: "2026-11-20"), "seenAt"),
                (Self.body(seenAt: future), "seenAt"),
                (Self.body(seenAt: ancient), "seenAt"),
                (Self.body(latitude: "91"), "locationLatitude"),
                (Self.body(longitude: "-180.5"), "locationLongitude"),
                (#"{"seenAt":"\#(WireSighting.timestampString(Date()))","locationLatitude":1}"#, "locationLongitude"),
                (Self.body(latitude: #""52""#), "locationLatitude"),
                (Self.body(extra: #","note":7"#), "note"),
                (Self.body(extra: #","note":"\#(String(repeating: "a", count: 501))""#), "note"),
                (Self.body(extra: #","note":"bell\u0007""#), "note"),
                (Self.body(extra: #","contact":"no way to reach me""#), "contact"),
                (Self.body(extra: #","contact":"a@b""#), "contact"),
                (Self.body(extra: #","contact":"+48 1\u001b""#), "contact"),
                (Self.body(extra: #","password":"x""#), "password"),
                (Self.body(seenAt: "x", extra: #","note":[1]"#), "note"),
            ]
            for (body, field) in cases {
                let response = try await Self.post(fixture, id: "luna", body: body)
                #expect(response.status == 400, "\(body)")
                #expect(response.errorBody?.code == "INVALID_FIELD", "\(body)")
                #expect(response.errorBody?.field == field, "\(body): \(response.text)")
            }
            #expect(try await Self.list(fixture, id: "luna") == [], "nothing refused was stored")
        }
    }

    @Test("a body that is not a JSON object is a 400 INVALID_BODY", arguments: StorageEngineUnderTest.all)
    func invalidBody(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            for body in ["", "[]", "not json", #""text""#, "{", "\u{FF}"] {
                let response = try await Self.post(fixture, id: "luna", body: body)
                #expect(response.status == 400, "\(body)")
                #expect(response.errorBody?.code == "INVALID_BODY", "\(body)")
            }
        }
    }

    @Test(
        "a body over the limit is a 413, whether Content-Length says so or not", arguments: StorageEngineUnderTest.all)
    func tooLarge(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let padding = String(repeating: " ", count: SightingBody.maximumBytes)
            let response = try await Self.post(fixture, id: "luna", body: Self.body() + padding)
            #expect(response.status == 413)
            #expect(response.errorBody?.code == "PAYLOAD_TOO_LARGE")

            let json = Self.body() + padding
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send(
                "POST \(Self.path("luna")) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n\(String(json.utf8.count, radix: 16))\r\n\(json)\r\n0\r\n\r\n")
            #expect(await connection.readResponse()?.status == 413)
        }
    }

    @Test(
        "hostile ids and texts are stored and given back as data, never interpreted",
        arguments: StorageEngineUnderTest.all)
    func hostileInput(engine: StorageEngineUnderTest) async throws {
        let id = "x'); DROP TABLE sightings; --"
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: id)]) { fixture in
            let encoded = URIText.encodePathSegment(id)
            let note = #"<script>alert(1)</script> ' OR 1=1; -- \" ünïcödé 🐕"#
            let response = try await Self.post(
                fixture, id: encoded, body: Self.body(extra: #","note":"\#(note)""#))
            #expect(response.status == 201, "\(response.text)")
            let listed = try await Self.list(fixture, id: encoded)
            #expect(listed.map(\.note) == [#"<script>alert(1)</script> ' OR 1=1; -- " ünïcödé 🐕"#])
            #expect(listed.first?.announcementId == id)
            #expect(try await fixture.get("/api/health").status == 200)
        }
    }

    @Test("only GET, HEAD and POST are answered: others are a 405 with Allow", arguments: StorageEngineUnderTest.all)
    func methods(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let response = try await fixture.send(Self.path("luna"), method: .PATCH, body: Data("{}".utf8))
            #expect(response.status == 405)
            #expect(response.headers["allow"].first == "GET, HEAD, POST")
            let head = try await HTTPResult.fetch(fixture.server.baseURL.absoluteString + Self.path("luna")) {
                $0.method = .HEAD
            }
            #expect(head.status == 200)
        }
    }

    @Test("deleting a report deletes its sightings")
    func cascade() async throws {
        try await ServerFixture.with([SampleAnnouncements.make(id: "luna")]) { fixture in
            #expect(try await Self.post(fixture, id: "luna", body: Self.body()).status == 201)
            let database = try SQLiteReportDatabase(path: fixture.databasePath)
            try await database.deleteAll()
            let remaining = try await database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sightings") ?? -1
            }
            try await database.close()
            #expect(remaining == 0)
        }
    }

    @Test(
        "a flood from one address gets 429 with Retry-After past its allowance; another address still posts",
        arguments: StorageEngineUnderTest.all)
    func rateLimited(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(
            engine: engine,
            [SampleAnnouncements.make(id: "luna")],
            configure: { configuration, _ in
                configuration.sightingLimit = SightingLimit(burst: 3, interval: .seconds(3600))
            }
        ) { fixture in
            let request = RawRequest.post(Self.path("luna"), body: Self.body())
            let connections = try (0..<8).map { _ in try RawConnection(port: fixture.server.port) }
            for connection in connections { try connection.send(request) }
            var statuses: [Int] = []
            var retryAfters: [Int] = []
            for connection in connections {
                let response = try #require(await connection.readResponse())
                statuses.append(response.status)
                if response.status == 429 {
                    #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"TOO_MANY_REQUESTS""#))
                    retryAfters.append(try #require(Int(response.headers["retry-after"] ?? "")))
                }
            }
            #expect(statuses.filter { $0 == 201 }.count == 3, "\(statuses)")
            #expect(statuses.filter { $0 == 429 }.count == 5)
            #expect(retryAfters.allSatisfy { (3000...3600).contains($0) })

            let other = try RawConnection(port: fixture.server.port, from: "127.0.0.2")
            try other.send(request)
            #expect(await other.readResponse()?.status == 201, "another address was refused too")
            #expect(try await Self.list(fixture, id: "luna").count == 4)
            // New reports keep their own allowance.
            #expect(try await fixture.create(.valid.without("microchipNumber")).status == 201)
        }
    }

    @Test("the default allowance never lets one address add more than 20 sightings in an hour")
    func defaultAllowance() {
        let limit = SightingLimit()
        let perHour = Double(limit.burst) + 3600 / (Double(limit.interval.components.seconds))
        #expect(perHour <= 20)
    }
}
