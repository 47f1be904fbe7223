// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import FuzzSupport
import JSONKit
import Logging
import PetSpotDomain

@testable import PetSpotClient

// A list body, in either shape: `{"data": [...]}` or `{"announcements": [...]}`
// with nested `location` (the seeds hold both). Whatever the bytes, decoding
// returns or throws, and every announcement it returns is one the app may show.

@_cdecl("LLVMFuzzerTestOneInput")
public func decodeListFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(fuzzBytes(data, size))
    let decoded = try? AnnouncementDecoder.fuzzing.decodeList(from: body)
    // However the body is cut into pieces and network reads, the answer is the same.
    let cut = body.first.map { Int($0 % 16) + 1 } ?? 1
    let reader = AnnouncementDecoder.fuzzing.listReader(pieceBytes: cut)
    var start = body.startIndex
    let inPieces = try? { () throws(AnnouncementDecodingError) -> AnnouncementListDecoding in
        while start < body.endIndex {
            let end = body.index(start, offsetBy: cut + 2, limitedBy: body.endIndex) ?? body.endIndex
            try reader.read(body[start..<end])
            start = end
        }
        return try reader.finish()
    }()
    require(inPieces?.announcements == decoded?.announcements, "pieces of \(cut) bytes decode differently")
    require(inPieces?.skipped.map(\.index) == decoded?.skipped.map(\.index), "pieces of \(cut) bytes skip differently")
    // Nothing that is not JSON is read as a list.
    if decoded != nil {
        require(
            (try? JSONDocument(parsing: body, options: .nullForUnreadableScalars)) != nil,
            "a body that is not JSON was decoded")
    }
    guard let list = decoded else { return 0 }
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
