import Foundation

extension String {
    /// Trimmed of surrounding whitespace (Unicode White_Space: what
    /// `.whitespacesAndNewlines` holds); `nil` when nothing is left. No
    /// allocation for the usual already-clean string, and no trip through
    /// NSString for the others (`trimmingCharacters(in:)` took 40 % of decoding
    /// 100 000 reports whose descriptions ended in a space). Shared by the
    /// client's validation and the presentation's search, hence `package`.
    package var trimmedNonEmpty: String? {
        // Most values start and end with a visible ASCII character: keep them
        // as they are without walking scalars.
        if let first = utf8.first, let last = utf8.last, first.isVisibleASCII, last.isVisibleASCII {
            return self
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isTrimmedSpace }),
              let last = scalars.lastIndex(where: { !$0.isTrimmedSpace })
        else { return nil }
        if start == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[start...last])
    }
}

private extension UInt8 {
    var isVisibleASCII: Bool { self > 0x20 && self < 0x7F }
}

private extension Unicode.Scalar {
    /// White_Space, with the ASCII answer at hand (the property lookup is not free).
    var isTrimmedSpace: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}
