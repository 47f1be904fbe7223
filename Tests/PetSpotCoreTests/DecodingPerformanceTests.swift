import Foundation
import Testing
import PetSpotCore

@Suite("Decoding speed")
struct DecodingPerformanceTests {
    @Test("100 000 announcements decode in a few seconds")
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

        let clock = ContinuousClock()
        let start = clock.now
        let result = try Fixtures.decoder().decodeList(from: body)
        let elapsed = clock.now - start

        #expect(result.announcements.count == 100_000)
        // Generous for a debug build on two shared cores; release is far faster.
        #expect(elapsed < .seconds(20), "took \(elapsed)")
        print("Decoded 100 000 announcements in \(elapsed)")
    }
}
