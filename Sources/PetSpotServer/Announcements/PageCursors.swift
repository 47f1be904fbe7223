// SPDX-License-Identifier: GPL-3.0-or-later

import Crypto
import Foundation
import PetSpotLocking

/// The `next`/`after` cursors of paged lists: a page's last key, a digest of
/// the filters it was made for, and an HMAC-SHA256 over both with the
/// database's cursor key (`ReportDatabase.cursorKey()`, the same in every
/// process on the database), as unpadded base64url. A cursor changed in any
/// byte, or given with other filters or another sort, is refused.
final class PageCursors: Sendable {
    private static let version: UInt8 = 1
    private static let digestBytes = 8
    private static let macBytes = 32

    private let key = Locked<SymmetricKey?>(nil)

    /// The key, read from the database once (`load`) and kept.
    private func signingKey(_ load: () async throws -> Data) async throws -> SymmetricKey {
        if let known = key.withLock({ $0 }) { return known }
        let loaded = SymmetricKey(data: try await load())
        key.withLock { $0 = loaded }
        return loaded
    }

    func cursor(
        for pageKey: ReportPageKey, filter: ReportFilter, loadKey: () async throws -> Data
    ) async throws -> String {
        var bytes = [Self.version]
        switch pageKey {
        case .created(let milliseconds, _):
            bytes.append(0)
            bytes.append(contentsOf: Self.bigEndian(UInt64(bitPattern: milliseconds)))
        case .distance(let distance, _):
            bytes.append(1)
            bytes.append(contentsOf: Self.bigEndian(distance.bitPattern))
        }
        let id = Array(pageKey.id.utf8)
        bytes.append(contentsOf: Self.bigEndian(UInt64(id.count)))
        bytes.append(contentsOf: id)
        bytes.append(contentsOf: Self.digest(filter))
        let mac = HMAC<SHA256>.authenticationCode(for: bytes, using: try await signingKey(loadKey))
        bytes.append(contentsOf: mac)
        return Self.base64URL(bytes)
    }

    /// The page key a cursor of this filter holds.
    /// - Throws: `APIError` INVALID_PARAMETER (`after`) for anything else.
    func pageKey(
        from cursor: String, filter: ReportFilter, loadKey: () async throws -> Data
    ) async throws -> ReportPageKey {
        let invalid = APIError.invalidParameter("after", "after is not a cursor this server made.")
        guard let bytes = Self.bytes(base64URL: cursor),
            bytes.count > 2 + 8 + 8 + Self.digestBytes + Self.macBytes
        else { throw invalid }
        let signed = bytes.dropLast(Self.macBytes)
        guard
            HMAC<SHA256>.isValidAuthenticationCode(
                Array(bytes.suffix(Self.macBytes)), authenticating: Array(signed),
                using: try await signingKey(loadKey))
        else { throw invalid }
        // Signed by this database's key, so well formed: only the filters may differ.
        guard Array(signed.suffix(Self.digestBytes)) == Self.digest(filter), bytes[0] == Self.version else {
            throw APIError.invalidParameter("after", "after was made for other filters or another sort.")
        }
        var reader = signed.dropFirst(2).dropLast(Self.digestBytes)
        let kind = bytes[1]
        let value = Self.readUInt64(&reader)
        let idLength = Int(Self.readUInt64(&reader))
        guard idLength == reader.count, let id = String(validating: reader, as: UTF8.self) else { throw invalid }
        switch (kind, filter.sort) {
        case (0, .newest), (0, .oldest):
            return .created(milliseconds: Int64(bitPattern: value), id: id)
        case (1, .nearest):
            return .distance(Double(bitPattern: value), id: id)
        default:
            throw invalid
        }
    }

    private static func digest(_ filter: ReportFilter) -> [UInt8] {
        Array(SHA256.hash(data: Array(filter.canonicalText.utf8)).prefix(digestBytes))
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    private static func readUInt64(_ bytes: inout ArraySlice<UInt8>) -> UInt64 {
        let value = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        bytes = bytes.dropFirst(8)
        return value
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Unpadded base64url only: padding, `+`, `/` or anything else is refused.
    private static func bytes(base64URL text: String) -> [UInt8]? {
        guard text.utf8.count <= 4096,
            text.utf8.allSatisfy({ byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == 0x2D || byte == 0x5F
            })
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let bytes = Data(base64Encoded: standard).map({ Array($0) }) else { return nil }
        // One text per bytes: a change in a last character's unused bits is a change too.
        return base64URL(bytes) == text ? bytes : nil
    }
}
