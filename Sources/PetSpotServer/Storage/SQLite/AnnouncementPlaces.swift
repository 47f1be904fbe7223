// SPDX-License-Identifier: GPL-3.0-or-later

import GRDB

/// The SQLite spatial index of reports' places: an R*Tree virtual table with
/// one entry per report, keyed by the report's `storage_order` (its rowid),
/// whose box is the report's point (minimum = maximum). Triggers on
/// `announcements` keep it in step with every insert, update and delete,
/// whatever statement makes them, so no write path can leave it behind
/// (decision 0074).
///
/// The R*Tree stores 32-bit floats, rounding each minimum down and each
/// maximum up, so an entry's box always contains the exact point; it is only
/// a filter. Each entry also carries the report's exact `latitude` and
/// `longitude`, its `status` and `species` (auxiliary columns, decision
/// 0076), so a region's pages and counts filter and measure its reports
/// without reading the table.
enum AnnouncementPlaces {
    static let tableName = "announcement_places"

    /// Creates the R*Tree and its triggers, fills it from the rows already
    /// stored, and drops the latitude index it replaces.
    static func create(in db: Database) throws {
        // A row's storage order only changes by an explicit UPDATE of it
        // (upserts keep it), which the update trigger follows; `OR REPLACE`
        // lets an insert reuse the rowid of a row deleted in a way that fires
        // no trigger (`INSERT OR REPLACE` without recursive triggers).
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE announcement_places USING rtree(
                    storage_order, min_latitude, max_latitude, min_longitude, max_longitude,
                    +latitude, +longitude, +status, +species
                );
                CREATE TRIGGER announcement_places_after_insert AFTER INSERT ON announcements
                BEGIN
                    INSERT OR REPLACE INTO announcement_places VALUES (\(entry("new")));
                END;
                CREATE TRIGGER announcement_places_after_update
                AFTER UPDATE OF storage_order, latitude, longitude, status, species ON announcements
                BEGIN
                    DELETE FROM announcement_places WHERE storage_order = old.storage_order;
                    INSERT OR REPLACE INTO announcement_places VALUES (\(entry("new")));
                END;
                CREATE TRIGGER announcement_places_after_delete AFTER DELETE ON announcements
                BEGIN
                    DELETE FROM announcement_places WHERE storage_order = old.storage_order;
                END;
                INSERT INTO announcement_places SELECT \(entry("announcements")) FROM announcements;
                DROP INDEX IF EXISTS announcements_by_latitude;
                """)
    }

    /// A file made before the auxiliary columns: its R*Tree and triggers are
    /// made again (a virtual table's columns cannot be altered).
    static func recreate(in db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER IF EXISTS announcement_places_after_insert;
                DROP TRIGGER IF EXISTS announcement_places_after_update;
                DROP TRIGGER IF EXISTS announcement_places_after_delete;
                DROP TABLE IF EXISTS announcement_places;
                """)
        try create(in: db)
    }

    /// An entry's values from a row of `announcements` named `row`.
    private static func entry(_ row: String) -> String {
        [
            "storage_order", "latitude", "latitude", "longitude", "longitude", "latitude", "longitude", "status",
            "species",
        ]
        .map { "\(row).\($0)" }.joined(separator: ", ")
    }

    /// The entries inside `box` (with this status and species, when given) as
    /// `storage_order, latitude, longitude` rows, read from the R*Tree alone.
    static func entries(
        inside box: BoundingBox, status: String?, species: String?
    ) -> (sql: String, arguments: StatementArguments) {
        var filters = ""
        var filterArguments: StatementArguments = []
        if let status {
            filters += " AND status = ?"
            filterArguments += [status]
        }
        if let species {
            filters += " AND species = ?"
            filterArguments += [species]
        }
        return searches(inside: box, columns: "storage_order, latitude, longitude", filters: (filters, filterArguments))
    }

    /// A condition on `announcements` (a `WHERE` term) that holds for every
    /// row inside `box`, and for few others, answered by the R*Tree: the
    /// storage orders of the entries overlapping the box. A box across ±180°
    /// is two longitude ranges, so two R*Tree searches joined by `UNION ALL`
    /// (an `OR` inside one search would make SQLite scan the whole tree).
    /// As an `IN` list SQLite keeps the storage orders sorted and reads each
    /// row by its rowid, so rows come out in storage order without a sort.
    static func condition(inside box: BoundingBox) -> (sql: String, arguments: StatementArguments) {
        let (search, arguments) = searches(inside: box, columns: "storage_order", filters: ("", []))
        return ("storage_order IN (\(search))", arguments)
    }

    /// One R*Tree search of `box`, or two joined by `UNION ALL` across ±180°.
    private static func searches(
        inside box: BoundingBox, columns: String, filters: (sql: String, arguments: StatementArguments)
    ) -> (sql: String, arguments: StatementArguments) {
        let latitudes = "max_latitude >= ? AND min_latitude <= ?"
        let latitudeArguments: StatementArguments = [box.minimumLatitude, box.maximumLatitude]
        let search = "SELECT \(columns) FROM announcement_places WHERE \(latitudes)"
        let longitudes = " AND max_longitude >= ? AND min_longitude <= ?"
        switch box.longitudes {
        case .all:
            return (search + filters.sql, latitudeArguments + filters.arguments)
        case .between(let west, let east):
            var arguments = latitudeArguments
            arguments += [west, east]
            return (search + longitudes + filters.sql, arguments + filters.arguments)
        case .wrapping(let eastOf, let westOf):
            var arguments = latitudeArguments
            arguments += [eastOf, 180.0]
            arguments += filters.arguments
            arguments += latitudeArguments
            arguments += [-180.0, westOf]
            arguments += filters.arguments
            let one = search + longitudes + filters.sql
            return ("\(one) UNION ALL \(one)", arguments)
        }
    }
}
