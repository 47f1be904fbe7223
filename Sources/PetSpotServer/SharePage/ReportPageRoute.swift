// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Mustache
import PetSpotDomain

/// `GET /reports/{id}`: the report as a small HTML page to share
/// (docs/BEHAVIOUR.md §4.9): what a poster's QR code or a copied link opens,
/// readable on a phone, with Open Graph tags for link previews. An unknown id
/// is a small HTML page too, not the JSON envelope: people read it, not clients.
struct ReportPageRoute: Sendable {
    /// How long browsers and proxies may keep a page, in seconds: a closed
    /// report should say so soon.
    static let cacheSeconds = 60

    let database: any ReportDatabase

    /// - Parameter group: `APIRouter.reportPagesPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.get("{id}") { request, context in
            try await page(request: request, context: context)
        }
    }

    private func page(request: Request, context: BasicRequestContext) async throws -> Response {
        let raw = context.parameters.get("id") ?? ""
        guard let id = raw.removingPercentEncoding, !id.isEmpty,
            !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
            let report = try await database.announcement(id: id)
        else {
            return Self.html(ReportPageTemplate.notFound.render(()), status: .notFound)
        }
        // HTTP/1.1 gives the `Host` header as the request's authority.
        let origin = RequestOrigin.origin(host: request.head.authority)
        let pagePath = "/reports/" + URIText.encodePathSegment(id)
        let view = ReportPageView(report, origin: origin, pagePath: pagePath)
        return Self.html(ReportPageTemplate.page.render(view), status: .ok)
    }

    static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8",
                // No script at all; photos from this server only; the inline style.
                .contentSecurityPolicy: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
                .xContentTypeOptions: "nosniff",
                .cacheControl: status == .ok ? "public, max-age=\(cacheSeconds)" : "no-cache",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
