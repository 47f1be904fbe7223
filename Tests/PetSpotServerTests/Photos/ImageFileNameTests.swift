// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("Image file names")
struct ImageFileNameTests {
    @Test(
        "plain image names are accepted with their content type",
        arguments: [
            ("a.png", "image/png"), ("b.JPEG", "image/jpeg"), ("c.jpg", "image/jpeg"),
            ("d.webp", "image/webp"), ("e.gif", "image/gif"), ("dog burek.png", "image/png"),
        ])
    func accepted(_ name: String, _ contentType: String) {
        #expect(ImageFileName(name)?.contentType == contentType)
    }

    @Test(
        "anything path-like or hidden is refused",
        arguments: [
            "", ".", "..", "../a.png", "a/b.png", "a\\b.png", ".hidden.png", "a..png", "noextension",
            "a.svg", "a.png\u{0}", "a\nb.png", String(repeating: "x", count: 300) + ".png",
        ])
    func refused(_ name: String) {
        #expect(ImageFileName(name) == nil)
    }

    @Test("photo URLs map to file names only under /images/")
    func photoURL() {
        #expect(ImageFileName(photoURL: "/images/cat.png")?.name == "cat.png")
        #expect(ImageFileName(photoURL: "https://example.com/images/cat.png") == nil)
        #expect(ImageFileName(photoURL: "/images/../db.png") == nil)
    }
}
