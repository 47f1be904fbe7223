// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("A photo upload that fails leaves nothing behind")
struct PhotoUploadFailureTests {
    @Test("when the database refuses the photo, the request fails and its file is gone from the images folder")
    func databaseRefusal() async throws {
        try await ServerFixture.with { fixture in
            let (_, id, password) = try await fixture.createReport()
            // Every later change to a report's photo fails, as a full disk or a broken database would.
            try await DatabaseQueue(path: fixture.databasePath).write { db in
                try db.execute(
                    sql: """
                        CREATE TRIGGER refuse_photos BEFORE UPDATE OF photo_url ON announcements
                        BEGIN SELECT RAISE(ABORT, 'no photos today'); END
                        """)
            }
            let response = try await fixture.send(
                "/api/v1/announcements/\(id)/photos", body: PhotoUploadTests.photo(TestImages.png),
                contentType: PhotoUploadTests.multipartType,
                headers: [("Authorization", PhotoUploadTests.basic("petspot", password))])
            #expect(response.status == 500, "\(response.text)")
            let files = try FileManager.default.contentsOfDirectory(atPath: fixture.imagesDirectory.path)
            #expect(files.isEmpty, "\(files)")
        }
    }
}
