// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A request's `Range: bytes=…` header, as RFC 9110 §14 reads it, for one
/// range only: a client asking for several gets the whole photo (as allowed).
enum ByteRange: Equatable {
    /// `bytes=FIRST-` or `bytes=FIRST-LAST`.
    case from(Int, through: Int?)
    /// `bytes=-COUNT`: the last COUNT bytes.
    case suffix(Int)

    /// Nil when the header is not one range of bytes: it is then ignored.
    init?(header: String) {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = value.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        func number(_ text: Substring) -> Int? {
            guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int(text)  // nil past Int.max
        }
        if first.isEmpty {
            guard let count = number(last) else { return nil }
            self = .suffix(count)
        } else {
            guard let start = number(first) else { return nil }
            if last.isEmpty {
                self = .from(start, through: nil)
            } else {
                guard let end = number(last), end >= start else { return nil }
                self = .from(start, through: end)
            }
        }
    }

    /// The bytes asked for within a file of `size` bytes; nil when none of
    /// them exist (`416`).
    func bytes(inFileOf size: Int) -> ClosedRange<Int>? {
        switch self {
        case .from(let start, let end):
            guard start < size else { return nil }
            return start...min(end ?? size - 1, size - 1)
        case .suffix(let count):
            guard count > 0, size > 0 else { return nil }
            return max(size - count, 0)...(size - 1)
        }
    }
}
