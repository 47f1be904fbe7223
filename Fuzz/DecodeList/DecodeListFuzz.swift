// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import FuzzSupport
import Logging
import PetSpotDomain

@testable import PetSpotClient

// A list body, in either shape: `{"data": [...]}` or `{"announcements": [...]}`
// with nested `location` (the seeds hold both). Whatever the bytes, decoding
// returns or throws, and every announcement it returns is one the app may show.

@_cdecl("LLVMFuzzerTestOneInput")
public func decodeListFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(fuzzBytes(data, size))
    guard let list = try? AnnouncementDecoder.fuzzing.decodeList(from: body) else { return 0 }
    list.announcements.forEach(requireShowable)
    // One announcement per id.
    require(Set(list.announcements.map(\.id)).count == list.announcements.count, "an id shown twice")
    // Each item is judged once, in order.
    let indexes = list.skipped.map(\.index)
    require(indexes.first.map { $0 >= 0 } ?? true, "negative index of a skipped item")
    require(zip(indexes, indexes.dropFirst()).allSatisfy { $0 < $1 }, "skipped indexes out of order: \(indexes)")
    return 0
}

@main
enum DecodeListFuzz {
    static func main() { runLibFuzzer(decodeListFuzz) }
}
