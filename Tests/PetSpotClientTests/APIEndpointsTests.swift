// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotClient

@Suite("API URLs under a base URL")
struct APIEndpointsTests {
    @Test(
        "the list URL keeps the base path prefix",
        arguments: [
            ("http://localhost:3000", "http://localhost:3000/api/v1/announcements"),
            ("http://localhost:3000/", "http://localhost:3000/api/v1/announcements"),
            ("http://host:3000/petspot", "http://host:3000/petspot/api/v1/announcements"),
            ("http://host:3000/petspot//", "http://host:3000/petspot/api/v1/announcements"),
            ("https://example.org/a/b?x=1#f", "https://example.org/a/b/api/v1/announcements"),
        ])
    func list(base: String, expected: String) throws {
        let endpoints = APIEndpoints(baseURL: try #require(URL(string: base)))
        #expect(endpoints.list(in: nil) == expected)
    }

    @Test("a region becomes lat, lng and an integer range")
    func region() throws {
        let centre = try #require(Coordinate(latitude: 52.2297, longitude: -21.5))
        let endpoints = APIEndpoints(baseURL: Fixtures.baseURL)
        #expect(
            endpoints.list(in: SearchRegion(centre: centre, rangeKilometres: 10))
                == "http://127.0.0.1:3000/api/v1/announcements?lat=52.2297&lng=-21.5&range=10")
    }

    @Test(
        "the id is one percent-encoded path segment",
        arguments: [
            ("abc-123", "abc-123"),
            ("6f1c1c4e-8a4b-4c55-9b4e-1f0a2b3c4d5e", "6f1c1c4e-8a4b-4c55-9b4e-1f0a2b3c4d5e"),
            ("a/b", "a%2Fb"),
            ("a b?c#d", "a%20b%3Fc%23d"),
            ("..", "%2E%2E"),
            ("ż", "%C5%BC"),
        ])
    func detail(id: String, encoded: String) {
        let endpoints = APIEndpoints(baseURL: Fixtures.baseURL)
        #expect(endpoints.detail(id: id) == "http://127.0.0.1:3000/api/v1/announcements/\(encoded)")
    }

    @Test("an empty id has no details URL")
    func emptyID() {
        #expect(APIEndpoints(baseURL: Fixtures.baseURL).detail(id: "") == nil)
    }
}
