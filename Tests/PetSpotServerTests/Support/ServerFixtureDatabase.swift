// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing

@testable import PetSpotServer

extension ServerFixture {
    /// Another handle on the server's database, through the storage protocol,
    /// for a test to write or check what HTTP cannot. Close it before the end.
    func openDatabase() async throws -> any ReportDatabase {
        try await ReportDatabases.open(
            configuration.database,
            imagesDirectory: configuration.imagesDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
            logger: ServerFixture.quietLogger)
    }

    /// Runs `body` with `openDatabase()`, closing it afterwards.
    func withDatabase<T>(_ body: (any ReportDatabase) async throws -> T) async throws -> T {
        let database = try await openDatabase()
        do {
            let result = try await body(database)
            try await database.close()
            return result
        } catch {
            try? await database.close()
            throw error
        }
    }
}
