// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotLocking

/// Whether a backend pages its list (the extension of docs/BEHAVIOUR.md §4.1),
/// learned from its answers to list requests and kept for the repository's
/// life. Only answers decide: a page (`data`, a whole-number `total`, a
/// `next`) says it pages; a plain list, or a 400 to the first request with
/// `limit` (a backend that refuses unknown parameters), says it does not. A
/// failure that may pass (unreachable, timed out, a 5xx) decides nothing.
final class ListPagingMemory: Sendable {
    enum Support: Sendable {
        case unknown, pages, wholeList
    }

    private let state = Locked(Support.unknown)

    var support: Support { state.withLock { $0 } }

    func learn(_ support: Support) {
        state.withLock { $0 = support }
    }
}
