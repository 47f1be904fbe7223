// SPDX-License-Identifier: GPL-3.0-or-later

import Crypto
import Foundation
import NIOCore
import PostgresNIO

/// Photos are rows: any server process serves any photo, and none keeps
/// files of its own. The version is a digest of the bytes, so storing other
/// bytes under a name changes it and storing the same ones again does not.
extension PostgreSQLReportDatabase {
    func photo(named name: String) async throws -> StoredPhoto? {
        let rows = try await client.query(
            "SELECT bytes, version FROM photos WHERE name = \(name)", logger: queryLogger
        ).collect()
        guard let row = rows.first else { return nil }
        let (bytes, version) = try row.decode((ByteBuffer, String).self)
        return StoredPhoto(size: bytes.readableBytes, version: version, bytes: .inMemory(bytes))
    }

    /// One statement: a reader sees the old bytes or the new, never part.
    func storePhoto(_ bytes: ByteBuffer, named name: String) async throws {
        let version = Self.version(of: bytes)
        try await client.query(
            """
            INSERT INTO photos (name, bytes, version) VALUES (\(name), \(bytes), \(version))
            ON CONFLICT (name) DO UPDATE SET bytes = excluded.bytes, version = excluded.version
            """, logger: queryLogger)
    }

    func deletePhoto(named name: String) async throws {
        try await client.query("DELETE FROM photos WHERE name = \(name)", logger: queryLogger)
    }

    /// The first 128 bits of the bytes' SHA-256, in hex.
    static func version(of bytes: ByteBuffer) -> String {
        SHA256.hash(data: bytes.readableBytesView).prefix(16).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
