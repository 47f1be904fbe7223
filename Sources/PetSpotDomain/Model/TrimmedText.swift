// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

extension String {
    /// Trimmed of surrounding whitespace (Unicode White_Space: what
    /// `.whitespacesAndNewlines` holds); `nil` when nothing is left. No
    /// allocation for the usual already-clean string, and no trip through
    /// NSString for the others (`trimmingCharacters(in:)` took 40 % of decoding
    /// 100 000 reports whose descriptions ended in a space). Shared by the
    /// client's validation and the presentation's search, hence `package`.
    package var trimmedNonEmpty: String? {
        // ASCII at both ends (nearly every value): trim bytes, not scalars.
        let bytes = utf8
        if let start = bytes.firstIndex(where: { !$0.isASCIISpace }), bytes[start] < 0x80,
            let last = bytes.lastIndex(where: { !$0.isASCIISpace }), bytes[last] < 0x80
        {
            if start == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return self }
            return String(Substring(bytes[start...last]))
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isTrimmedSpace }),
            let last = scalars.lastIndex(where: { !$0.isTrimmedSpace })
        else { return nil }
        if start == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[start...last])
    }
}

extension UInt8 {
    /// The ASCII White_Space characters: space, tab, LF, VT, FF, CR.
    fileprivate var isASCIISpace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
}

extension Unicode.Scalar {
    /// White_Space, with the ASCII answer at hand (the property lookup is not free).
    fileprivate var isTrimmedSpace: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}
