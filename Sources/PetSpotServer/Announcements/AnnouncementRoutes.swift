// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// `GET /api/v1/announcements` (optionally by area) and `GET /api/v1/announcements/{id}`.
struct AnnouncementRoutes: Sendable {
    let database: any ReportDatabase
    let fullList = ListBodyCache<DatabaseRevision>()

    /// - Parameter group: `APIRouter.announcementsPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.get { request, _ in
            try await list(request: request)
        }
        group.get("{id}") { _, context in
            try await detail(context: context)
        }
    }

    private func list(request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        if let area = try AreaQueryParser.parse(parameters) {
            let announcements = try await database.announcements(in: area)
            return JSONResponse.make(body: try await AnnouncementListEncoder.body(for: announcements))
        }
        let body = try await fullList.body(revision: try await database.revision()) { [database] in
            try await AnnouncementListEncoder.body(for: database.all())
        }
        return JSONResponse.make(body: body)
    }

    private func detail(context: BasicRequestContext) async throws -> Response {
        guard let id = ReportIDParameter.id(in: context), let announcement = try await database.announcement(id: id)
        else {
            throw APIError.notFound("No announcement with this id.")
        }
        return try JSONResponse.make(announcement)
    }
}
