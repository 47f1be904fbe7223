// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Logging
import NIOCore
import PetSpotDomain

/// `POST /api/v1/announcements`: a new report from a JSON body. Answers `201`
/// with the stored announcement, every key as `GET` gives it, and this once
/// its `managementPassword`; the server keeps only a slow hash of it.
struct CreateReportRoute: Sendable {
    let database: any ReportDatabase
    let hasher: PasswordHasher

    /// - Parameter group: `APIRouter.announcementsPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.post { request, context in
            try await create(request: request, context: context)
        }
    }

    private func create(request: Request, context: BasicRequestContext) async throws -> Response {
        let body = try await RequestBodyReader.collect(request, upTo: NewReportBody.maximumBytes)
        let input = try NewReportBody.parse(Data(body.readableBytesView))
        let report: NewReport
        switch ReportRules.validate(input, today: CalendarDay.latestToday()) {
        case .success(let valid):
            report = valid
        case .failure(let problems):
            guard let (field, problem) = problems.first else { throw APIError.internalError }
            throw APIError.invalidField(field.rawValue, ReportProblemText.message(problem, field: field))
        }

        let password = ManagementPassword.generate()
        let credentials = try await hasher.hash(password)
        let announcement = Self.announcement(for: report, id: UUID().uuidString.lowercased(), now: Date())
        do {
            try await database.create(announcement, credentials: credentials)
        } catch ReportWriteError.microchipTaken {
            throw APIError(
                status: .conflict, code: .conflict, message: "Another report already has this microchip number.",
                field: ReportField.microchipNumber.rawValue)
        }
        context.logger.info("Created report \(announcement.id)")
        var response = try JSONResponse.make(
            WireCreatedAnnouncement(announcement: announcement, managementPassword: password), status: .created)
        response.headers[.location] = "/api/v1/announcements/\(announcement.id)"
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The row for a new report: texts exactly as validated (trimmed, never
    /// interpreted), no photo yet, both timestamps now.
    static func announcement(for report: NewReport, id: String, now: Date) -> WireAnnouncement {
        let wire = report.wireBody
        let timestamp = WireTimestamp.string(now)
        return WireAnnouncement(
            id: id, petName: wire.petName, species: wire.species, breed: wire.breed, sex: wire.sex, age: wire.age,
            description: wire.description, microchipNumber: wire.microchipNumber,
            locationLatitude: wire.locationLatitude, locationLongitude: wire.locationLongitude,
            lastSeenDate: wire.lastSeenDate, email: wire.email, phone: wire.phone, photoUrl: nil,
            status: wire.status, reward: wire.reward, createdAt: timestamp, updatedAt: timestamp)
    }
}
