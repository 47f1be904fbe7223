// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A seed: the list envelope `{"data": [...]}`, so a captured list response can seed
/// a server as is. Photos named `/images/NAME` may sit in an `images/` folder beside it.
struct SeedFile: Sendable {
    let url: URL
    let announcements: [WireAnnouncement]

    /// The folder whose photos are copied into the server's images directory.
    var imagesDirectory: URL {
        url.deletingLastPathComponent().appendingPathComponent("images", isDirectory: true)
    }

    static func load(_ url: URL) throws(SeedError) -> SeedFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        do {
            let list = try JSONDecoder().decode(WireAnnouncementList.self, from: data)
            return SeedFile(url: url, announcements: list.data)
        } catch let error as DecodingError {
            throw .malformed(path: url.path, reason: Self.explain(error))
        } catch {
            throw .malformed(path: url.path, reason: error.localizedDescription)
        }
    }

    /// "missing key 'species' at data[3]" rather than Foundation's debug dump.
    private static func explain(_ error: DecodingError) -> String {
        func location(_ path: [any CodingKey]) -> String {
            guard !path.isEmpty else { return "the top level" }
            return path.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(location(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "null where a \(type) is required at \(location(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected a \(type) at \(location(context.codingPath))"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError?.localizedDescription
            return [context.debugDescription, underlying].compactMap { $0 }.joined(separator: ": ")
                + (context.codingPath.isEmpty ? "" : " at \(location(context.codingPath))")
        @unknown default:
            return String(describing: error)
        }
    }
}
