// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("Decoding at scale")
struct DecodingAtScaleTests {
    /// Correctness at the size the list view is built for; speed is `make bench`'s job.
    @Test("100 000 announcements decode, none lost, ids intact")
    func hundredThousand() throws {
        let item = Fixtures.wireItem().serialized
        var text = "{\"data\": ["
        text.reserveCapacity(item.count * 100_000 + 64)
        for index in 0..<100_000 {
            if index > 0 { text += "," }
            text += item.replacingOccurrences(of: "\"id\":\"a1\"", with: "\"id\":\"id-\(index)\"")
        }
        text += "]}"
        let body = Data(text.utf8)

        let result = try Fixtures.decoder().decodeList(from: body)

        #expect(result.announcements.count == 100_000)
        #expect(result.skipped.isEmpty)
        #expect(result.announcements.first?.id == "id-0")
        #expect(result.announcements.last?.id == "id-99999")
    }
}
