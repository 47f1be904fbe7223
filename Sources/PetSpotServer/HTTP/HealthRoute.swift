// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import PetSpotDomain

/// `GET /api/health`: liveness plus a cheap sign that the database answers.
struct HealthRoute: Sendable {
    let database: any ReportDatabase

    private struct Health: Encodable {
        var status = "ok"
        var service = "petspot-server"
        var announcements: Int
    }

    /// - Parameter group: `APIRouter.healthPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.get { _, _ in
            try JSONResponse.make(Health(announcements: try await database.count()))
        }
    }
}
