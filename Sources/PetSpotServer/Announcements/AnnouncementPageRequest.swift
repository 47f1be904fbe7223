// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// A paged list request: the list endpoint with a `limit` parameter
/// (docs/BEHAVIOUR.md §4). Without `limit` the list is the original
/// contract's and these parameters are ignored, as any unknown one is.
/// Works on plain name/value pairs so it is testable without a server.
struct AnnouncementPageRequest: Sendable, Equatable {
    /// The most reports one page holds.
    static let maximumLimit = 100
    /// A page with an area counts its `total` up to this many (then
    /// `totalExact` is false): each map position is counted afresh, and a
    /// city centre holds thousands at a national service's scale. The
    /// largest page's size: the count then reads about what a page reads.
    static let areaTotalCountedUpTo = 100

    static let statuses = ["MISSING", "FOUND", "CLOSED"]
    static let speciesValues = Species.allCases.map(\.rawValue)

    var filter: ReportFilter
    var limit: Int
    /// The `after` cursor as sent, not yet checked.
    var cursor: String?

    /// - Returns: nil when there is no `limit` parameter (an unpaged list).
    /// - Throws: `APIError` with code INVALID_PARAMETER naming the faulty parameter.
    static func parse(_ parameters: [(name: String, value: String)]) throws(APIError) -> AnnouncementPageRequest? {
        guard let limitText = try QueryParameters.single("limit", in: parameters) else { return nil }
        guard !limitText.isEmpty, limitText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let limit = Int(limitText), (1...maximumLimit).contains(limit)
        else {
            throw .invalidParameter("limit", "limit must be a whole number from 1 to \(maximumLimit).")
        }

        var filter = ReportFilter()
        if let sortText = try QueryParameters.single("sort", in: parameters) {
            guard let sort = ReportFilter.Sort(rawValue: sortText) else {
                throw .invalidParameter("sort", "sort must be newest, oldest or nearest.")
            }
            filter.sort = sort
        }
        filter.status = try oneOf(statuses, "status", in: parameters)
        filter.species = try oneOf(speciesValues, "species", in: parameters)
        if let query = try QueryParameters.single("q", in: parameters) {
            // No stored text holds a NUL (PostgreSQL's cannot), and it would reach SQL as a value.
            guard !query.unicodeScalars.contains("\0") else {
                throw .invalidParameter("q", "q must not contain a NUL character.")
            }
            filter.search = query.trimmedNonEmpty?.folded
        }
        filter.area = try AreaQueryParser.parse(parameters)
        if filter.sort == .nearest, filter.area == nil {
            throw .invalidParameter("sort", "sort=nearest needs lat and lng.")
        }

        let cursor = try QueryParameters.single("after", in: parameters)
        if cursor?.isEmpty == true {
            throw .invalidParameter("after", "after must be the next cursor of an earlier page.")
        }
        return AnnouncementPageRequest(filter: filter, limit: limit, cursor: cursor)
    }

    /// A wire value from `values`, in any case; nil when the parameter is absent.
    private static func oneOf(
        _ values: [String], _ name: String, in parameters: [(name: String, value: String)]
    ) throws(APIError) -> String? {
        guard let text = try QueryParameters.single(name, in: parameters) else { return nil }
        guard let value = values.first(where: { $0 == text.uppercased() }) else {
            throw .invalidParameter(name, "\(name) must be one of \(values.joined(separator: ", ")).")
        }
        return value
    }
}
