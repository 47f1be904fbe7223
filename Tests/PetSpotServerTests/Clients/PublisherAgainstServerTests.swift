// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotServer
import PetSpotTestSupport
import Testing

/// The client's `HTTPReportPublisher` against the real server over loopback:
/// both halves of the report contract must agree.
@Suite("HTTPReportPublisher against PetSpotServer")
struct PublisherAgainstServerTests {
    static func report(microchip: String? = "981000000000321", email: String? = "owner@example.org") throws -> NewReport
    {
        let input = ReportInput(
            status: "MISSING", petName: " Luna ", species: "CAT", breed: "Tabby", sex: "FEMALE", age: 3,
            description: "<b>Grey</b> & shy", microchipNumber: microchip, latitude: 52.2297, longitude: 21.0122,
            lastSeenDate: "2026-11-15", email: email, phone: "555-PETS", reward: "500 PLN")
        return try ReportRules.validate(input, today: CalendarDay(year: 2026, month: 11, day: 20)!).get()
    }

    static func publisher(_ fixture: ServerFixture) -> HTTPReportPublisher {
        HTTPReportPublisher(
            baseURL: fixture.server.baseURL,
            configuration: .init(connectTimeout: .seconds(2), deadline: .seconds(10), uploadDeadline: .seconds(30)))
    }

    /// The `PublishError` `operation` throws; nil when it succeeds.
    static func failure(_ operation: () async throws -> Void) async -> PublishError? {
        do {
            try await operation()
            return nil
        } catch let error as PublishError {
            return error
        } catch {
            Issue.record("not a PublishError: \(error)")
            return nil
        }
    }

    @Test(
        "publish creates the report and returns it with its password; the photo then shows",
        arguments: StorageEngineUnderTest.all)
    func publishAndPhoto(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let publisher = Self.publisher(fixture)
            let report = try Self.report()
            let published = try await publisher.publish(report)
            #expect(published.managementPassword.count == 6)
            #expect(report.matches(published.announcement))
            #expect(published.announcement.petName == "Luna")
            #expect(published.announcement.description == "<b>Grey</b> & shy")
            #expect(published.announcement.photoURL == nil)

            let repository = HTTPAnnouncementRepository(baseURL: fixture.server.baseURL)
            #expect(try await repository.announcements(in: nil).map(\.id) == [published.announcement.id])

            let photo = ReportPhoto(data: Data(TestImages.png), fileName: "Luna \"best\".png", mimeType: "image/png")
            try await publisher.addPhoto(
                photo, toReport: published.announcement.id, password: published.managementPassword)
            let fetched = try await repository.announcement(id: published.announcement.id)
            let photoURL = try #require(fetched.photoURL)
            #expect(photoURL.absoluteString.hasPrefix(fixture.server.baseURL.absoluteString + "/images/"))
            #expect(Array(try await fixture.get(photoURL.path).body) == TestImages.png)
            #expect(fetched.updatedAt != published.announcement.updatedAt)
        }
    }

    @Test(
        "a microchip number already registered is alreadyRegistered on microchipNumber",
        arguments: StorageEngineUnderTest.all)
    func alreadyRegistered(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let publisher = Self.publisher(fixture)
            _ = try await publisher.publish(try Self.report())
            let error = await Self.failure { _ = try await publisher.publish(try! Self.report()) }
            #expect(error == .rejected(field: .microchipNumber, problem: .alreadyRegistered))
        }
    }

    @Test("a field the server refuses comes back on that field", arguments: StorageEngineUnderTest.all)
    func refusedField(engine: StorageEngineUnderTest) async throws {
        // A report changed after validation, as a client with other rules might send it.
        try await ServerFixture.with(engine: engine) { fixture in
            let publisher = Self.publisher(fixture)
            var report = try Self.report()
            report.species = String(repeating: "x", count: 41)  // past the server's 40 characters
            let error = await Self.failure { _ = try await publisher.publish(report) }
            #expect(error == .rejected(field: .species, problem: .refusedByServer))
        }
    }

    @Test(
        "photo errors: wrong password, seeded report, unknown id, not an image, too large",
        arguments: StorageEngineUnderTest.all)
    func photoErrors(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "seeded")]) { fixture in
            let publisher = Self.publisher(fixture)
            let published = try await publisher.publish(try Self.report())
            let id = published.announcement.id
            let password = published.managementPassword
            let png = ReportPhoto(data: Data(TestImages.png), fileName: "a.png", mimeType: "image/png")
            let wrong = password == "111111" ? "222222" : "111111"

            #expect(
                await Self.failure { try await publisher.addPhoto(png, toReport: id, password: wrong) } == .unauthorized
            )
            #expect(
                await Self.failure { try await publisher.addPhoto(png, toReport: "seeded", password: password) }
                    == .unauthorized)
            #expect(
                await Self.failure { try await publisher.addPhoto(png, toReport: "nope", password: password) }
                    == .notFound)
            let text = ReportPhoto(data: Data("hello".utf8), fileName: "a.txt", mimeType: "text/plain")
            #expect(
                await Self.failure { try await publisher.addPhoto(text, toReport: id, password: password) }
                    == .rejected(field: nil, problem: .notAllowed))
            let empty = ReportPhoto(data: Data(), fileName: "a.png", mimeType: "image/png")
            #expect(
                await Self.failure { try await publisher.addPhoto(empty, toReport: id, password: password) }
                    == .rejected(field: nil, problem: .missing))
            // Refused before it is sent: the contract's limit is known.
            let huge = ReportPhoto(
                data: Data(TestImages.jpeg + [UInt8](repeating: 1, count: ReportPhoto.maximumBytes)),
                fileName: "big.jpg", mimeType: "image/jpeg")
            #expect(
                await Self.failure { try await publisher.addPhoto(huge, toReport: id, password: password) }
                    == .rejected(field: nil, problem: .tooLong(limit: ReportPhoto.maximumBytes)))
            #expect(try await fixture.get("/api/health").status == 200)
        }
    }

    @Test("a stopped server is unreachable", arguments: StorageEngineUnderTest.all)
    func stoppedServer(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let publisher = Self.publisher(fixture)
            await fixture.server.stop()
            #expect(
                await Self.failure { _ = try await publisher.publish(try! Self.report()) } == .transport(.unreachable))
            let png = ReportPhoto(data: Data(TestImages.png), fileName: "a.png", mimeType: "image/png")
            #expect(
                await Self.failure { try await publisher.addPhoto(png, toReport: "x", password: "123456") }
                    == .transport(.unreachable))
        }
    }
}
