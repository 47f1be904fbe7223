// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Writes the offline cache's list file, `{"fetchedAt": …, "reports": […]}`,
/// a slice of reports at a time, and stops at a size limit: a list too
/// large to keep whole costs what the kept part costs, never the encoding
/// of every report (a national backend's list is hundreds of megabytes).
///
/// A list that fits is kept whole, in its order. One that does not keeps
/// the newest reports that fit, newest first: those are what Home and
/// Reports show first.
struct CachedListEncoder {
    /// Reports encoded at once: small enough that the encoder's own
    /// intermediate values stay small, large enough to amortise its start.
    static let sliceSize = 256

    let sizeLimit: Int

    /// The file's bytes, or nil when not even its first slice fits.
    func payload(_ announcements: [Announcement], fetchedAt: Date) throws -> Data? {
        let header = try Self.header(fetchedAt: fetchedAt)
        if let file = try file(header, announcements.indices, of: announcements, whole: true) { return file }
        let newestFirst = announcements.indices.sorted { announcements[$0].createdAt > announcements[$1].createdAt }
        return try file(header, newestFirst, of: announcements, whole: false)
    }

    /// `header`, the reports at `order` slice by slice while they fit, and
    /// the footer; nil when `whole` is asked for and they do not all fit, or
    /// when not even one slice does.
    private func file(
        _ header: Data, _ order: some Collection<Int>, of announcements: [Announcement], whole: Bool
    ) throws -> Data? {
        let encoder = JSONEncoder()
        let budget = sizeLimit - Self.footer.count
        var file = header
        var slice: [CachedAnnouncement] = []
        slice.reserveCapacity(Self.sliceSize)
        var remaining = order[...]
        while !remaining.isEmpty {
            slice.removeAll(keepingCapacity: true)
            for index in remaining.prefix(Self.sliceSize) { slice.append(CachedAnnouncement(announcements[index])) }
            remaining = remaining.dropFirst(slice.count)
            // "[a,b]" without its brackets, then a comma before all but the first slice.
            let encoded = try encoder.encode(slice).dropFirst().dropLast()
            let isFirst = file.count == header.count
            guard file.count + (isFirst ? 0 : 1) + encoded.count <= budget else {
                if whole || isFirst { return nil }
                break
            }
            if !isFirst { file.append(UInt8(ascii: ",")) }
            file.append(encoded)
        }
        file.append(Self.footer)
        return file
    }

    /// `{"fetchedAt":…,"reports":[`, the number written by the same encoder
    /// that reads it back, so no precision is lost.
    private static func header(fetchedAt: Date) throws -> Data {
        struct Header: Encodable { var fetchedAt: Double }
        let object = try JSONEncoder().encode(Header(fetchedAt: fetchedAt.timeIntervalSinceReferenceDate))
        return object.dropLast() + Data(#","reports":["#.utf8)
    }

    private static let footer = Data("]}".utf8)
}
