// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// The contract's URLs under a base URL that may carry a path prefix
/// (`http://host:3000/petspot` → `http://host:3000/petspot/api/v1/announcements`).
struct APIEndpoints: Sendable {
    let baseURL: URL

    private static let announcementsPath = "/api/v1/announcements"

    /// `GET …/api/v1/announcements[?lat=&lng=&range=]`.
    func list(in region: SearchRegion?) -> String? {
        guard var components = baseComponents() else { return nil }
        components.percentEncodedPath += Self.announcementsPath
        if let region {
            components.queryItems = [
                URLQueryItem(name: "lat", value: URIText.plainDecimal(region.centre.latitude)),
                URLQueryItem(name: "lng", value: URIText.plainDecimal(region.centre.longitude)),
                URLQueryItem(name: "range", value: String(region.rangeKilometres)),
            ]
        }
        return components.string
    }

    /// `GET …/api/v1/announcements/{id}`, the id encoded as one path segment
    /// (a `/` or `?` in an id cannot change which resource is asked for).
    func detail(id: String) -> String? {
        guard !id.isEmpty, var components = baseComponents() else { return nil }
        components.percentEncodedPath += Self.announcementsPath + "/" + URIText.encodePathSegment(id)
        return components.string
    }

    /// `POST …/api/v1/announcements`: a new report.
    func create() -> String? {
        guard var components = baseComponents() else { return nil }
        components.percentEncodedPath += Self.announcementsPath
        return components.string
    }

    /// `POST …/api/v1/announcements/{id}/photos`, the id encoded as one path segment.
    func photos(id: String) -> String? {
        guard !id.isEmpty, var components = baseComponents() else { return nil }
        components.percentEncodedPath += Self.announcementsPath + "/" + URIText.encodePathSegment(id) + "/photos"
        return components.string
    }

    /// `…/api/v1/announcements/{id}/sightings` (docs/BEHAVIOUR.md §4.10),
    /// the id encoded as one path segment.
    func sightings(id: String) -> String? {
        guard !id.isEmpty, var components = baseComponents() else { return nil }
        components.percentEncodedPath += Self.announcementsPath + "/" + URIText.encodePathSegment(id) + "/sightings"
        return components.string
    }

    /// `…/reports/{id}`: the report's public page, when the backend serves
    /// pages (docs/BEHAVIOUR.md §4.9), the id encoded as one path segment.
    func reportPage(id: String) -> String? {
        guard !id.isEmpty, var components = baseComponents() else { return nil }
        components.percentEncodedPath += "/reports/" + URIText.encodePathSegment(id)
        return components.string
    }

    private func baseComponents() -> URLComponents? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else { return nil }
        components.percentEncodedPath = components.percentEncodedPath.trimmingSlashesAtEnd
        components.query = nil
        components.fragment = nil
        return components
    }
}
