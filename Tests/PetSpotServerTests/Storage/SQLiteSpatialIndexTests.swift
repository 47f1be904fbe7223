// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// The SQLite engine's R*Tree of reports' places (`AnnouncementPlaces`): in
/// step with the table through every write, filled when an older file is
/// upgraded, and what the region query searches.
@Suite("SQLite R*Tree of reports' places")
struct SQLiteSpatialIndexTests {
    static let warsaw = (latitude: 52.2297, longitude: 21.0122)
    static let krakow = (latitude: 50.0647, longitude: 19.9450)

    /// Runs `body` with an engine on a new file in a folder of its own.
    private static func withDatabase(_ body: (SQLiteReportDatabase, String) async throws -> Void) async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("petspot.sqlite").path
        try await opening(path) { database in try await body(database, path) }
    }

    /// Runs `body` with an engine that opens (and so migrates) the file at
    /// `path`, closed however `body` ends.
    private static func opening(_ path: String, _ body: (SQLiteReportDatabase) async throws -> Void) async throws {
        let database = try SQLiteReportDatabase(path: path)
        do {
            try await body(database)
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
    }

    /// Fails unless the R*Tree has exactly one entry per report, keyed by its
    /// storage order, whose box holds the report's place and whose own
    /// columns hold its exact place, status and species.
    private static func expectInStep(
        _ database: SQLiteReportDatabase, count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let (reports, entries, strays) = try await database.read { db in
            (
                try Int64.fetchAll(db, sql: "SELECT storage_order FROM announcements ORDER BY storage_order"),
                try Int64.fetchAll(db, sql: "SELECT storage_order FROM announcement_places ORDER BY storage_order"),
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM announcements a JOIN announcement_places p USING (storage_order)
                        WHERE NOT (p.min_latitude <= a.latitude AND a.latitude <= p.max_latitude
                            AND p.min_longitude <= a.longitude AND a.longitude <= p.max_longitude)
                        OR p.latitude IS NOT a.latitude OR p.longitude IS NOT a.longitude
                        OR p.status IS NOT a.status OR p.species IS NOT a.species
                        """) ?? -1
            )
        }
        #expect(reports.count == count, sourceLocation: sourceLocation)
        #expect(entries == reports, sourceLocation: sourceLocation)
        #expect(strays == 0, sourceLocation: sourceLocation)
    }

    private static func ids(
        _ database: SQLiteReportDatabase, near place: (latitude: Double, longitude: Double), kilometres: Int = 5
    ) async throws -> [String] {
        try await database.announcements(
            in: SearchArea(latitude: place.latitude, longitude: place.longitude, radiusKilometres: kilometres)
        ).map(\.id)
    }

    @Test("holds exactly the reports after upserts, a create, an update that moves a place, deletes and deleteAll")
    func inStepWithEveryWrite() async throws {
        try await Self.withDatabase { database, _ in
            try await database.upsert([
                SampleAnnouncements.make(id: "a", latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude),
                SampleAnnouncements.make(id: "b", latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude),
                SampleAnnouncements.make(id: "c", latitude: Self.krakow.latitude, longitude: Self.krakow.longitude),
            ])
            try await Self.expectInStep(database, count: 3)
            #expect(try await Self.ids(database, near: Self.warsaw) == ["a", "b"])

            // An upsert of an existing id moves its place and keeps its storage order.
            try await database.upsert([
                SampleAnnouncements.make(id: "a", latitude: Self.krakow.latitude, longitude: Self.krakow.longitude)
            ])
            try await Self.expectInStep(database, count: 3)
            #expect(try await Self.ids(database, near: Self.warsaw) == ["b"])
            #expect(try await Self.ids(database, near: Self.krakow) == ["a", "c"])

            try await database.create(
                SampleAnnouncements.make(id: "d", latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude),
                credentials: PasswordHash.make(password: "123456", using: .fast))
            try await Self.expectInStep(database, count: 4)
            #expect(try await Self.ids(database, near: Self.warsaw) == ["b", "d"])

            let moved = try await database.updateReport(id: "b") { report in
                var next = report
                next.locationLatitude = Self.krakow.latitude
                next.locationLongitude = Self.krakow.longitude
                return next
            }
            #expect(moved.locationLatitude == Self.krakow.latitude)
            try await Self.expectInStep(database, count: 4)
            #expect(try await Self.ids(database, near: Self.warsaw) == ["d"])
            #expect(try await Self.ids(database, near: Self.krakow) == ["a", "b", "c"])

            // Writes that leave the place alone leave the entry alone.
            _ = try await database.setPhoto(ofReport: "c", to: "http://localhost/images/c.png")
            _ = try await database.updateReport(id: "d") { report in
                var next = report
                next.petName = "Renamed"
                return next
            }
            try await Self.expectInStep(database, count: 4)

            // A new status or species reaches the entry, which region pages filter on.
            _ = try await database.updateReport(id: "c") { report in
                var next = report
                next.status = "CLOSED"
                next.species = "DOG"
                return next
            }
            try await Self.expectInStep(database, count: 4)

            // A delete by any statement, and a rowid used again after it.
            try await database.writeImmediately { db in
                try db.execute(sql: "DELETE FROM announcements WHERE id = 'd'")
            }
            try await Self.expectInStep(database, count: 3)
            try await database.upsert([
                SampleAnnouncements.make(id: "e", latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude)
            ])
            try await Self.expectInStep(database, count: 4)
            #expect(try await Self.ids(database, near: Self.warsaw) == ["e"])

            try await database.deleteAll()
            try await Self.expectInStep(database, count: 0)
            #expect(try await Self.ids(database, near: Self.krakow).isEmpty)

            try await database.upsert([
                SampleAnnouncements.make(id: "f", latitude: Self.krakow.latitude, longitude: Self.krakow.longitude)
            ])
            try await Self.expectInStep(database, count: 1)
            #expect(try await Self.ids(database, near: Self.krakow) == ["f"])
        }
    }

    @Test("a file from before the R*Tree gets it filled, and loses the latitude index, when opened")
    func upgradeFillsTheTree() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        // The schema as the migrations before the R*Tree left it, with reports.
        let old = try DatabaseQueue(path: path)
        try AnnouncementSchema.migrator.migrate(old, upTo: "v3-sightings")
        let reports = [
            SampleAnnouncements.make(id: "w1", latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude),
            SampleAnnouncements.make(id: "k1", latitude: Self.krakow.latitude, longitude: Self.krakow.longitude),
            SampleAnnouncements.make(id: "w2", latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude + 0.01),
            SampleAnnouncements.make(id: "fiji", latitude: -17.7, longitude: 179.99),
        ]
        try await old.write { db in
            #expect(try db.indexes(on: "announcements").contains { $0.name == "announcements_by_latitude" })
            for report in reports {
                try db.execute(
                    sql: AnnouncementColumns.insertSQL, arguments: AnnouncementColumns.arguments(for: report))
            }
        }
        try old.close()

        try await Self.opening(path) { database in
            try await Self.expectInStep(database, count: 4)
            #expect(try await Self.ids(database, near: Self.warsaw) == ["w1", "w2"])
            #expect(try await Self.ids(database, near: (-17.7, -179.99)) == ["fiji"])
            let latitudeIndex = try await database.read { db in
                try db.indexes(on: "announcements").contains { $0.name == "announcements_by_latitude" }
            }
            #expect(!latitudeIndex)
        }
    }

    @Test("a file whose R*Tree predates its own columns gets it made again, in step, when opened")
    func upgradeAddsTheEntryColumns() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("v6.sqlite").path
        let old = try DatabaseQueue(path: path)
        try AnnouncementSchema.migrator.migrate(old, upTo: "v6-report-pages")
        try await old.write { db in
            // The R*Tree as v5 made it: a point's box and nothing else.
            try db.execute(
                sql: """
                    DROP TRIGGER announcement_places_after_insert;
                    DROP TRIGGER announcement_places_after_update;
                    DROP TRIGGER announcement_places_after_delete;
                    DROP TABLE announcement_places;
                    CREATE VIRTUAL TABLE announcement_places USING rtree(
                        storage_order, min_latitude, max_latitude, min_longitude, max_longitude);
                    """)
            for report in [
                SampleAnnouncements.make(id: "w1", latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude),
                SampleAnnouncements.make(id: "k1", latitude: Self.krakow.latitude, longitude: Self.krakow.longitude),
            ] {
                try db.execute(
                    sql: AnnouncementColumns.insertSQL, arguments: AnnouncementColumns.arguments(for: report))
            }
        }
        try old.close()
        try await Self.opening(path) { database in
            try await Self.expectInStep(database, count: 2)
            #expect(try await Self.ids(database, near: Self.krakow) == ["k1"])
        }
    }

    @Test("an area across 180° finds the reports on both sides, in storage order, through two R*Tree searches")
    func acrossTheAntimeridian() async throws {
        try await Self.withDatabase { database, _ in
            try await database.upsert([
                SampleAnnouncements.make(id: "west-of-line", latitude: 0.1, longitude: 179.9),
                SampleAnnouncements.make(id: "far-west", latitude: 0, longitude: 178),
                SampleAnnouncements.make(id: "east-of-line", latitude: -0.1, longitude: -179.9),
                SampleAnnouncements.make(id: "far-east", latitude: 0, longitude: -178),
                SampleAnnouncements.make(id: "greenwich", latitude: 0, longitude: 0),
                SampleAnnouncements.make(id: "on-line", latitude: 0, longitude: 180),
            ])
            let area = SearchArea(latitude: 0, longitude: -179.95, radiusKilometres: 50)
            let box = BoundingBox(around: area)
            guard case .wrapping = box.longitudes else {
                Issue.record("expected a box across 180°, got \(box)")
                return
            }
            let found = try await database.announcements(in: area).map(\.id)
            #expect(found == ["west-of-line", "east-of-line", "on-line"])
            let plan = try await Self.plan(database, box)
            #expect(plan.filter { $0.contains("announcement_places VIRTUAL TABLE INDEX 2:") }.count == 2, "\(plan)")
        }
    }

    static func plan(_ database: SQLiteReportDatabase, _ box: BoundingBox) async throws -> [String] {
        let (sql, arguments) = SQLiteReportDatabase.regionQuery(inside: box)
        return try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { row in
                row["detail"] as String
            }
        }
    }

    @Test(
        "the region query searches the R*Tree and reads rows by rowid, never scanning the table",
        arguments: [
            SearchArea(latitude: 52.23, longitude: 21.01, radiusKilometres: 10),
            SearchArea(latitude: 10, longitude: 179.99, radiusKilometres: 100),
            SearchArea(latitude: 89.9, longitude: 0, radiusKilometres: 50),
        ])
    func usesTheRTree(area: SearchArea) async throws {
        try await Self.withDatabase { database, _ in
            var generator = SplitMix64(seed: 74)
            try await database.upsert(
                (0..<2_000).map { index in
                    SampleAnnouncements.make(
                        id: "pet-\(index)", latitude: Double.random(in: -90...90, using: &generator),
                        longitude: Double.random(in: -180...180, using: &generator))
                })
            let plan = try await Self.plan(database, BoundingBox(around: area))
            #expect(plan.contains { $0.contains("SCAN announcement_places VIRTUAL TABLE INDEX 2:") }, "\(plan)")
            #expect(plan.contains { $0.contains("SEARCH announcements USING INTEGER PRIMARY KEY") }, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN announcements") }, "\(plan)")

            // And answers what the exact test over every report answers.
            let expected = try await database.all().filter {
                area.contains(latitude: $0.locationLatitude, longitude: $0.locationLongitude)
            }.map(\.id)
            #expect(try await database.announcements(in: area).map(\.id) == expected)
        }
    }
}
