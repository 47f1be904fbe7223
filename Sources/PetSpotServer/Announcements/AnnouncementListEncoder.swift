// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// Encodes the `{"data": [...]}` list body. Long lists (100 000 announcements is a
/// supported size) are cut into chunks encoded concurrently on every core, each by
/// `WireAnnouncement`'s own encoder, then spliced into one body.
enum AnnouncementListEncoder {
    static let chunkSize = 2_000

    static func body(for announcements: [WireAnnouncement]) async throws -> ByteBuffer {
        guard announcements.count > chunkSize else {
            return ByteBuffer(bytes: try JSONResponse.makeEncoder().encode(WireAnnouncementList(data: announcements)))
        }
        let chunkStarts = Array(stride(from: 0, to: announcements.count, by: chunkSize))
        let encodedChunks = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, start) in chunkStarts.enumerated() {
                let chunk = Array(announcements[start..<min(start + chunkSize, announcements.count)])
                group.addTask { (index, try JSONResponse.makeEncoder().encode(chunk)) }
            }
            var chunks = [Data](repeating: Data(), count: chunkStarts.count)
            for try await (index, data) in group {
                chunks[index] = data
            }
            return chunks
        }

        var body = ByteBuffer()
        body.reserveCapacity(encodedChunks.reduce(16) { $0 + $1.count })
        body.writeString(#"{"data":["#)
        for (index, chunk) in encodedChunks.enumerated() {
            if index > 0 { body.writeString(",") }
            // Each chunk is a non-empty JSON array "[{...},{...}]": keep what is inside.
            body.writeBytes(chunk.dropFirst().dropLast())
        }
        body.writeString("]}")
        return body
    }
}
