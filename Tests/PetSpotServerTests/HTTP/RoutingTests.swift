// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import NIOHTTP1
import PetSpotClient
import PetSpotDomain
import PetSpotServer
import PetSpotTestSupport
import Testing

@Suite("Health, unknown routes and methods")
struct RoutingTests {
    @Test("GET /api/health says ok")
    func health() async throws {
        try await ServerFixture.with([SampleAnnouncements.make(id: "a"), SampleAnnouncements.make(id: "b")]) {
            fixture in
            let response = try await fixture.get("/api/health")
            #expect(response.status == 200)
            let json = try response.jsonObject()
            #expect(json["status"] as? String == "ok")
            #expect(json["announcements"] as? Int == 2)
        }
    }

    @Test(
        "unknown routes answer a 404 NOT_FOUND envelope",
        arguments: [
            "/", "/api", "/api/v2/announcements", "/api/v1/announcements/a/b", "/images", "/favicon.ico",
        ])
    func unknownRoute(_ path: String) async throws {
        try await ServerFixture.with { fixture in
            let response = try await fixture.get(path)
            #expect(response.status == 404)
            #expect(response.contentType?.hasPrefix("application/json") == true)
            let error = try #require(response.errorBody, "body: \(response.text)")
            #expect(error.code == "NOT_FOUND")
            #expect(!error.requestId.isEmpty)
        }
    }

    @Test(
        "a known path with a method it lacks is a 405 METHOD_NOT_ALLOWED with Allow, nothing changes",
        arguments: [
            (HTTPMethod.DELETE, "/api/v1/announcements/a", "GET, HEAD, PATCH"),
            (.PUT, "/api/v1/announcements", "GET, HEAD, POST"),
            (.PUT, "/api/v1/announcements/a", "GET, HEAD, PATCH"), (.PATCH, "/api/health", "GET, HEAD"),
            (.POST, "/images/a.png", "GET, HEAD"), (.GET, "/api/v1/announcements/a/photos", "POST"),
        ])
    func methodNotAllowed(_ method: HTTPMethod, _ path: String, _ allow: String) async throws {
        try await ServerFixture.with([SampleAnnouncements.make(id: "a")]) { fixture in
            let response = try await HTTPResult.fetch(fixture.server.baseURL.absoluteString + path) {
                $0.method = method
            }
            #expect(response.status == 405)
            #expect(response.headers["allow"].first == allow)
            #expect(response.contentType?.hasPrefix("application/json") == true)
            let error = try #require(response.errorBody, "body: \(response.text)")
            #expect(error.code == "METHOD_NOT_ALLOWED")
            #expect(try await fixture.get("/api/v1/announcements/a").status == 200)
        }
    }

    @Test("an unknown path is a 404 whatever the method")
    func unknownPathOtherMethod() async throws {
        try await ServerFixture.with { fixture in
            let response = try await HTTPResult.fetch(fixture.server.baseURL.absoluteString + "/api/v2/things") {
                $0.method = .POST
            }
            #expect(response.status == 404)
            #expect(response.errorBody?.code == "NOT_FOUND")
        }
    }

    @Test("HEAD is answered for GET routes")
    func head() async throws {
        try await ServerFixture.with { fixture in
            let url = fixture.server.baseURL.absoluteString + "/api/health"
            let response = try await HTTPResult.fetch(url) { $0.method = .HEAD }
            #expect(response.status == 200)
        }
    }
}
