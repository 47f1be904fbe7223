// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain
import Synchronization

/// The SQLite engine: the reports' tables in one SQLite file, photos as files
/// in an images directory, wrong passwords counted in memory
/// (`PasswordAttempts`). Every SQL value is bound as a statement argument; the
/// SQL text itself only ever comes from constants here.
final class SQLiteReportDatabase: ReportDatabase {
    private let database: DatabasePool
    private let writes = Atomic<Int>(0)
    /// Where photos are files, one per name.
    let imagesDirectory: URL
    /// One process serves a SQLite file, so the guesses are counted in its
    /// memory: a restart forgives, which a guesser cannot cause.
    let passwordAttempts: PasswordAttempts

    /// The revision is the writes made through this object, which moves after
    /// each commit, so a reader that sees the new count reads the new rows,
    /// and SQLite's `data_version` on the writer connection, which moves when
    /// any other connection commits, such as another process editing the file.
    func revision() async throws -> DatabaseRevision {
        let ownWrites = writes.load(ordering: .acquiring)
        let dataVersion = try await database.writeWithoutTransaction { db in
            try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        }
        return DatabaseRevision(Int64(ownWrites), dataVersion)
    }

    /// `images` beside the database file.
    static func defaultImagesDirectory(for path: String) -> URL {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("images", isDirectory: true)
    }

    /// Opens (creating when missing) the database file and its images
    /// directory, and brings the schema up to date.
    init(path: String, imagesDirectory: URL? = nil, passwordAttempts: PasswordAttempts = PasswordAttempts()) throws {
        let fileURL = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true
        )
        var configuration = Configuration()
        configuration.label = "petspot-announcements"
        // Another opener of the same file (a second server process, a backup)
        // may hold the write lock for a moment: wait for it rather than fail.
        configuration.busyMode = .timeout(5)
        database = try DatabasePool(path: fileURL.path, configuration: configuration)
        self.imagesDirectory = imagesDirectory ?? Self.defaultImagesDirectory(for: path)
        self.passwordAttempts = passwordAttempts
        do {
            try AnnouncementSchema.migrator.migrate(database)
            try FileManager.default.createDirectory(at: self.imagesDirectory, withIntermediateDirectories: true)
        } catch {
            try? database.close()
            throw error
        }
    }

    func count() async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM announcements") ?? 0
        }
    }

    /// Every announcement, in storage order.
    func all() async throws -> [WireAnnouncement] {
        try await database.read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(AnnouncementColumns.selectList) FROM announcements ORDER BY storage_order"
            )
            var result: [WireAnnouncement] = []
            while let row = try rows.next() {
                result.append(AnnouncementColumns.announcement(from: row))
            }
            return result
        }
    }

    /// Announcements whose Haversine distance from the centre is below the radius,
    /// in storage order. The R*Tree narrows to the bounding box
    /// (`AnnouncementPlaces`); Swift decides exactly.
    func announcements(in area: SearchArea) async throws -> [WireAnnouncement] {
        let (sql, queryArguments) = Self.regionQuery(inside: BoundingBox(around: area))
        return try await database.read { db in
            let rows = try Row.fetchCursor(db, sql: sql, arguments: queryArguments)
            var result: [WireAnnouncement] = []
            while let row = try rows.next() {
                let latitude: Double = row[8]
                let longitude: Double = row[9]
                if area.contains(latitude: latitude, longitude: longitude) {
                    result.append(AnnouncementColumns.announcement(from: row))
                }
            }
            return result
        }
    }

    /// The rows inside `box`, in storage order, found through the R*Tree.
    static func regionQuery(inside box: BoundingBox) -> (sql: String, arguments: StatementArguments) {
        let (condition, arguments) = AnnouncementPlaces.condition(inside: box)
        return (
            "SELECT \(AnnouncementColumns.selectList) FROM announcements WHERE \(condition) ORDER BY storage_order",
            arguments
        )
    }

    func announcement(id: String) async throws -> WireAnnouncement? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT \(AnnouncementColumns.selectList) FROM announcements WHERE id = ?",
                arguments: [id]
            ).map(AnnouncementColumns.announcement(from:))
        }
    }

    /// Inserts or updates (by id) all announcements in one transaction.
    func upsert(_ announcements: [WireAnnouncement]) async throws {
        try await database.write { db in
            let statement = try db.cachedStatement(sql: AnnouncementColumns.upsertSQL)
            for announcement in announcements {
                try statement.execute(arguments: AnnouncementColumns.arguments(for: announcement))
            }
        }
        writes.add(1, ordering: .releasing)
    }

    func deleteAll() async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM announcements")
        }
        writes.add(1, ordering: .releasing)
    }

    /// Reads in a snapshot of the database.
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await database.read(value)
    }

    /// Runs `updates` in a `BEGIN IMMEDIATE` transaction, which takes SQLite's
    /// write lock at once: what it reads cannot change before it writes, even
    /// through another process. Rolls back when `updates` throws.
    /// - Parameter changesReports: false for writes no report's JSON shows
    ///   (sightings), so the list's encoded body stays valid.
    func writeImmediately<T: Sendable>(
        changesReports: Bool = true, _ updates: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        let result = try await database.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                result = try updates(db)
                return .commit
            }
            guard let result else { throw DatabaseError(resultCode: .SQLITE_INTERNAL) }
            return result
        }
        if changesReports { writes.add(1, ordering: .releasing) }
        return result
    }

    func reservePasswordGuess(forReport id: String) async throws -> Bool {
        passwordAttempts.reserveAttempt(forReport: id)
    }

    func forgetPasswordGuesses(forReport id: String) async throws {
        passwordAttempts.recordSuccess(forReport: id)
    }

    /// Closes every connection; later calls fail with "connection is closed".
    func close() async throws {
        try database.close()
    }
}
