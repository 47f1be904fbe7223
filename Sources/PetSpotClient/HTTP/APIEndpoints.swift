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

    /// `GET …/api/v1/announcements?limit=…`: a page (docs/BEHAVIOUR.md §4.1), its
    /// parameters in a fixed order.
    func page(_ request: ReportListRequest) -> String? {
        guard var components = baseComponents() else { return nil }
        components.percentEncodedPath += Self.announcementsPath
        var items = [URLQueryItem(name: "limit", value: String(request.limit))]
        switch request.sort {
        case .newest: items.append(URLQueryItem(name: "sort", value: "newest"))
        case .oldest: items.append(URLQueryItem(name: "sort", value: "oldest"))
        case .nearest(let centre, let range):
            items += [
                URLQueryItem(name: "sort", value: "nearest"),
                URLQueryItem(name: "lat", value: URIText.plainDecimal(centre.latitude)),
                URLQueryItem(name: "lng", value: URIText.plainDecimal(centre.longitude)),
                URLQueryItem(name: "range", value: String(range)),
            ]
        }
        if let status = request.status { items.append(URLQueryItem(name: "status", value: status.wireValue)) }
        if let search = request.search { items.append(URLQueryItem(name: "q", value: search)) }
        if let after = request.after { items.append(URLQueryItem(name: "after", value: after)) }
        components.queryItems = items
        // URLComponents leaves "+" as it is, which a server may read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacingOccurrences(of: "+", with: "%2B")
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
