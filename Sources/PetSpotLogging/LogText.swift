// SPDX-License-Identifier: GPL-3.0-or-later

extension String {
    /// The text as one safe log line: control characters (C0, DEL, C1), line
    /// and paragraph separators and bidirectional overrides written as
    /// `\u{…}`, so text from the network can neither forge a line nor drive
    /// the terminal; and at most `maxCharacters`, the rest counted.
    public func escapedForLog(maxCharacters: Int = 2_000) -> String {
        if utf8.count <= maxCharacters, utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return self }
        var escaped = ""
        var kept = 0
        for scalar in unicodeScalars {
            guard kept < maxCharacters else {
                escaped += "… (\(utf8.count) bytes in all)"
                break
            }
            if scalar.needsLogEscape {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
            kept += 1
        }
        return escaped
    }
}

extension Unicode.Scalar {
    fileprivate var needsLogEscape: Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F: true  // C0, DEL, C1 (C1 0x9B is a terminal's CSI)
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
        default: false
        }
    }
}
