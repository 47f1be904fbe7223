import Foundation
import PetSpotClient
import Testing
import PetSpotDomain
import PetSpotTestSupport
import PetSpotServer
import AsyncHTTPClient
import NIOHTTP1

@Suite("Health, unknown routes and methods")
struct RoutingTests {
    @Test("GET /api/health says ok")
    func health() async throws {
        try await ServerFixture.with([SampleAnnouncements.make(id: "a"), SampleAnnouncements.make(id: "b")]) { fixture in
            let response = try await fixture.get("/api/health")
            #expect(response.status == 200)
            let json = try response.jsonObject()
            #expect(json["status"] as? String == "ok")
            #expect(json["announcements"] as? Int == 2)
        }
    }

    @Test("unknown routes answer a 404 NOT_FOUND envelope", arguments: [
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

    @Test("a method the API does not offer is refused with an envelope, nothing changes")
    func unsupportedMethod() async throws {
        try await ServerFixture.with([SampleAnnouncements.make(id: "a")]) { fixture in
            let url = fixture.server.baseURL.absoluteString + "/api/v1/announcements/a"
            let response = try await HTTPResult.fetch(url) { $0.method = .DELETE }
            #expect((400..<500).contains(response.status))
            #expect(response.errorBody != nil, "body: \(response.text)")
            #expect(try await fixture.get("/api/v1/announcements/a").status == 200)
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
