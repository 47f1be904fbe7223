// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

/// HTTP Basic on a photo upload: only the password is checked, so any user
/// name is accepted, the empty one included.
@Suite("HTTP Basic takes any user name")
struct BasicUserNameTests {
    @Test("an empty user name with the right password adds the photo", arguments: StorageEngineUnderTest.all)
    func emptyUserName(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let response = try await fixture.send(
                "/api/v1/announcements/\(id)/photos", body: PhotoUploadTests.photo(TestImages.png),
                contentType: PhotoUploadTests.multipartType,
                headers: [("Authorization", PhotoUploadTests.basic("", password))])
            #expect(response.status == 201, "\(response.text)")
        }
    }
}
