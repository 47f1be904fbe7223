// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("List body encoding")
struct AnnouncementListEncoderTests {
    @Test(
        "chunked encoding produces the same JSON as one encoder pass",
        arguments: [
            0, 1, AnnouncementListEncoder.chunkSize, AnnouncementListEncoder.chunkSize + 1,
            3 * AnnouncementListEncoder.chunkSize + 7,
        ])
    func sameAsSinglePass(count: Int) async throws {
        let announcements = (0..<count).map {
            SampleAnnouncements.make(id: "pet-\($0)", petName: $0 % 3 == 0 ? nil : "Pet \($0)")
        }
        let chunked = try await AnnouncementListEncoder.body(for: announcements)
        let single = try JSONResponse.makeEncoder().encode(WireAnnouncementList(data: announcements))
        #expect(Data(chunked.readableBytesView) == single)
    }
}
