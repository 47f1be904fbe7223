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

    @Test("answers 200 HTML with the report, the security headers and no script", arguments: StorageEngineUnderTest.all)
    func page(engine: StorageEngineUnderTest) async throws {
        let report = Self.hostile(
            id: "rex-1", name: "Rex", description: "Brown, white paws.", breed: "Beagle",
            photoUrl: "/images/rex.jpg")
        try await ServerFixture.with(engine: engine, [report]) { fixture in
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

    @Test(
        "hostile names, descriptions and contacts are escaped, in text and in attributes",
        arguments: StorageEngineUnderTest.all)
    func hostileTexts(engine: StorageEngineUnderTest) async throws {
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
        try await ServerFixture.with(engine: engine, reports) { fixture in
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
                // Counted in bytes: a browser reads code points, not Characters.
                for line in html.split(separator: "\n") where line.hasPrefix("<meta property=\"og:") {
                    #expect(line.utf8.filter { $0 == UInt8(ascii: "\"") }.count == 4, "\(line)")
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

    /// Hostile text whose `"`, `'`, `<` and `&` each carry a combining mark,
    /// so that the mark and the character are one Swift `Character`.
    static let combiningPayloads = [
        "0;url=https://evil.example/\"\u{301} http-equiv=refresh x=",
        "x\"\u{301} onfocus=alert(1) autofocus x=\"\u{301}",
        "'\u{301} onmouseover='\u{301}alert(1)", "<\u{301}script>alert(1)<\u{301}/script>",
        "&\u{301}quot; &\u{301}amp;",
    ]

    /// Every attribute name of every start tag, read byte by byte as an HTML
    /// tokenizer reads code points: a value ends at the first raw quote of
    /// its kind, and whatever follows it is read as further attributes.
    static func attributeNames(_ html: String) -> [String] {
        let bytes = Array(html.utf8)
        func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(byte) }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        let close = UInt8(ascii: ">")
        let slash = UInt8(ascii: "/")
        let equals = UInt8(ascii: "=")
        var names: [String] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, isLetter(bytes[index + 1]) else {
                index += 1
                continue
            }
            index += 1
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != close, bytes[index] != slash {
                index += 1
            }
            while index < bytes.count, bytes[index] != close {
                if isSpace(bytes[index]) || bytes[index] == slash {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, !isSpace(bytes[index]), ![close, slash, equals].contains(bytes[index]) {
                    index += 1
                }
                if index == start {  // A stray "=": skip it.
                    index += 1
                    continue
                }
                names.append(String(decoding: bytes[start..<index], as: UTF8.self))
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == equals else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    index += 1
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    index += 1
                } else {
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != close { index += 1 }
                }
            }
        }
        return names
    }

    /// The attributes the page's template writes, and no others.
    static let templateAttributes: Set = [
        "lang", "charset", "name", "content", "property", "class", "src", "alt", "href", "dir", "aria-label",
    ]

    static func containsBytes(_ html: String, _ needle: String) -> Bool {
        let haystack = Array(html.utf8)
        let needle = Array(needle.utf8)
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    @Test(
        "a quote, apostrophe, < or & with a combining mark is escaped too: no attribute is added",
        arguments: StorageEngineUnderTest.all, combiningPayloads)
    func combiningMarks(engine: StorageEngineUnderTest, payload: String) async throws {
        let report = Self.hostile(
            id: "m1", name: payload, description: payload, breed: payload, email: payload + "@x.com",
            phone: payload + " 600", photoUrl: "/images/rex.jpg")
        try await ServerFixture.with(engine: engine, [report]) { fixture in
            let html = try await fixture.get("/reports/m1").text
            let names = Self.attributeNames(html)
            #expect(Set(names).subtracting(Self.templateAttributes) == [], "\(names)")
            // The words stay on the page as text; only an attribute of that name would act.
            #expect(!names.contains { $0.lowercased() == "http-equiv" })
            #expect(!Self.containsBytes(html.lowercased(), "<script"))
            for raw in ["\"", "'", "<", "&"] {
                #expect(!Self.containsBytes(html, raw + "\u{301}"), "raw \(raw) with a combining mark")
            }
            for line in html.split(separator: "\n") where line.hasPrefix("<meta property=\"og:") {
                #expect(line.utf8.filter { $0 == UInt8(ascii: "\"") }.count == 4, "\(line)")
            }
            let title = try #require(html.split(separator: "\n").first { $0.hasPrefix("<meta property=\"og:title\"") })
            #expect(
                title.utf8.elementsEqual(
                    "<meta property=\"og:title\" content=\"\(ScalarHTMLEscaping().escapeText(payload))\">".utf8))
        }
    }

    @Test("the escaping replaces each of & < > \" ' by code point, combining marks or not")
    func scalarEscaping() {
        let escaping = ScalarHTMLEscaping()
        #expect(escaping.escapeText("a&b<c>d\"e'f").utf8.elementsEqual("a&amp;b&lt;c&gt;d&quot;e&#39;f".utf8))
        #expect(
            escaping.escapeText("\"\u{301}'\u{301}<\u{301}>\u{301}&\u{301}").utf8.elementsEqual(
                "&quot;\u{301}&#39;\u{301}&lt;\u{301}&gt;\u{301}&amp;\u{301}".utf8))
        #expect(escaping.escapeText("Żółw 🐕‍🦺 é").utf8.elementsEqual("Żółw 🐕‍🦺 é".utf8))
    }

    @Test(
        "with a Host that cannot be used, the photo is shown but there is no og:image or og:url",
        arguments: StorageEngineUnderTest.all)
    func photoWithoutHost(engine: StorageEngineUnderTest) async throws {
        let report = Self.hostile(id: "rex-1", name: "Rex", photoUrl: "/images/rex.jpg")
        try await ServerFixture.with(engine: engine, [report]) { fixture in
            let url = fixture.server.baseURL.absoluteString + "/reports/rex-1"
            for host in ["user@host", "host:0", "evil.example/\"><b>"] {
                let response = try await HTTPResult.fetch(url) { $0.headers.replaceOrAdd(name: "Host", value: host) }
                #expect(response.status == 200, "\(host)")
                let html = response.text
                #expect(html.contains("<img class=\"photo\" src=\"/images/rex.jpg\""), "\(host)")
                #expect(!html.contains("og:image"), "\(host)")
                #expect(!html.contains("og:url"), "\(host)")
                #expect(!html.contains("content=\"/images/"), "\(host)")
            }
        }
        let photo = try #require(ReportPageView(report, origin: nil, pagePath: "/reports/rex-1").photo)
        #expect(photo.url == "/images/rex.jpg")
        #expect(photo.absoluteURL == nil)
    }

    @Test("a closed report says the pet is home", arguments: StorageEngineUnderTest.all)
    func closed(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [Self.hostile(id: "c1", name: "Mia", status: "CLOSED")]) {
            fixture in
            let html = try await fixture.get("/reports/c1").text
            #expect(html.contains("Closed — this pet is home"))
        }
    }

    @Test(
        "an unknown or malformed id is a small HTML 404, not the JSON envelope", arguments: StorageEngineUnderTest.all)
    func notFound(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [Self.hostile(id: "known", name: "Rex")]) { fixture in
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

    @Test(
        "HEAD answers the headers without a body; other methods are 405 with Allow",
        arguments: StorageEngineUnderTest.all)
    func methods(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [Self.hostile(id: "known", name: "Rex")]) { fixture in
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
