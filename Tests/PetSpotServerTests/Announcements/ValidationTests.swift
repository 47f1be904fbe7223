// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("Query validation answers 400 INVALID_PARAMETER with the faulty field")
struct ValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let field: String
        var testDescription: String { "?\(query) → field \(field)" }
    }

    static let invalidQueries: [Case] = [
        Case(query: "lat=52.2&lng=21.0&range=2.5", field: "range"),
        Case(query: "lat=52.2&lng=21.0&range=0", field: "range"),
        Case(query: "lat=52.2&lng=21.0&range=-1", field: "range"),
        Case(query: "lat=52.2&lng=21.0&range=abc", field: "range"),
        Case(query: "lat=52.2&lng=21.0&range=", field: "range"),
        Case(query: "lat=52.2&lng=21.0&range=1e3", field: "range"),
        Case(query: "lat=52.2&lng=21.0&range=99999999999999999999999", field: "range"),
        Case(query: "range=2.5", field: "range"),
        Case(query: "lat=52.2", field: "lng"),
        Case(query: "lng=21.0", field: "lat"),
        Case(query: "lat=52.2&range=5", field: "lng"),
        Case(query: "lat=abc&lng=21.0", field: "lat"),
        Case(query: "lat=&lng=21.0", field: "lat"),
        Case(query: "lat=91&lng=21.0", field: "lat"),
        Case(query: "lat=-90.5&lng=21.0", field: "lat"),
        Case(query: "lat=52&lng=180.01", field: "lng"),
        Case(query: "lat=nan&lng=21.0", field: "lat"),
        Case(query: "lat=52&lng=inf", field: "lng"),
        Case(query: "lat=0x1p4&lng=21.0", field: "lat"),
        Case(query: "lat=52&lat=53&lng=21.0", field: "lat"),
    ]

    @Test("invalid query", arguments: StorageEngineUnderTest.all, invalidQueries)
    func rejects(engine: StorageEngineUnderTest, _ testCase: Case) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "a")]) { fixture in
            let response = try await fixture.get("/api/v1/announcements?\(testCase.query)")
            #expect(response.status == 400)
            #expect(response.contentType?.hasPrefix("application/json") == true)
            let error = try #require(response.errorBody, "body: \(response.text)")
            #expect(error.code == "INVALID_PARAMETER")
            #expect(error.field == testCase.field)
            #expect(!error.message.isEmpty)
            #expect(!error.requestId.isEmpty)
        }
    }

    @Test(
        "valid edge values are accepted",
        arguments: StorageEngineUnderTest.all,
        [
            "lat=90&lng=180&range=1",
            "lat=-90&lng=-180&range=1",
            "lat=52&lng=21&range=20000",
            "lat=%2B52.5&lng=-0.0&range=007",
            "lat=5e1&lng=2.1E1",
            "unrelated=1",
        ])
    func accepts(engine: StorageEngineUnderTest, _ query: String) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let response = try await fixture.get("/api/v1/announcements?\(query)")
            #expect(response.status == 200, "\(query): \(response.text)")
        }
    }
}
