// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import PetSpotLocking

/// The full list's encoded body, kept while the database's revision stays the
/// same (`ReportDatabase.revision()`): encoding
/// 100 000 announcements takes about a second, and an unchanged table gives
/// the same bytes. Requests that arrive during an encoding wait for that one
/// instead of starting their own; a failed encoding is not kept.
final class ListBodyCache<Revision: Equatable & Sendable>: Sendable {
    private struct Entry {
        let revision: Revision
        let body: Task<ByteBuffer, any Error>
    }

    private let entry = Locked<Entry?>(nil)

    /// The body for the table at `revision`, encoded by `encode` if no request
    /// has encoded it yet. The encoding outlives a caller that goes away.
    func body(
        revision: Revision, encode: @escaping @Sendable () async throws -> ByteBuffer
    ) async throws -> ByteBuffer {
        let body = entry.withLock { entry -> Task<ByteBuffer, any Error> in
            if let entry, entry.revision == revision { return entry.body }
            let body = Task { try await encode() }
            entry = Entry(revision: revision, body: body)
            return body
        }
        do {
            return try await body.value
        } catch {
            entry.withLock { if $0?.revision == revision { $0 = nil } }
            throw error
        }
    }
}
