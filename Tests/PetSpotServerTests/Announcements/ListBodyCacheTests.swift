// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import NIOCore
import PetSpotDomain
import PetSpotTestSupport
import Synchronization
import Testing

@testable import PetSpotServer

@Suite("The full list's body is encoded once per table revision")
struct ListBodyCacheTests {
    /// Counts encodings and answers with the revision it was asked for.
    final class CountingEncoder: Sendable {
        let calls = Atomic<Int>(0)
        func encode(_ text: String) async throws -> ByteBuffer {
            calls.add(1, ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(20))  // concurrent requests overlap it
            return ByteBuffer(string: text)
        }
    }

    @Test("the same revision reuses the body, also for requests arriving during the encoding")
    func reused() async throws {
        let cache = ListBodyCache<Int>()
        let encoder = CountingEncoder()
        let bodies = try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            for _ in 0..<8 { group.addTask { try await cache.body(revision: 3) { try await encoder.encode("r3") } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies.count == 8 && bodies.allSatisfy { $0 == ByteBuffer(string: "r3") })
        _ = try await cache.body(revision: 3) { try await encoder.encode("r3") }
        #expect(encoder.calls.load(ordering: .relaxed) == 1)
    }

    @Test("a new revision encodes again, and a failed encoding is not kept")
    func refreshed() async throws {
        let cache = ListBodyCache<Int>()
        let encoder = CountingEncoder()
        _ = try await cache.body(revision: 1) { try await encoder.encode("r1") }
        let second = try await cache.body(revision: 2) { try await encoder.encode("r2") }
        #expect(second == ByteBuffer(string: "r2"))

        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await cache.body(revision: 3) { throw Broken() } }
        let third = try await cache.body(revision: 3) { try await encoder.encode("r3") }
        #expect(third == ByteBuffer(string: "r3"))
        #expect(encoder.calls.load(ordering: .relaxed) == 3)
    }

    @Test("every write moves the table's revision, also one by another process")
    func revisionMoves() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("revision-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        let database = try SQLiteReportDatabase(path: path)
        let start = try await database.revision()
        #expect(try await database.revision() == start, "reading changes nothing")
        try await database.upsert([])
        let afterUpsert = try await database.revision()
        #expect(afterUpsert != start)
        try await database.deleteAll()
        let afterDelete = try await database.revision()
        #expect(afterDelete != afterUpsert)

        // Someone edits the file with another connection, as sqlite3 would.
        // (A DELETE that finds no row writes nothing since report_credentials
        // refers to the table: SQLite no longer truncates it whole.)
        try await database.upsert([SampleAnnouncements.make(id: "a")])
        let beforeOther = try await database.revision()
        let other = try DatabaseQueue(path: path)
        try await other.write { db in try db.execute(sql: "DELETE FROM announcements") }
        try other.close()
        #expect(try await database.revision() != beforeOther)
        try await database.close()
    }

    @Test("a sighting leaves the list's revision alone: no report's JSON shows it")
    func sightingKeepsRevision() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("revision-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteReportDatabase(path: directory.appendingPathComponent("db.sqlite").path)
        try await database.upsert([SampleAnnouncements.make(id: "a")])
        let before = try await database.revision()
        try await database.addSighting(
            WireSighting(
                id: "s1", announcementId: "a", seenAt: "2026-11-20T10:00:00.000Z", locationLatitude: 50.06,
                locationLongitude: 19.94, note: "by the bakery", contact: nil, createdAt: "2026-11-20T10:05:00.000Z"))
        #expect(try await database.revision() == before)
        try await database.close()
    }
}
