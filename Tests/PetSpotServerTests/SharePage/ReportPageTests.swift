// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import NIOHTTP1
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("GET /reports/{id}: the report's page to share")
struct ReportPageTests {
    static let policy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"

    static func hostile(
        id: String, name: String?, description: String? = nil, breed: String? = nil,
        email: String? = "owner@example.com", phone: String? = "+48 600 100 200", status: String = "MISSING",
        photoUrl: String? = nil
    ) -> WireAnnouncement {
        var report = SampleAnnouncements.make(id: id, petName: name, photoUrl: photoUrl, status: status)
        report.description = description
        report.breed = breed
        report.email = email
        report.phone = phone
        return report
    }

    @Test("answers 200 HTML with the report, the security headers and no script")
    func page() async throws {
        let report = Self.hostile(
            id: "rex-1", name: "Rex", description: "Brown, white paws.", breed: "Beagle",
            photoUrl: "/images/rex.jpg")
        try await ServerFixture.with([report]) { fixture in
            let response = try await fixture.get("/reports/rex-1")
            #expect(response.status == 200)
            #expect(response.contentType == "text/html; charset=utf-8")
            #expect(response.headers["content-security-policy"].first == Self.policy)
            #expect(response.headers["x-content-type-options"].first == "nosniff")
            #expect(response.headers["cache-control"].first == "public, max-age=\(ReportPageRoute.cacheSeconds)")
            let html = response.text
            #expect(!html.lowercased().contains("<script"))
            #expect(html.contains("<h1 dir=\"auto\">Rex</h1>"))
            #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
            #expect(html.contains("prefers-color-scheme: dark"))
            #expect(html.contains("<meta property=\"og:title\" content=\"Rex\">"))
            #expect(html.contains("<meta property=\"og:type\" content=\"website\">"))
            #expect(html.contains("og:description\" content=\"Lost cat · Rex · last seen"))
            let origin = try #require(fixture.server.baseURL.absoluteString.split(separator: "/").dropFirst().first)
            #expect(html.contains("<meta property=\"og:image\" content=\"http://\(origin)/images/rex.jpg\">"))
            #expect(html.contains("<meta property=\"og:url\" content=\"http://\(origin)/reports/rex-1\">"))
            #expect(html.contains("<img class=\"photo\" src=\"/images/rex.jpg\""))
            #expect(html.contains("href=\"tel:+48600100200\""))
            #expect(html.contains("href=\"mailto:owner@example.com\""))
            #expect(html.contains("Beagle"))
            #expect(
                html.contains("https://www.openstreetmap.org/?mlat=52.2297&amp;mlon=21.0122#map=16/52.2297/21.0122"))
            #expect(!html.contains("Closed — this pet is home"))
        }
    }

    @Test("hostile names, descriptions and contacts are escaped, in text and in attributes")
    func hostileTexts() async throws {
        let long = String(repeating: "Ω<>&\"' ", count: 1_500)  // over 10 kB
        let reports = [
            Self.hostile(
                id: "h1", name: "<script>alert(1)</script>", description: "\"><img src=x onerror=alert(1)>",
                breed: "{{title}} {{{summary}}}"),
            Self.hostile(
                id: "h2", name: "Rex\" onmouseover=\"alert(1)", description: "it's a 'quote' & \"more\"",
                email: "a\"b@x.com?subject=<b>&body=x", phone: "+1 <555> \"PETS\""),
            Self.hostile(id: "h3", name: "\u{202E}xeR \u{05E9}\u{05DC}\u{05D5}\u{05DD}", description: long),
            Self.hostile(id: "h4", name: "<b>Rex & \"Co\"</b>", photoUrl: "javascript:alert(1)"),
        ]
        try await ServerFixture.with(reports) { fixture in
            for report in reports {
                let response = try await fixture.get("/reports/\(report.id)")
                #expect(response.status == 200)
                let html = response.text
                #expect(!html.lowercased().contains("<script"), "\(report.id)")
                #expect(!html.contains("<img src=x"), "\(report.id)")
                #expect(!html.contains("<b>"), "\(report.id)")
                #expect(!html.contains("\" onmouseover"), "\(report.id)")
                #expect(!html.contains("javascript:"), "\(report.id)")
                // Every attribute value stays one quoted string: no raw quote inside.
                for line in html.split(separator: "\n") where line.hasPrefix("<meta property=\"og:") {
                    #expect(line.filter { $0 == "\"" }.count == 4, "\(line)")
                }
            }
            let first = try await fixture.get("/reports/h1").text
            #expect(first.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(first.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
            // A value is never read as a template.
            #expect(first.contains("{{title}} {{{summary}}}"))
            let second = try await fixture.get("/reports/h2").text
            #expect(second.contains("<meta property=\"og:title\" content=\"Rex&quot; onmouseover=&quot;alert(1)\">"))
            #expect(second.contains("it&#39;s a &#39;quote&#39; &amp; &quot;more&quot;"))
            #expect(second.contains("href=\"mailto:a%22b@x.com%3Fsubject%3D%3Cb%3E%26body%3Dx\""))
            #expect(second.contains("href=\"tel:+1555PETS\""))
            let third = try await fixture.get("/reports/h3").text
            #expect(third.contains("<h1 dir=\"auto\">\u{202E}xeR \u{05E9}\u{05DC}\u{05D5}\u{05DD}</h1>"))
            #expect(third.contains(String(repeating: "Ω&lt;&gt;&amp;&quot;&#39; ", count: 1_400)))
            let preview = try #require(
                third.split(separator: "\n").first { $0.hasPrefix("<meta property=\"og:description\"") })
            #expect(preview.count < ReportPageView.previewCharacters * 8)
            let fourth = try await fixture.get("/reports/h4").text
            #expect(fourth.contains("<h1 dir=\"auto\">&lt;b&gt;Rex &amp; &quot;Co&quot;&lt;/b&gt;</h1>"))
            #expect(!fourth.contains("og:image"))
        }
    }

    @Test("a closed report says the pet is home")
    func closed() async throws {
        try await ServerFixture.with([Self.hostile(id: "c1", name: "Mia", status: "CLOSED")]) { fixture in
            let html = try await fixture.get("/reports/c1").text
            #expect(html.contains("Closed — this pet is home"))
        }
    }

    @Test("an unknown or malformed id is a small HTML 404, not the JSON envelope")
    func notFound() async throws {
        try await ServerFixture.with([Self.hostile(id: "known", name: "Rex")]) { fixture in
            for path in ["/reports/unknown", "/reports/%00", "/reports/%ZZ", "/reports/%3Cscript%3E"] {
                let response = try await fixture.get(path)
                #expect(response.status == 404, "\(path)")
                #expect(response.contentType == "text/html; charset=utf-8", "\(path)")
                #expect(response.headers["content-security-policy"].first == Self.policy)
                #expect(response.text.contains("No such report"), "\(path)")
                #expect(!response.text.lowercased().contains("<script"), "\(path)")
            }
        }
    }

    @Test("HEAD answers the headers without a body; other methods are 405 with Allow")
    func methods() async throws {
        try await ServerFixture.with([Self.hostile(id: "known", name: "Rex")]) { fixture in
            let base = fixture.server.baseURL.absoluteString
            let head = try await HTTPResult.fetch(base + "/reports/known") { $0.method = .HEAD }
            #expect(head.status == 200)
            #expect(head.contentType == "text/html; charset=utf-8")
            #expect(head.body.isEmpty)
            let missing = try await HTTPResult.fetch(base + "/reports/unknown") { $0.method = .HEAD }
            #expect(missing.status == 404)
            for method in [HTTPMethod.POST, .PATCH, .DELETE, .PUT] {
                let response = try await fixture.send("/reports/known", method: method, body: Data("{}".utf8))
                #expect(response.status == 405, "\(method)")
                #expect(response.headers["allow"].first == "GET, HEAD", "\(method)")
            }
        }
    }
}

@Suite("The origin of a report page's absolute URLs")
struct RequestOriginTests {
    @Test("a plain host, IPv4 or bracketed IPv6, with an optional port, is used")
    func valid() {
        #expect(RequestOrigin.origin(host: "pets.example.org") == "http://pets.example.org")
        #expect(RequestOrigin.origin(host: "Pets.Example.org:8080") == "http://pets.example.org:8080")
        #expect(RequestOrigin.origin(host: "127.0.0.1:3000") == "http://127.0.0.1:3000")
        #expect(RequestOrigin.origin(host: "[::1]:3000") == "http://[::1]:3000")
        #expect(RequestOrigin.origin(host: "localhost") == "http://localhost")
    }

    @Test("anything else gives relative URLs")
    func invalid() {
        let hostile = [
            nil, "", "evil.com/\"><script>", "a b", "host:0", "host:65536", "host:80x", "host:", "[::1", "[zz]",
            "-a.com", "a..com", "user@host", "host:80:80", String(repeating: "a", count: 300), "ex\u{0430}mple.com",
        ]
        for header in hostile {
            #expect(RequestOrigin.origin(host: header) == nil, "\(header ?? "nil")")
        }
    }
}

@Suite("The report page's words")
struct ReportPageViewTests {
    @Test("dates read as day, month name and year; other text is kept")
    func dates() {
        #expect(ReportPageView.readableDate("2026-11-20") == "20 November 2026")
        #expect(ReportPageView.readableDate("2026-01-05") == "5 January 2026")
        #expect(ReportPageView.readableDate("yesterday") == "yesterday")
        #expect(ReportPageView.readableDate("2026-13-01") == "2026-13-01")
    }

    @Test("a nameless report is titled by status and species")
    func nameless() {
        var report = SampleAnnouncements.make(id: "n", petName: nil, species: "DOG", status: "FOUND")
        report.sex = "UNKNOWN"
        let view = ReportPageView(report, origin: nil, pagePath: "/reports/n")
        #expect(view.title == "Found dog")
        #expect(view.pageURL == nil)
        #expect(!view.details.contains { $0.label == "Sex" })
    }

    @Test("previews are cut to their limit on one line")
    func preview() {
        let text = String(repeating: "word ", count: 100) + "\nline"
        let cut = ReportPageView.shortened(text, to: ReportPageView.previewCharacters)
        #expect(cut.count <= ReportPageView.previewCharacters)
        #expect(cut.hasSuffix("…"))
        #expect(!cut.contains("\n"))
    }
}
