// SPDX-License-Identifier: GPL-3.0-or-later

import Logging
import PetSpotDomain
import PetSpotLocking

extension Logger {
    /// The logger of the PetSpotClient layer.
    public static let petSpotClient = Logger(label: "io.github.petspot.client")
}

/// Remembers which (announcement, problem) pairs were already logged so that
/// a refresh every few seconds does not repeat the same warning forever.
/// Process-wide and thread-safe; bounded so a hostile server cannot grow it
/// without limit.
final class LogOnceRegistry: Sendable {
    static let shared = LogOnceRegistry()

    /// Keys remembered at most, unless told otherwise.
    static let defaultCapacity = 200_000

    private let seen = Locked<Set<String>>([])
    private let capacity: Int

    init(capacity: Int = defaultCapacity) {
        self.capacity = capacity
    }

    /// `true` the first time `key` is seen (and while the registry has room).
    func isFirstOccurrence(of key: String) -> Bool {
        seen.withLock { keys in
            guard keys.count < capacity else { return false }
            return keys.insert(key).inserted
        }
    }
}
