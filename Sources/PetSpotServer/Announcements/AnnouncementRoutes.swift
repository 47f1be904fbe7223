// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// `GET /api/v1/announcements` (optionally by area, or a page of a filtered
/// listing when `limit` is given) and `GET /api/v1/announcements/{id}`.
struct AnnouncementRoutes: Sendable {
    let database: any ReportDatabase
    /// False: `limit` and the page parameters are ignored, as an original backend ignores them.
    var servesPages = true
    let fullList = ListBodyCache<DatabaseRevision>()
    let pageTotals = PageTotalCache<DatabaseRevision>()
    let cursors = PageCursors()

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
        if servesPages, let pageRequest = try AnnouncementPageRequest.parse(parameters) {
            return try await page(pageRequest)
        }
        if let area = try AreaQueryParser.parse(parameters) {
            let announcements = try await database.announcements(in: area)
            return JSONResponse.make(body: try await AnnouncementListEncoder.body(for: announcements))
        }
        let body = try await fullList.body(revision: try await database.revision()) { [database] in
            try await AnnouncementListEncoder.body(for: database.all())
        }
        return JSONResponse.make(body: body)
    }

    /// `{"data": [...], "next": cursor or null, "total": n}`.
    private func page(_ request: AnnouncementPageRequest) async throws -> Response {
        let database = database
        let filter = request.filter
        let loadKey = { try await database.cursorKey() }
        var after: ReportPageKey?
        if let cursor = request.cursor {
            after = try await cursors.pageKey(from: cursor, filter: filter, loadKey: loadKey)
        }
        let query = ReportPageQuery(filter: filter, limit: request.limit, after: after)
        let shown: ReportPage
        let total: Int
        let countedUpTo: Int
        if filter.area != nil {
            // Every map position is an area of its own, so a kept count would
            // not be asked for again: each is counted afresh, up to a bound so
            // a city's count costs no more, from the page's own read where the
            // engine can.
            countedUpTo = AnnouncementPageRequest.areaTotalCountedUpTo
            let counted = try await database.page(query, countingUpTo: countedUpTo)
            (shown, total) = (counted.page, counted.total)
        } else {
            countedUpTo = Int.max
            async let page = database.page(query)
            // The revision is read before counting: a count is never older than the revision it is kept under.
            let revision = try await database.revision()
            total = try await pageTotals.total(filter: filter.canonicalText, revision: revision) {
                try await database.count(matching: filter, upTo: countedUpTo)
            }
            shown = try await page
        }
        var next: String?
        if let key = shown.next {
            next = try await cursors.cursor(for: key, filter: filter, loadKey: loadKey)
        }
        return try JSONResponse.make(
            WireAnnouncementPage(data: shown.announcements, next: next, total: total, totalExact: total < countedUpTo))
    }

    private func detail(context: BasicRequestContext) async throws -> Response {
        guard let id = ReportIDParameter.id(in: context), let announcement = try await database.announcement(id: id)
        else {
            throw APIError.notFound("No announcement with this id.")
        }
        return try JSONResponse.make(announcement)
    }
}

/// A page of a paged list; `next` is written as `null` on the last page.
/// `totalExact` is false when `total` is a bound the count stopped at (at
/// least that many match).
struct WireAnnouncementPage: Encodable {
    var data: [WireAnnouncement]
    var next: String?
    var total: Int
    var totalExact: Bool

    private enum CodingKeys: String, CodingKey {
        case data, next, total, totalExact
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        try container.encode(next, forKey: .next)
        try container.encode(total, forKey: .total)
        try container.encode(totalExact, forKey: .totalExact)
    }
}
