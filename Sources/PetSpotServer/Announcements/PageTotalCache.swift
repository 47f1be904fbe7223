// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotLocking

/// Paged lists' `total`, kept per filters and database revision
/// (`ReportDatabase.revision()`): counting a million reports on every page
/// would cost more than the page. An unchanged database gives the same
/// count, so each (filters, revision) is counted once; requests that arrive
/// while it is counted wait for that count. At most `capacity` are kept (the
/// least recently used go first); a failed count is not kept.
final class PageTotalCache<Revision: Equatable & Sendable>: Sendable {
    static var capacity: Int { 64 }

    private struct Entry {
        let filter: String
        let revision: Revision
        let total: Task<Int, any Error>
    }

    /// Most recently used last.
    private let entries = Locked<[Entry]>([])

    /// - Parameter filter: `ReportFilter.canonicalText`.
    func total(
        filter: String, revision: Revision, count: @escaping @Sendable () async throws -> Int
    ) async throws -> Int {
        let total = entries.withLock { entries -> Task<Int, any Error> in
            if let index = entries.firstIndex(where: { $0.filter == filter && $0.revision == revision }) {
                let entry = entries.remove(at: index)
                entries.append(entry)
                return entry.total
            }
            // A filter's count at an older revision will not be asked again.
            entries.removeAll { $0.filter == filter }
            let entry = Entry(filter: filter, revision: revision, total: Task { try await count() })
            entries.append(entry)
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
            return entry.total
        }
        do {
            return try await total.value
        } catch {
            entries.withLock { $0.removeAll { $0.filter == filter && $0.revision == revision } }
            throw error
        }
    }
}
