// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Logging
import NIOCore
import PetSpotDomain

/// `PATCH /api/v1/announcements/{id}`: changes the keys of a report that the
/// JSON body names (the keys of a new report; `null` empties one), or closes
/// it with `"status": "CLOSED"`, authorised as a photo upload is. The report
/// that results must meet `ReportRules` as a new one does. A closed report
/// takes no more changes (`409 CONFLICT`). Answers `200` with the report as
/// `GET` gives it.
struct UpdateReportRoute: Sendable {
    let database: any ReportDatabase
    /// Shared with `PhotoUploadRoute`: one guess limit per report.
    let passwordCheck: ReportPasswordCheck

    /// Below `APIRouter.announcementsPath`.
    static let path: RouterPath = "{id}"

    /// - Parameter group: `APIRouter.announcementsPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.patch(Self.path) { request, context in
            try await update(request: request, context: context)
        }
    }

    private func update(request: Request, context: BasicRequestContext) async throws -> Response {
        if let length = RequestBodyReader.declaredLength(of: request), length > NewReportBody.maximumBytes {
            throw RequestBodyReader.tooLarge(NewReportBody.maximumBytes)
        }
        let id = try await passwordCheck.authorize(request, context: context, action: "a change")
        let body = try await RequestBodyReader.collect(request, upTo: NewReportBody.maximumBytes)
        var fields = try NewReportBody.fields(of: Data(body.readableBytesView))
        // The rules know only the statuses a report is created with: the
        // report is checked as it stands, then closed.
        let closing: Bool
        if case .string(let status) = fields[ReportField.status.rawValue] {
            closing = AnnouncementStatus(wireValue: status) == .closed
        } else {
            closing = false
        }
        if closing { fields[ReportField.status.rawValue] = nil }
        let changes = fields
        let today = CalendarDay.latestToday()
        let updated: WireAnnouncement
        do {
            updated = try await database.updateReport(id: id) { current in
                try Self.next(of: current, changes: changes, closing: closing, today: today)
            }
        } catch ReportWriteError.noSuchReport {
            throw APIError.notFound("No announcement with this id.")
        } catch ReportWriteError.microchipTaken {
            throw APIError(
                status: .conflict, code: .conflict, message: "Another report already has this microchip number.",
                field: ReportField.microchipNumber.rawValue)
        }
        context.logger.info("Updated report \(id)\(closing ? ", now closed" : "")")
        return try JSONResponse.make(updated)
    }

    /// The report with `changes` made, checked by the rules of a new report.
    static func next(
        of current: WireAnnouncement, changes: [String: JSONShape], closing: Bool, today: CalendarDay
    ) throws -> WireAnnouncement {
        guard AnnouncementStatus(wireValue: current.status) != .closed else {
            throw APIError(
                status: .conflict, code: .conflict, message: "This report is closed: it takes no more changes.",
                field: nil)
        }
        let input = try NewReportBody.input(from: changes, over: input(of: current))
        switch ReportRules.validate(input, today: today) {
        case .success(let report):
            var next = CreateReportRoute.announcement(for: report, id: current.id, now: Date())
            if closing { next.status = AnnouncementStatus.closed.wireValue }
            return next
        case .failure(let problems):
            guard let (field, problem) = problems.first else { throw APIError.internalError }
            throw APIError.invalidField(field.rawValue, ReportProblemText.message(problem, field: field))
        }
    }

    /// The stored report as the body of a new one would give it.
    static func input(of announcement: WireAnnouncement) -> ReportInput {
        ReportInput(
            status: announcement.status, petName: announcement.petName, species: announcement.species,
            breed: announcement.breed, sex: announcement.sex, age: announcement.age,
            description: announcement.description, microchipNumber: announcement.microchipNumber,
            latitude: announcement.locationLatitude, longitude: announcement.locationLongitude,
            lastSeenDate: announcement.lastSeenDate, email: announcement.email, phone: announcement.phone,
            reward: announcement.reward)
    }
}
