// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain

/// Paged lists on SQLite. Newest and oldest walk the `(created_ms, id)`
/// indexes from the last page's key (keyset, never an offset); SQL narrows by
/// status, species and the area's bounding box (the R*Tree), Swift decides the area's
/// Haversine test and the search (folded as the app folds). Nearest measures
/// the area's candidates in Swift and sorts them there.
extension SQLiteReportDatabase {
    /// The column after `AnnouncementColumns.selectList`'s 18.
    private static let createdColumn = 18

    func page(_ query: ReportPageQuery) async throws -> ReportPage {
        let filter = query.filter
        if filter.sort == .nearest {
            return try await nearestPage(query)
        }
        let newest = filter.sort == .newest
        // Each batch is a read of its own: the keyset alone keeps a page
        // from repeating or skipping reports written between them.
        return try await ReportPageScan.page(limit: query.limit, after: query.after) { after, count in
            var (sql, arguments) = Self.filterSQL(filter)
            if case .created(let milliseconds, let id) = after {
                sql += newest ? " AND (created_ms, id) < (?, ?)" : " AND (created_ms, id) > (?, ?)"
                arguments += [milliseconds, id]
            }
            sql += newest ? " ORDER BY created_ms DESC, id DESC" : " ORDER BY created_ms, id"
            sql += " LIMIT ?"
            arguments += [count]
            let query = "SELECT \(AnnouncementColumns.selectList), created_ms FROM announcements WHERE \(sql)"
            let queryArguments = arguments
            return try await read { db in
                let rows = try Row.fetchCursor(db, sql: query, arguments: queryArguments)
                var result: [ReportPageScan.Row] = []
                while let row = try rows.next() {
                    let announcement = AnnouncementColumns.announcement(from: row)
                    result.append(
                        ReportPageScan.Row(
                            announcement: announcement,
                            key: .created(milliseconds: row[Self.createdColumn], id: announcement.id)))
                }
                return result
            }
        } accept: {
            Self.accepts($0, filter)
        }
    }

    /// How many reports the filter matches, on every page together.
    func count(matching filter: ReportFilter) async throws -> Int {
        let (sql, arguments) = Self.filterSQL(filter)
        if filter.area == nil && filter.search == nil {
            return try await read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM announcements WHERE \(sql)", arguments: arguments) ?? 0
            }
        }
        return try await read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT latitude, longitude, pet_name, breed FROM announcements WHERE \(sql)",
                arguments: arguments)
            var total = 0
            while let row = try rows.next() {
                if Self.accepts(latitude: row[0], longitude: row[1], petName: row[2], breed: row[3], filter) {
                    total += 1
                }
            }
            return total
        }
    }

    /// The key that signs page cursors: made once per database file (the
    /// first process to ask stores it; later ones read that one).
    func cursorKey() async throws -> Data {
        var fresh = Data(count: 32)
        for index in fresh.indices { fresh[index] = UInt8.random(in: .min ... .max) }
        let candidate = fresh
        return try await writeImmediately(changesReports: false) { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO petspot_secrets (name, value) VALUES ('cursor-key', ?)",
                arguments: [candidate])
            return try Data.fetchOne(db, sql: "SELECT value FROM petspot_secrets WHERE name = 'cursor-key'")
                ?? candidate
        }
    }

    /// Nearest first: every candidate in the area's bounding box is measured
    /// (the area bounds them; `nearest` always has one), the ones after the
    /// key are sorted by distance then id, and the page's rows read by id.
    private func nearestPage(_ query: ReportPageQuery) async throws -> ReportPage {
        let filter = query.filter
        guard let area = filter.area else { throw ReportPageError.nearestWithoutArea }
        return try await read { db in
            let (sql, arguments) = Self.filterSQL(filter)
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, latitude, longitude, pet_name, breed FROM announcements WHERE \(sql)",
                arguments: arguments)
            var measured: [(distance: Double, id: String)] = []
            while let row = try rows.next() {
                let latitude: Double = row[1]
                let longitude: Double = row[2]
                guard Self.accepts(latitude: latitude, longitude: longitude, petName: row[3], breed: row[4], filter)
                else { continue }
                let distance = GreatCircle.distanceKilometres(
                    fromLatitude: area.latitude, longitude: area.longitude, toLatitude: latitude,
                    longitude: longitude)
                let id: String = row[0]
                if case .distance(let afterDistance, let afterID) = query.after,
                    !Self.precedes((afterDistance, afterID), (distance, id))
                {
                    continue
                }
                measured.append((distance, id))
            }
            measured.sort(by: Self.precedes)
            let chosen = measured.prefix(query.limit)
            let ids = chosen.map(\.id)
            var byID: [String: WireAnnouncement] = [:]
            for start in stride(from: 0, to: ids.count, by: 100) {
                let slice = Array(ids[start..<min(start + 100, ids.count)])
                let placeholders = Array(repeating: "?", count: slice.count).joined(separator: ", ")
                let found = try Row.fetchCursor(
                    db,
                    sql: "SELECT \(AnnouncementColumns.selectList) FROM announcements WHERE id IN (\(placeholders))",
                    arguments: StatementArguments(slice))
                while let row = try found.next() {
                    let announcement = AnnouncementColumns.announcement(from: row)
                    byID[announcement.id] = announcement
                }
            }
            let next = measured.count > query.limit ? chosen.last.map { ReportPageKey.distance($0.0, id: $0.1) } : nil
            return ReportPage(announcements: ids.compactMap { byID[$0] }, next: next)
        }
    }

    /// Distance, then id by its bytes (as SQLite compares text).
    private static func precedes(_ lhs: (Double, String), _ rhs: (Double, String)) -> Bool {
        lhs.0 != rhs.0 ? lhs.0 < rhs.0 : lhs.1.utf8.lexicographicallyPrecedes(rhs.1.utf8)
    }

    /// The conditions SQL decides: status, species and the area's bounding
    /// box (a `WHERE` body, never empty).
    private static func filterSQL(_ filter: ReportFilter) -> (String, StatementArguments) {
        var sql = "1"
        var arguments: StatementArguments = []
        if let status = filter.status {
            sql += " AND status = ?"
            arguments += [status]
        }
        if let species = filter.species {
            sql += " AND species = ?"
            arguments += [species]
        }
        if let area = filter.area {
            let (condition, boxArguments) = AnnouncementPlaces.condition(inside: BoundingBox(around: area))
            sql += " AND \(condition)"
            arguments += boxArguments
        }
        return (sql, arguments)
    }

    private static func accepts(_ announcement: WireAnnouncement, _ filter: ReportFilter) -> Bool {
        accepts(
            latitude: announcement.locationLatitude, longitude: announcement.locationLongitude,
            petName: announcement.petName, breed: announcement.breed, filter)
    }

    /// What SQL left to Swift: the area's exact test and the search.
    private static func accepts(
        latitude: Double, longitude: Double, petName: String?, breed: String?, _ filter: ReportFilter
    ) -> Bool {
        if let area = filter.area, !area.contains(latitude: latitude, longitude: longitude) { return false }
        guard let search = filter.search else { return true }
        return petName.map { $0.folded.contains(search) } == true || breed.map { $0.folded.contains(search) } == true
    }
}
