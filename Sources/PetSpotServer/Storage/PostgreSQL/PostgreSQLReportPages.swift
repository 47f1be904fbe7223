// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain
import PostgresNIO

/// Paged lists on PostgreSQL. Newest and oldest walk the `(created_ms, id)`
/// indexes from the last page's key (keyset, never an offset); nearest walks
/// the GiST index by `place <-> centre` (the sphere's distance) from the last
/// page's distance, ties by id. SQL filters by status, species, the search (folded by
/// `petspot_fold`) and the area (the GiST index's box test, and the sphere's
/// distance where a page needs it); Swift then applies the area's exact
/// Haversine test, as `announcements(in:)` does.
extension PostgreSQLReportDatabase {
    /// The column after `PostgreSQLRows.announcementSelectList`'s 18.
    private static let keyColumn = 18

    func page(_ query: ReportPageQuery) async throws -> ReportPage {
        let filter = query.filter
        if filter.sort == .nearest {
            guard let area = filter.area else { throw ReportPageError.nearestWithoutArea }
            return try await ReportPageScan.page(limit: query.limit, after: query.after) { after, count in
                try await nearestRows(filter, area: area, after: after, count: count)
            } accept: { announcement in
                area.contains(latitude: announcement.locationLatitude, longitude: announcement.locationLongitude)
            }
        }
        return try await ReportPageScan.page(limit: query.limit, after: query.after) { after, count in
            var builder = Self.filterSQL(filter)
            let newest = filter.sort == .newest
            if case .created(let milliseconds, let id) = after {
                builder.sql +=
                    " AND (created_ms, id) \(newest ? "<" : ">") (\(builder.bind(milliseconds)), \(builder.bind(id)))"
            }
            let sql = """
                SELECT \(PostgreSQLRows.announcementSelectList), created_ms FROM announcements
                WHERE \(builder.sql) ORDER BY \(newest ? "created_ms DESC, id DESC" : "created_ms, id")
                LIMIT \(builder.bind(count))
                """
            return try await rows(sql, builder.binds) { row, id in
                .created(milliseconds: try row[Self.keyColumn].decode(Int64.self), id: id)
            }
        } accept: { announcement in
            filter.area?.contains(
                latitude: announcement.locationLatitude, longitude: announcement.locationLongitude) ?? true
        }
    }

    /// How many reports the filter matches, on every page together, counted
    /// up to `limit`. With an area the candidates' coordinates are read,
    /// nearest first through the GiST index, and tested in Swift: the first
    /// `limit` of them either all pass (at least `limit` match) or reach
    /// past the circle's edge, and then every match is among them.
    func count(matching filter: ReportFilter, upTo limit: Int) async throws -> Int {
        // Nearest first, the corners of the box come last and fail the exact
        // test; measuring each row in SQL too would cost a third more.
        var builder = Self.filterSQL(filter, sphereDistance: false)
        guard let area = filter.area, let centre = builder.centre else {
            let rows = try await client.query(
                PostgresQuery(
                    unsafeSQL: "SELECT count(*) FROM announcements WHERE \(builder.sql)", binds: builder.binds),
                logger: queryLogger
            ).collect()
            return min(limit, try rows.first?.decode(Int.self) ?? 0)
        }
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT latitude, longitude FROM announcements WHERE \(builder.sql)
                ORDER BY place <-> \(centre) LIMIT \(builder.bind(limit))
                """, binds: builder.binds)
        let logger = queryLogger
        return try await withBitmapScansOff { connection in
            var total = 0
            for try await row in try await connection.query(query, logger: logger) {
                let cells = row.makeRandomAccess()
                if area.contains(
                    latitude: try PostgreSQLRows.double(cells[0]), longitude: try PostgreSQLRows.double(cells[1]))
                {
                    total += 1
                }
            }
            return total
        }
    }

    /// A nearest first page is read with its count: one nearest-first scan
    /// of the count's candidates (`count(matching:upTo:)`) holds the page too.
    func page(_ query: ReportPageQuery, countingUpTo limit: Int) async throws -> CountedReportPage {
        if query.filter.sort == .nearest, query.after == nil, let area = query.filter.area,
            let counted = try await firstNearestPage(query, area: area, countingUpTo: limit)
        {
            return counted
        }
        return try await pageAndCountSeparately(query, upTo: limit)
    }

    /// The candidates nearest first, as many as the count needs (or the page,
    /// if more), tested in Swift. Every row nearer than the scan's last
    /// distance has been read, so the page is decided when enough of those
    /// pass; nil when not (many reports at the last distance), and the page
    /// is then read on its own.
    private func firstNearestPage(
        _ query: ReportPageQuery, area: SearchArea, countingUpTo limit: Int
    ) async throws -> CountedReportPage? {
        var builder = Self.filterSQL(query.filter, sphereDistance: false)
        let distance = "(place <-> \(builder.centre ?? "NULL"))"
        let asked = max(limit, query.limit + 1 + Self.nearestTieAllowance)
        let sql = """
            SELECT \(PostgreSQLRows.announcementSelectList), \(distance) FROM announcements
            WHERE \(builder.sql) ORDER BY \(distance) LIMIT \(builder.bind(asked))
            """
        let binds = builder.binds
        let read = try await withBitmapScansOff { connection in
            try await Self.rows(sql, binds, on: connection, logger: queryLogger) { row, id in
                .distance(try PostgreSQLRows.double(row[Self.keyColumn]), id: id)
            }
        }
        let inside = read.filter {
            area.contains(latitude: $0.announcement.locationLatitude, longitude: $0.announcement.locationLongitude)
        }
        let decided = Self.settled(inside, batch: read, asked: asked)
        guard decided.count > query.limit || read.count < asked else { return nil }
        let shown = decided.prefix(query.limit)
        let page = ReportPage(
            announcements: shown.map(\.announcement), next: decided.count > query.limit ? shown.last?.key : nil)
        return CountedReportPage(page: page, total: min(inside.count, limit))
    }

    /// Runs `body` in a transaction whose plans take no bitmap scans. Where
    /// the planner expects fewer rows than a nearest-first scan's bound it
    /// would read the whole circle through a bitmap and sort it; the index's
    /// nearest-first scan stops at the bound.
    private func withBitmapScansOff<T: Sendable>(
        _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let logger = queryLogger
        return try await PostgreSQLTransaction.run(client, logger: logger) { connection in
            try await connection.query("SET LOCAL enable_bitmapscan = off", logger: logger)
            return try await body(connection)
        }
    }

    /// Up to `count` rows of the area nearest first, after `after`, for
    /// `ReportPageScan`. The GiST index hands rows out by distance alone
    /// (`ORDER BY place <-> centre`: a nearest-first scan that reads only the
    /// rows it returns), so ties are put in id order here, and a full batch
    /// is cut before its last distance, which may continue past it. A batch
    /// that is all one distance (many reports at one spot) is read again in
    /// the exact order by distance then id, which reads the whole area.
    private func nearestRows(
        _ filter: ReportFilter, area: SearchArea, after: ReportPageKey?, count: Int
    ) async throws -> [ReportPageScan.Row] {
        var builder = Self.filterSQL(filter)
        let distance = "(place <-> \(builder.centre ?? "NULL"))"
        var afterKey: (distance: Double, id: String)?
        if case .distance(let lastDistance, let id) = after {
            afterKey = (lastDistance, id)
            builder.sql += " AND \(distance) >= \(builder.bind(lastDistance))"
        }
        let asked = count + Self.nearestTieAllowance
        let sql = """
            SELECT \(PostgreSQLRows.announcementSelectList), \(distance) FROM announcements
            WHERE \(builder.sql) ORDER BY \(distance) LIMIT \(builder.bind(asked))
            """
        let read = try await rows(sql, builder.binds) { row, id in
            .distance(try PostgreSQLRows.double(row[Self.keyColumn]), id: id)
        }
        let afterwards = read.filter { row in
            afterKey.map { Self.precedes($0, Self.distanceKey(row)) } ?? true
        }
        let settled = Self.settled(afterwards, batch: read, asked: asked)
        if settled.count >= count || read.count < asked { return Array(settled.prefix(count)) }

        var exact = Self.filterSQL(filter)
        let exactDistance = "(place <-> \(exact.centre ?? "NULL"))"
        if let afterKey {
            exact.sql +=
                " AND (\(exactDistance), id COLLATE \"C\") > (\(exact.bind(afterKey.distance)), \(exact.bind(afterKey.id)))"
        }
        let exactSQL = """
            SELECT \(PostgreSQLRows.announcementSelectList), \(exactDistance) FROM announcements
            WHERE \(exact.sql) ORDER BY \(exactDistance), id COLLATE "C" LIMIT \(exact.bind(count))
            """
        return try await rows(exactSQL, exact.binds) { row, id in
            .distance(try PostgreSQLRows.double(row[Self.keyColumn]), id: id)
        }
    }

    /// Rows beyond a batch's page, in case its last distance is shared.
    private static let nearestTieAllowance = 16

    /// `rows`, taken from a nearest-first `batch`, in page order (distance,
    /// then id), without those at the batch's last distance when the batch
    /// was full: more at that distance may follow it.
    private static func settled(
        _ rows: [ReportPageScan.Row], batch: [ReportPageScan.Row], asked: Int
    ) -> [ReportPageScan.Row] {
        var settled = rows
        if batch.count == asked, let last = batch.last.map(distanceKey) {
            settled.removeAll { distanceKey($0).distance >= last.distance }
        }
        return settled.sorted { precedes(distanceKey($0), distanceKey($1)) }
    }

    private static func distanceKey(_ row: ReportPageScan.Row) -> (distance: Double, id: String) {
        guard case .distance(let distance, let id) = row.key else { return (0, row.announcement.id) }
        return (distance, id)
    }

    /// Distance, then id by its bytes (`COLLATE "C"`).
    private static func precedes(_ lhs: (distance: Double, id: String), _ rhs: (distance: Double, id: String)) -> Bool {
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
    }

    /// Runs a page query whose last column is the sort key.
    private func rows(
        _ sql: String, _ binds: PostgresBindings,
        key: (PostgresRandomAccessRow, String) throws -> ReportPageKey
    ) async throws -> [ReportPageScan.Row] {
        let rows = try await client.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: queryLogger)
        return try Self.rows(rows.collect(), key: key)
    }

    private static func rows(
        _ sql: String, _ binds: PostgresBindings, on connection: PostgresConnection, logger: Logger,
        key: (PostgresRandomAccessRow, String) throws -> ReportPageKey
    ) async throws -> [ReportPageScan.Row] {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
        return try Self.rows(try await rows.collect(), key: key)
    }

    private static func rows(
        _ rows: [PostgresRow], key: (PostgresRandomAccessRow, String) throws -> ReportPageKey
    ) throws -> [ReportPageScan.Row] {
        var result: [ReportPageScan.Row] = []
        result.reserveCapacity(rows.count)
        for row in rows {
            let announcement = try PostgreSQLRows.announcement(from: row)
            result.append(
                ReportPageScan.Row(announcement: announcement, key: try key(row.makeRandomAccess(), announcement.id)))
        }
        return result
    }

    /// The key that signs page cursors: the first process to ask stores it;
    /// every other reads that one (the insert waits for a concurrent one).
    func cursorKey() async throws -> Data {
        var fresh = Data(count: 32)
        for index in fresh.indices { fresh[index] = UInt8.random(in: .min ... .max) }
        try await client.query(
            """
            INSERT INTO petspot_secrets (name, value) VALUES ('cursor-key', \(fresh))
            ON CONFLICT (name) DO NOTHING
            """, logger: queryLogger)
        let rows = try await client.query(
            "SELECT value FROM petspot_secrets WHERE name = 'cursor-key'", logger: queryLogger
        ).collect()
        guard let key = try rows.first?.decode(Data.self) else { throw ReportPageError.noCursorKey }
        return key
    }

    /// SQL text with `$n` placeholders and their values.
    private struct QueryBuilder {
        var sql = "true"
        var binds = PostgresBindings()
        /// The area's centre as a geography, when there is an area.
        var centre: String?

        mutating func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
    }

    /// - Parameter sphereDistance: whether the area's condition measures the
    ///   sphere's distance after the index's box test; without, rows in the
    ///   box's corners are left to Swift's exact test.
    private static func filterSQL(_ filter: ReportFilter, sphereDistance: Bool = true) -> QueryBuilder {
        var builder = QueryBuilder()
        if let status = filter.status {
            builder.sql += " AND status = \(builder.bind(status))"
        }
        if let species = filter.species {
            builder.sql += " AND species = \(builder.bind(species))"
        }
        if let search = filter.search {
            let needle = builder.bind(search)
            builder.sql +=
                " AND (strpos(petspot_fold(pet_name), \(needle)) > 0 OR strpos(petspot_fold(breed), \(needle)) > 0)"
        }
        if let area = filter.area {
            let centre =
                "ST_SetSRID(ST_MakePoint(\(builder.bind(area.longitude)), \(builder.bind(area.latitude))), 4326)::geography"
            builder.centre = centre
            let metres = builder.bind(searchMetres(radiusKilometres: area.radiusKilometres))
            // ST_DWithin(place, centre, metres, false) written out: the GiST
            // index's box test, then the sphere's distance. The planner
            // estimates the function's rows at a handful even where thousands
            // match, and would then never take the index's nearest-first order.
            builder.sql += " AND place && _ST_Expand(\(centre), \(metres))"
            if sphereDistance { builder.sql += " AND (place <-> \(centre)) <= \(metres)" }
        }
        return builder
    }
}
