// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// Opens the database a `DatabaseLocation` names, with the engine it names:
/// the one place that knows every engine, so the rest of the server sees only
/// `ReportDatabase`.
enum ReportDatabases {
    /// Opens (creating when missing) the database and brings its schema up to date.
    /// - Parameter imagesDirectory: SQLite only: where photos are kept; nil
    ///   means `images` beside the database file. Other engines keep photos
    ///   in the database and refuse one.
    static func open(
        _ location: DatabaseLocation, imagesDirectory: URL? = nil, logger: Logger
    ) async throws -> any ReportDatabase {
        switch location {
        case .sqlite(let path):
            return try SQLiteReportDatabase(
                path: path, imagesDirectory: imagesDirectory ?? SQLiteReportDatabase.defaultImagesDirectory(for: path))
        case .postgreSQL(let url):
            guard imagesDirectory == nil else { throw DatabaseLocationError.imagesDirectoryNeedsSQLite }
            return try await PostgreSQLReportDatabase.open(url: url, logger: logger)
        }
    }
}
