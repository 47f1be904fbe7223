// SPDX-License-Identifier: GPL-3.0-or-later

import JSONKit

/// How much of each text field a body may bring in (docs/LIMITS.md,
/// docs/decisions/0024). Backends send names under 100 characters and
/// descriptions under 1 000; a hostile one can send megabytes, which cost the window seconds of
/// layout and gigabytes of memory. Only the part kept is ever copied out of the
/// parsed body.
enum WireTextLimit {
    /// Characters of a name, breed, reward, phone, e-mail, microchip number or address.
    static let shortText = 200
    /// Characters of a description: the details page shows it whole, and a
    /// wrapped label of 2 000 characters lays out in about 4 ms, 5 000 in 35.
    static let description = 2_000
    /// Bytes of a value compared with known words (species, status, sex) or
    /// parsed (dates): a longer one cannot be valid, its start is enough to tell.
    static let token = 64
    /// Bytes of a photo URL: a longer one is not loaded.
    static let photoURL = 4_096
    /// Bytes of an id: a longer one makes the item unusable (ids go into URLs and logs).
    static let id = 256
}

extension JSONStringPrefix {
    /// At most `limit` characters: a longer text keeps its start and ends with "…".
    func bounded(toCharacters limit: Int) -> String {
        if isWhole, text.utf8.count <= limit || text.count <= limit { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}

extension JSONFields {
    /// A text field of at most `limit` characters (see `bounded(toCharacters:)`).
    func boundedText(_ position: Int, characters limit: Int) -> String? {
        // No character takes more than 4 bytes, bar combining sequences, which
        // then keep fewer characters.
        stringPrefix(position, maxUTF8Bytes: limit * 4)?.bounded(toCharacters: limit)
    }

    /// The first `WireTextLimit.token` bytes of a string.
    func token(_ position: Int) -> String? {
        stringPrefix(position, maxUTF8Bytes: WireTextLimit.token)?.text
    }

    /// A string of at most `maxUTF8Bytes`; nil when it is longer.
    func wholeString(_ position: Int, maxUTF8Bytes: Int) -> String? {
        stringPrefix(position, maxUTF8Bytes: maxUTF8Bytes).flatMap { $0.isWhole ? $0.text : nil }
    }
}
