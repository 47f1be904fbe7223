// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("Bounding box prefilter")
struct BoundingBoxTests {
    @Test("an ordinary box spans the radius in latitude and a bit more in longitude")
    func ordinary() {
        let box = BoundingBox(around: SearchArea(latitude: 52, longitude: 21, radiusKilometres: 10))
        #expect(abs((box.maximumLatitude - 52) - 10 / 111.19493) < 0.001)
        guard case .between(let west, let east) = box.longitudes else {
            Issue.record("expected one longitude interval, got \(box.longitudes)")
            return
        }
        #expect(west < 21 && east > 21)
        #expect(abs((east - 21) - 10 / (111.19493 * cos(52 * .pi / 180))) < 0.001)
    }

    @Test("crossing ±180° wraps; reaching a pole takes every longitude")
    func edges() {
        let wrapping = BoundingBox(around: SearchArea(latitude: 0, longitude: 179.9, radiusKilometres: 50))
        if case .wrapping(let eastOf, let westOf) = wrapping.longitudes {
            #expect(eastOf < 179.9 && westOf > -180 && westOf < -179)
        } else {
            Issue.record("expected a wrapping span, got \(wrapping.longitudes)")
        }
        let polar = BoundingBox(around: SearchArea(latitude: 89.9, longitude: 0, radiusKilometres: 50))
        #expect(polar.longitudes == .all)
        #expect(polar.maximumLatitude == 90)
    }
}
