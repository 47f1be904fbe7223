// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Logging
import PetSpotDomain

/// `POST /api/v1/announcements/{id}/sightings` (anyone may tell a report's
/// owner they saw the pet; no password) and `GET` of the same path (the
/// newest `shownLimit`, newest first). The rate limit per client address is
/// `AddressThrottle`'s, at the connection, before the body is read.
struct SightingRoutes: Sendable {
    let database: any ReportDatabase

    /// Below `APIRouter.announcementsPath`.
    static let path: RouterPath = "{id}/sightings"
    /// The most sightings one answer lists: the newest.
    static let shownLimit = 100

    /// - Parameter group: `APIRouter.announcementsPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.get(Self.path) { _, context in
            try await list(context: context)
        }
        group.post(Self.path) { request, context in
            try await add(request: request, context: context)
        }
    }

    /// `field: "id"` tells a client this 404 is about the report: a backend
    /// without the route answers its own 404, with no field.
    private static let noSuchReport = APIError(
        status: .notFound, code: .notFound, message: "No announcement with this id.", field: "id")

    private static let closed = APIError(
        status: .conflict, code: .conflict, message: "This report is closed: the pet is home.", field: nil)

    private static func reportID(_ context: BasicRequestContext) throws -> String {
        guard let id = ReportIDParameter.id(in: context) else { throw Self.noSuchReport }
        return id
    }

    private func list(context: BasicRequestContext) async throws -> Response {
        let id = try Self.reportID(context)
        guard let sightings = try await database.sightings(ofReport: id, limit: Self.shownLimit) else {
            throw Self.noSuchReport
        }
        var response = try JSONResponse.make(WireSightingList(data: sightings))
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    private func add(request: Request, context: BasicRequestContext) async throws -> Response {
        if let length = RequestBodyReader.declaredLength(of: request), length > SightingBody.maximumBytes {
            throw RequestBodyReader.tooLarge(SightingBody.maximumBytes)
        }
        let id = try Self.reportID(context)
        // An unknown or closed report is refused before its body is read.
        guard let report = try await database.announcement(id: id) else {
            throw Self.noSuchReport
        }
        if AnnouncementStatus(wireValue: report.status) == .closed { throw Self.closed }
        let body = try await RequestBodyReader.collect(request, upTo: SightingBody.maximumBytes)
        let input = try SightingBody.parse(Data(body.readableBytesView))
        let now = Date()
        let sighting: NewSighting
        switch SightingRules.validate(input, now: now) {
        case .success(let valid):
            sighting = valid
        case .failure(let problems):
            guard let (field, problem) = problems.first else { throw APIError.internalError }
            throw APIError.invalidField(field.rawValue, SightingBody.message(problem, field: field))
        }
        let stored = WireSighting(
            id: UUID().uuidString.lowercased(), announcementId: id,
            seenAt: WireTimestamp.string(sighting.seenAt), locationLatitude: sighting.coordinate.latitude,
            locationLongitude: sighting.coordinate.longitude, note: sighting.note, contact: sighting.contact,
            createdAt: WireTimestamp.string(now))
        do {
            try await database.addSighting(stored)
        } catch SightingWriteError.noSuchReport {
            throw Self.noSuchReport
        } catch SightingWriteError.reportClosed {
            throw Self.closed
        }
        context.logger.info("Added sighting \(stored.id) to report \(id)")
        var response = try JSONResponse.make(stored, status: .created)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
