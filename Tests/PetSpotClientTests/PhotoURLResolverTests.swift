// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("Photo URL resolution")
struct PhotoURLResolverTests {
    @Test(
        "relative paths resolve against the base URL, http(s) is kept, everything else is refused",
        arguments: [
            ("http://127.0.0.1:3000", "/images/x.jpg", "http://127.0.0.1:3000/images/x.jpg"),
            ("http://127.0.0.1:3000", "images/x.jpg", "http://127.0.0.1:3000/images/x.jpg"),
            ("http://127.0.0.1:3000/", "/images/x.webp", "http://127.0.0.1:3000/images/x.webp"),
            ("http://host:3000/petspot", "/images/x.jpg", "http://host:3000/petspot/images/x.jpg"),
            ("http://host:3000/petspot/", "images/x.jpg", "http://host:3000/petspot/images/x.jpg"),
            ("http://host:3000", "/images/x.jpg?v=2", "http://host:3000/images/x.jpg?v=2"),
            ("http://host:3000", "/images/caf%C3%A9.jpg", "http://host:3000/images/caf%C3%A9.jpg"),
            ("http://host:3000", "  /images/x.jpg  ", "http://host:3000/images/x.jpg"),
            ("http://host:3000", "https://cdn.example.org/p/x.jpg", "https://cdn.example.org/p/x.jpg"),
            ("http://host:3000", "http://cdn.example.org:8080/x.png", "http://cdn.example.org:8080/x.png"),
            ("https://host", "//cdn.example.org/x.jpg", "https://cdn.example.org/x.jpg"),
            ("http://host:3000", "file:///etc/passwd", nil),
            ("http://host:3000", "javascript:alert(1)", nil),
            ("http://host:3000", "JavaScript:alert(1)", nil),
            ("http://host:3000", "data:image/png;base64,iVBORw0KGgo=", nil),
            ("http://host:3000", "ftp://example.org/x.jpg", nil),
            ("http://host:3000", "mailto:someone@example.org", nil),
            ("http://host:3000", "http://", nil),
            ("http://host:3000", "https:///x.jpg", nil),
            ("http://host:3000", "", nil),
            ("http://host:3000", "   ", nil),
            ("http://host:3000", "/", nil),
            ("http://host:3000", "not a url at all", nil),
            ("http://host:3000", "C:\\photos\\x.jpg", nil),
            ("http://host:3000", "/images/x.jpg\n", "http://host:3000/images/x.jpg"),
            ("http://host:3000", "/images/\u{0}x.jpg", nil),
        ] as [(String, String, String?)])
    func resolves(base: String, raw: String, expected: String?) throws {
        let resolver = PhotoURLResolver(baseURL: try #require(URL(string: base)))
        #expect(resolver.resolve(raw)?.absoluteString == expected)
    }

    @Test(
        "plain paths (the short way) resolve as the general parser would",
        arguments: [
            ("http://host:3000/api/", "/images/../x.jpg", "http://host:3000/api/images/../x.jpg"),
            ("http://u:p@host:3000", "a-b_c~d.e/f.png", "http://u:p@host:3000/a-b_c~d.e/f.png"),
            ("http://host:3000/api?key=1#top", "/x.jpg", "http://host:3000/api/x.jpg"),
            ("https://HOST.example.org:443/a/b//", "x", "https://HOST.example.org:443/a/b/x"),
            ("http://127.0.0.1:3000", "///x.jpg", nil),
            ("http:///nohost", "/images/x.jpg", nil),
            ("ftp://host/x", "/images/x.jpg", nil),
        ] as [(String, String, String?)])
    func plainPaths(base: String, raw: String, expected: String?) throws {
        let resolver = PhotoURLResolver(baseURL: try #require(URL(string: base)))
        #expect(resolver.resolve(raw)?.absoluteString == expected)
    }

    @Test("a missing photo is no photo")
    func missing() {
        #expect(PhotoURLResolver(baseURL: Fixtures.baseURL).resolve(nil) == nil)
    }

    @Test("upper-case HTTP scheme is accepted")
    func upperCaseScheme() {
        let url = PhotoURLResolver(baseURL: Fixtures.baseURL).resolve("HTTPS://Example.org/x.jpg")
        #expect(url?.scheme?.lowercased() == "https")
    }
}
