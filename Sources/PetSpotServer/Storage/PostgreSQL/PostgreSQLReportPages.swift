// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PostgresNIO

/// Paged lists on PostgreSQL. Newest and oldest walk the `(created_ms, id)`
/// indexes from the last page's key (keyset, never an offset); nearest walks
/// the GiST index by `place <-> centre` (the sphere's distance) from the last
/// page's distance. SQL filters by status, species, the search (folded by
/// `petspot_fold`) and the area through `ST_DWithin`; Swift then applies the
/// area's exact Haversine test, as `announcements(in:)` does.
extension PostgreSQLReportDatabase {
    /// The column after `PostgreSQLRows.announcementSelectList`'s 18.
    private static let keyColumn = 18

    func page(_ query: ReportPageQuery) async throws -> ReportPage {
        let filter = query.filter
        if filter.sort == .nearest, filter.area == nil { throw ReportPageError.nearestWithoutArea }
        return try await ReportPageScan.page(limit: query.limit, after: query.after) { after, count in
            var builder = Self.filterSQL(filter)
            let keyExpression: String
            let order: String
            switch filter.sort {
            case .newest:
                keyExpression = "created_ms"
                order = "created_ms DESC, id DESC"
            case .oldest:
                keyExpression = "created_ms"
                order = "created_ms, id"
            case .nearest:
                keyExpression = "place <-> \(builder.centre ?? "NULL")"
                order = "\(keyExpression), id"
            }
            switch after {
            case .created(let milliseconds, let id):
                let comparison = filter.sort == .newest ? "<" : ">"
                builder.sql +=
                    " AND (created_ms, id) \(comparison) (\(builder.bind(milliseconds)), \(builder.bind(id)))"
            case .distance(let distance, let id):
                builder.sql += " AND (\(keyExpression), id) > (\(builder.bind(distance)), \(builder.bind(id)))"
            case nil:
                break
            }
            let sql = """
                SELECT \(PostgreSQLRows.announcementSelectList), \(keyExpression) FROM announcements
                WHERE \(builder.sql) ORDER BY \(order) LIMIT \(builder.bind(count))
                """
            let rows = try await client.query(PostgresQuery(unsafeSQL: sql, binds: builder.binds), logger: queryLogger)
            var result: [ReportPageScan.Row] = []
            for try await row in rows {
                let announcement = try PostgreSQLRows.announcement(from: row)
                let keyCell = row.makeRandomAccess()[Self.keyColumn]
                let key: ReportPageKey =
                    filter.sort == .nearest
                    ? .distance(try PostgreSQLRows.double(keyCell), id: announcement.id)
                    : .created(milliseconds: try keyCell.decode(Int64.self), id: announcement.id)
                result.append(ReportPageScan.Row(announcement: announcement, key: key))
            }
            return result
        } accept: { announcement in
            filter.area?.contains(
                latitude: announcement.locationLatitude, longitude: announcement.locationLongitude) ?? true
        }
    }

    /// How many reports the filter matches, on every page together. With an
    /// area, the candidates' coordinates are read and tested in Swift.
    func count(matching filter: ReportFilter) async throws -> Int {
        let builder = Self.filterSQL(filter)
        guard let area = filter.area else {
            let rows = try await client.query(
                PostgresQuery(
                    unsafeSQL: "SELECT count(*) FROM announcements WHERE \(builder.sql)", binds: builder.binds),
                logger: queryLogger
            ).collect()
            return try rows.first?.decode(Int.self) ?? 0
        }
        let rows = try await client.query(
            PostgresQuery(
                unsafeSQL: "SELECT latitude, longitude FROM announcements WHERE \(builder.sql)", binds: builder.binds),
            logger: queryLogger)
        var total = 0
        for try await row in rows {
            let cells = row.makeRandomAccess()
            if area.contains(
                latitude: try PostgreSQLRows.double(cells[0]), longitude: try PostgreSQLRows.double(cells[1]))
            {
                total += 1
            }
        }
        return total
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

    private static func filterSQL(_ filter: ReportFilter) -> QueryBuilder {
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
            builder.sql += " AND ST_DWithin(place, \(centre), \(metres), false)"
        }
        return builder
    }
}
