// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotServer
import PetSpotTestSupport
import Testing

/// The client's `HTTPReportPublisher.update` against the real server's
/// `PATCH /api/v1/announcements/{id}` over loopback: both halves agree on
/// the body, the credentials and every refusal.
@Suite("HTTPReportPublisher.update against PetSpotServer")
struct UpdaterAgainstServerTests {
    /// The `ReportUpdateError` `operation` throws; nil when it succeeds.
    static func failure(_ operation: () async throws -> Void) async -> ReportUpdateError? {
        do {
            try await operation()
            return nil
        } catch let error as ReportUpdateError {
            return error
        } catch {
            Issue.record("not a ReportUpdateError: \(error)")
            return nil
        }
    }

    @Test(
        "only the phone changes; then the report closes and takes no more changes",
        arguments: StorageEngineUnderTest.all)
    func changeThenClose(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let publisher = PublisherAgainstServerTests.publisher(fixture)
            let published = try await publisher.publish(try PublisherAgainstServerTests.report())
            let id = published.announcement.id
            let password = published.managementPassword
            let repository = HTTPAnnouncementRepository(baseURL: fixture.server.baseURL)

            let changed = try await publisher.update(
                reportID: id, changes: ReportChanges([.phone: .text("555 0199")]), password: password)
            #expect(changed.phone == "555 0199")
            var expected = published.announcement
            expected.phone = "555 0199"
            expected.updatedAt = changed.updatedAt
            #expect(changed == expected, "every other field as it was")
            #expect(try await repository.announcement(id: id) == changed)

            let closed = try await publisher.update(reportID: id, changes: .closing, password: password)
            #expect(closed.status == .closed)
            #expect(try await repository.announcement(id: id).status == .closed)
            #expect(
                await Self.failure {
                    _ = try await publisher.update(
                        reportID: id, changes: ReportChanges([.reward: .null]), password: password)
                } == .closed)
        }
    }

    @Test(
        "wrong password, unknown id, a refused field, a taken microchip number, too many guesses",
        arguments: StorageEngineUnderTest.all)
    func refusals(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "seeded")]) { fixture in
            let publisher = PublisherAgainstServerTests.publisher(fixture)
            let first = try await publisher.publish(try PublisherAgainstServerTests.report())
            let second = try await publisher.publish(
                try PublisherAgainstServerTests.report(microchip: "981000000000999"))
            let id = second.announcement.id
            let password = second.managementPassword
            let wrong = password == "111111" ? "222222" : "111111"
            let phone = ReportChanges([.phone: .text("555 0199")])

            #expect(
                await Self.failure { _ = try await publisher.update(reportID: id, changes: phone, password: wrong) }
                    == .unauthorized)
            #expect(
                await Self.failure {
                    _ = try await publisher.update(reportID: "nope", changes: phone, password: password)
                }
                    == .notFound)
            #expect(
                await Self.failure {
                    _ = try await publisher.update(
                        reportID: id, changes: ReportChanges([.age: .integer(0)]), password: password)
                } == .rejected(field: .age, problem: .refusedByServer))
            #expect(
                await Self.failure {
                    _ = try await publisher.update(
                        reportID: id,
                        changes: ReportChanges([
                            .microchipNumber: first.announcement.microchipNumber.map(
                                ReportChanges.Value.text) ?? .null
                        ]), password: password)
                } == .rejected(field: .microchipNumber, problem: .alreadyRegistered))
            var last: ReportUpdateError?
            for _ in 0..<20 {
                last = await Self.failure {
                    _ = try await publisher.update(reportID: id, changes: phone, password: wrong)
                }
                if last == .tooManyAttempts { break }
            }
            #expect(last == .tooManyAttempts)
        }
    }
}
