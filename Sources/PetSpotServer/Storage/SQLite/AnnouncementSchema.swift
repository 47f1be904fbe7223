// SPDX-License-Identifier: GPL-3.0-or-later

import GRDB
import PetSpotDomain

/// The SQLite schema, versioned with GRDB migrations so that new columns and
/// tables (reports' passwords, photos, sightings) are added without breaking existing databases.
enum AnnouncementSchema {
    static let tableName = "announcements"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-announcements") { db in
            // `storage_order` is the rowid: list responses follow insertion order,
            // the "storage order" the contract lets servers return.
            try db.execute(
                sql: """
                    CREATE TABLE announcements (
                        storage_order INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        pet_name TEXT,
                        species TEXT NOT NULL,
                        breed TEXT,
                        sex TEXT NOT NULL,
                        age INTEGER,
                        description TEXT,
                        microchip_number TEXT,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL,
                        last_seen_date TEXT NOT NULL,
                        email TEXT,
                        phone TEXT,
                        photo_url TEXT,
                        status TEXT NOT NULL,
                        reward TEXT,
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    );
                    CREATE INDEX announcements_by_latitude ON announcements(latitude);
                    """)
        }
        migrator.registerMigration("v2-report-credentials") { db in
            // Reports created through the API: the hash of each one's management
            // password, with the parameters it was made with. Seeded reports have
            // no row here, so nobody can manage them. Deleting a report deletes
            // its row (GRDB turns foreign keys on).
            try db.execute(
                sql: """
                    CREATE TABLE report_credentials (
                        announcement_id TEXT PRIMARY KEY NOT NULL
                            REFERENCES announcements(id) ON DELETE CASCADE,
                        algorithm TEXT NOT NULL,
                        iterations INTEGER NOT NULL,
                        salt BLOB NOT NULL,
                        derived_key BLOB NOT NULL
                    );
                    CREATE INDEX announcements_by_microchip ON announcements(microchip_number)
                        WHERE microchip_number IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v3-sightings") { db in
            // What people saw of a report's pet (§4.10). `storage_order` breaks
            // ties between equal times; deleting a report deletes its sightings.
            try db.execute(
                sql: """
                    CREATE TABLE sightings (
                        storage_order INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        announcement_id TEXT NOT NULL
                            REFERENCES announcements(id) ON DELETE CASCADE,
                        seen_at TEXT NOT NULL,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL,
                        note TEXT,
                        contact TEXT,
                        created_at TEXT NOT NULL
                    );
                    CREATE INDEX sightings_by_report ON sightings(announcement_id, seen_at);
                    """)
        }
        migrator.registerMigration("v5-announcement-places") { db in
            try AnnouncementPlaces.create(in: db)
        }
        migrator.registerMigration("v6-report-pages") { db in
            // Paged lists (`SQLiteReportPages`): `created_ms` is `created_at` in
            // milliseconds since 1970, so timestamps written with and without
            // fractions or with zone offsets sort by the time they name (an
            // unreadable one sorts before every other); the indexes serve the
            // keyset order with and without a status. `petspot_secrets` holds
            // the key that signs page cursors.
            try db.execute(
                sql: """
                    ALTER TABLE announcements ADD COLUMN created_ms INTEGER GENERATED ALWAYS AS (
                        coalesce(CAST(round((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER),
                            -9007199254740991)
                    ) VIRTUAL;
                    CREATE INDEX announcements_by_created ON announcements(created_ms, id);
                    CREATE INDEX announcements_by_status_created ON announcements(status, created_ms, id);
                    CREATE TABLE petspot_secrets (
                        name TEXT PRIMARY KEY NOT NULL,
                        value BLOB NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v7-announcement-places-columns") { db in
            try AnnouncementPlaces.recreate(in: db)
        }
        return migrator
    }
}
