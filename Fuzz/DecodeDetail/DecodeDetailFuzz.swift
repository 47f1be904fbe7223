// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import FuzzSupport
import Logging
import PetSpotDomain

@testable import PetSpotClient

// A details body: one bare announcement object. What it yields must be
// showable, and the same object as the only item of a list must decode to
// the same announcement (one validator for both endpoints).

@_cdecl("LLVMFuzzerTestOneInput")
public func decodeDetailFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let decoder = AnnouncementDecoder.fuzzing
    guard let announcement = try? decoder.decodeDetail(from: Data(bytes)) else { return 0 }
    requireShowable(announcement)
    // The wrapped body may fail where the bare one did not (two more levels of
    // nesting); when it decodes, it must agree.
    let wrapped = Data(Array(#"{"data":["#.utf8) + bytes + Array("]}".utf8))
    if let list = try? decoder.decodeList(from: wrapped) {
        require(list.announcements == [announcement], "list of the detail body disagrees: \(list.announcements)")
    }
    return 0
}

@main
enum DecodeDetailFuzz {
    static func main() { runLibFuzzer(decodeDetailFuzz) }
}
