// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@Suite("URI text written the same way by client, server and presentation")
struct URITextTests {
    @Test(
        "coordinates are sent as plain decimals",
        arguments: [
            (52.2297, "52.2297"), (-21.5, "-21.5"), (21.0, "21"), (0.00001, "0.00001"), (-0.0000001, "0"),
            (-180.0, "-180"), (12.3456789, "12.345679"),
        ])
    func plainDecimal(value: Double, expected: String) {
        #expect(URIText.plainDecimal(value) == expected)
    }

    @Test(
        "a path segment keeps only unreserved characters, and a dot segment is escaped",
        arguments: [
            ("abc-123_X.~", "abc-123_X.~"), ("a/b", "a%2Fb"), ("a b?c#d", "a%20b%3Fc%23d"), (".", "%2E"),
            ("..", "%2E%2E"), ("...", "..."), ("ż", "%C5%BC"), ("\"<&>'", "%22%3C%26%3E%27"),
        ])
    func pathSegment(text: String, expected: String) {
        #expect(URIText.encodePathSegment(text) == expected)
    }
}
