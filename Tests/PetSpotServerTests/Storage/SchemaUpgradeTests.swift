// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain
import PetSpotServer
import Testing

@Suite("A database from before reports could be created")
struct SchemaUpgradeTests {
    @Test("keeps its reports, takes new ones, and its old reports have no password")
    func upgraded() async throws {
        try await ServerFixture.with(configure: { configuration, directory in
            // The file as the first version of the server left it.
            let path = directory.appendingPathComponent("old.sqlite").path
            configuration.database = .sqlite(path: path)
            let old = try DatabaseQueue(path: path)
            try old.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                        INSERT INTO grdb_migrations VALUES ('v1-announcements');
                        CREATE TABLE announcements (
                            storage_order INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, pet_name TEXT,
                            species TEXT NOT NULL, breed TEXT, sex TEXT NOT NULL, age INTEGER, description TEXT,
                            microchip_number TEXT, latitude REAL NOT NULL, longitude REAL NOT NULL,
                            last_seen_date TEXT NOT NULL, email TEXT, phone TEXT, photo_url TEXT,
                            status TEXT NOT NULL, reward TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
                        CREATE INDEX announcements_by_latitude ON announcements(latitude);
                        INSERT INTO announcements (id, species, sex, microchip_number, latitude, longitude,
                            last_seen_date, email, status, created_at, updated_at)
                        VALUES ('old', 'DOG', 'MALE', '981000000000001', 52.0, 21.0, '2026-11-01',
                            'a@example.org', 'MISSING', '2026-11-01T10:00:00Z', '2026-11-01 10:00:00');
                        """)
            }
            try old.close()
        }) { fixture in
            #expect(try await fixture.get("/api/v1/announcements/old").status == 200)
            let conflict = try await fixture.create(.valid)  // its microchip is the old report's
            #expect(conflict.status == 409)
            let (_, id, _) = try await fixture.createReport(.minimal)
            #expect(
                try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data.map(\.id)
                    == ["old", id])
            let upload = try await fixture.send(
                "/api/v1/announcements/old/photos", body: PhotoUploadTests.photo(TestImages.png),
                contentType: PhotoUploadTests.multipartType,
                headers: [("Authorization", PhotoUploadTests.basic("a", "123456"))])
            #expect(upload.status == 401)
        }
    }
}
