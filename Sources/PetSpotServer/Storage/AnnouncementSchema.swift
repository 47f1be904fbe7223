import GRDB
import PetSpotDomain

/// The SQLite schema, versioned with GRDB migrations so that later issues (posting
/// announcements, photos) can add to it without breaking existing databases.
enum AnnouncementSchema {
    static let tableName = "announcements"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-announcements") { db in
            // `storage_order` is the rowid: list responses follow insertion order,
            // the "storage order" the contract lets servers return.
            try db.execute(sql: """
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
        return migrator
    }
}
