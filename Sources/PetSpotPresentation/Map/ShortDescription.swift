// SPDX-License-Identifier: GPL-3.0-or-later

/// A description short enough for a map popover: whitespace runs (newlines
/// included) become single spaces, and text longer than the limit is cut at
/// the last word boundary within it, with "…".
enum ShortDescription {
    static let characterLimit = 140

    static func make(from description: String?, limit: Int = characterLimit) -> String? {
        guard let description else { return nil }
        let words = description.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        let text = words.joined(separator: " ")
        guard text.count > limit else { return text }

        var kept = text.prefix(limit)
        let endsOnWordBoundary = text[kept.endIndex] == " "
        // A cut mid-word reads as a typo; only a word longer than half the
        // limit is cut where it must be.
        if !endsOnWordBoundary, let lastSpace = kept.lastIndex(of: " "),
            kept.distance(from: kept.startIndex, to: lastSpace) >= limit / 2
        {
            kept = kept[..<lastSpace]
        }
        // "…" after a comma or a full stop looks like a mistake.
        while let last = kept.last, last.isWhitespace || last.isPunctuation {
            kept = kept.dropLast()
        }
        return String(kept) + "…"
    }
}
