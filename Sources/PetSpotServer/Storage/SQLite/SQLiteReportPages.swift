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
    /// The column after `AnnouncementColumns.selectList`'s 18 (`created_ms`
    /// or `storage_order`).
    private static let keyColumn = 18

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
                            key: .created(milliseconds: row[Self.keyColumn], id: announcement.id)))
                }
                return result
            }
        } accept: {
            Self.accepts($0, filter)
        }
    }

    /// How many reports the filter matches, on every page together, counted
    /// up to `limit`.
    func count(matching filter: ReportFilter, upTo limit: Int) async throws -> Int {
        let (sql, arguments) = Self.filterSQL(filter)
        if filter.area == nil && filter.search == nil {
            return try await read { db in
                min(
                    limit,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM announcements WHERE \(sql)", arguments: arguments)
                        ?? 0)
            }
        }
        if let area = filter.area, filter.search == nil {
            return try await read { db in
                var total = 0
                let entries = try Self.placeEntries(db, box: BoundingBox(around: area), filter: filter)
                while total < limit, let entry = try entries.next() {
                    if area.contains(latitude: entry[1], longitude: entry[2]) { total += 1 }
                }
                return total
            }
        }
        return try await read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT latitude, longitude, pet_name, breed FROM announcements WHERE \(sql)",
                arguments: arguments)
            var total = 0
            while total < limit, let row = try rows.next() {
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

    /// Nearest first: the candidates are measured from the R*Tree's own
    /// columns in boxes growing from the centre until one holds the page, or
    /// (when a search needs the names) all of the area's box from the table. Then
    /// only the rows up to the page's end (and any sharing its last
    /// distance) are read, and ordered by distance then id.
    private func nearestPage(_ query: ReportPageQuery) async throws -> ReportPage {
        let filter = query.filter
        guard let area = filter.area else { throw ReportPageError.nearestWithoutArea }
        let afterKey: (distance: Double, id: String)? =
            if case .distance(let distance, let id) = query.after { (distance, id) } else { nil }
        return try await read { db in
            var measured: [(distance: Double, storageOrder: Int64)] = []
            func measure(storageOrder: Int64, latitude: Double, longitude: Double) {
                guard area.contains(latitude: latitude, longitude: longitude) else { return }
                let distance = GreatCircle.distanceKilometres(
                    fromLatitude: area.latitude, longitude: area.longitude, toLatitude: latitude,
                    longitude: longitude)
                if let afterKey, distance < afterKey.distance { return }
                measured.append((distance, storageOrder))
            }
            if filter.search == nil {
                // Rings from the centre: every report within a ring's reach is
                // in its box, so once enough are within it, the page is among them.
                let radius = Double(area.radiusKilometres)
                var reach = min(radius, max(radius / 8, (afterKey?.distance ?? 0) * 1.25))
                while true {
                    measured.removeAll(keepingCapacity: true)
                    let box = BoundingBox(latitude: area.latitude, longitude: area.longitude, radiusKilometres: reach)
                    let entries = try Self.placeEntries(db, box: box, filter: filter)
                    while let entry = try entries.next() {
                        measure(storageOrder: entry[0], latitude: entry[1], longitude: entry[2])
                    }
                    if reach >= radius { break }
                    measured.removeAll { $0.distance > reach }
                    let atAfter = afterKey.map { key in measured.count { $0.distance == key.distance } } ?? 0
                    if measured.count > query.limit + atAfter { break }
                    reach = min(radius, reach * 2)
                }
            } else {
                let (sql, arguments) = Self.filterSQL(filter)
                let rows = try Row.fetchCursor(
                    db,
                    sql: "SELECT storage_order, latitude, longitude, pet_name, breed FROM announcements WHERE \(sql)",
                    arguments: arguments)
                while let row = try rows.next() {
                    guard Self.accepts(latitude: row[1], longitude: row[2], petName: row[3], breed: row[4], filter)
                    else { continue }
                    measure(storageOrder: row[0], latitude: row[1], longitude: row[2])
                }
            }
            measured.sort { $0.distance < $1.distance }
            // Enough for the page and the one after it, past any at the last
            // page's own distance (some of which it already showed).
            let atAfter = afterKey.map { key in measured.prefix { $0.distance == key.distance }.count } ?? 0
            let needed = min(measured.count, query.limit + 1 + atAfter)
            guard needed > 0 else { return ReportPage(announcements: [], next: nil) }
            let furthest = measured[needed - 1].distance
            let chosen = measured.prefix { $0.distance <= furthest }
            var rows: [(distance: Double, announcement: WireAnnouncement)] = []
            let distances = Dictionary(chosen.map { ($0.storageOrder, $0.distance) }, uniquingKeysWith: { a, _ in a })
            for start in stride(from: 0, to: chosen.count, by: 100) {
                let slice = chosen[(chosen.startIndex + start)..<min(chosen.startIndex + start + 100, chosen.endIndex)]
                let placeholders = Array(repeating: "?", count: slice.count).joined(separator: ", ")
                let found = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT \(AnnouncementColumns.selectList), storage_order FROM announcements
                        WHERE storage_order IN (\(placeholders))
                        """,
                    arguments: StatementArguments(slice.map(\.storageOrder)))
                while let row = try found.next() {
                    let storageOrder: Int64 = row[Self.keyColumn]
                    guard let distance = distances[storageOrder] else { continue }
                    rows.append((distance, AnnouncementColumns.announcement(from: row)))
                }
            }
            let ordered = rows.filter { row in
                afterKey.map { Self.precedes(($0.distance, $0.id), (row.distance, row.announcement.id)) } ?? true
            }.sorted { Self.precedes(($0.distance, $0.announcement.id), ($1.distance, $1.announcement.id)) }
            let shown = ordered.prefix(query.limit)
            let next =
                ordered.count > query.limit
                ? shown.last.map { ReportPageKey.distance($0.distance, id: $0.announcement.id) } : nil
            return ReportPage(announcements: shown.map(\.announcement), next: next)
        }
    }

    /// The R*Tree's entries in `box`, with the filter's status and species:
    /// `storage_order, latitude, longitude`.
    private static func placeEntries(_ db: Database, box: BoundingBox, filter: ReportFilter) throws -> RowCursor {
        let (sql, arguments) = AnnouncementPlaces.entries(inside: box, status: filter.status, species: filter.species)
        return try Row.fetchCursor(db, sql: sql, arguments: arguments)
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
