// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Logging
import PetSpotDomain

/// Who may manage a report: whoever sends its management password as HTTP
/// Basic credentials (any user name). Photo uploads and changes to a report
/// go through this one check and share the database's count of guesses
/// (`ReportDatabase.reservePasswordGuess`), so a guesser gets no more
/// guesses by spreading them over both.
struct ReportPasswordCheck: Sendable {
    let database: any ReportDatabase
    let hasher: PasswordHasher

    /// The report's id (from the `{id}` path parameter) once the request
    /// carries its password. Checked in this order: credentials present
    /// (401), the report exists (404), a guess left (429), the password
    /// matches (401; seeded reports have none, so nobody manages them).
    /// - Parameter action: what the request would do, for the log line.
    func authorize(_ request: Request, context: BasicRequestContext, action: String) async throws -> String {
        guard let credentials = BasicCredentials(authorization: request.headers[.authorization]) else {
            throw APIError.unauthorized("This needs the report's management password (HTTP Basic).")
        }
        guard let id = ReportIDParameter.id(in: context), try await database.announcement(id: id) != nil else {
            throw APIError.notFound("No announcement with this id.")
        }
        guard try await database.reservePasswordGuess(forReport: id) else {
            context.logger.info("Refused \(action) for report \(id): too many wrong passwords")
            throw APIError(
                status: .tooManyRequests, code: .tooManyAttempts,
                message: "Too many wrong passwords for this report. Try again in 15 minutes.", field: nil)
        }
        guard let stored = try await database.credentials(forReport: id),
            await hasher.verify(credentials.password, against: stored)
        else {
            context.logger.info("Refused \(action) for report \(id): wrong password")
            throw APIError.unauthorized("The management password is not right for this report.")
        }
        try await database.forgetPasswordGuesses(forReport: id)
        return id
    }
}
