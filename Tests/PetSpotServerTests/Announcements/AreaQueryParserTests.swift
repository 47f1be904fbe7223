// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("Area query parsing")
struct AreaQueryParserTests {
    @Test("no location means no area")
    func none() throws {
        #expect(try AreaQueryParser.parse([]) == nil)
        #expect(try AreaQueryParser.parse([("range", "10")]) == nil)
    }

    @Test("range defaults to 5 km")
    func defaultRange() throws {
        let area = try AreaQueryParser.parse([("lat", "52.5"), ("lng", "21")])
        #expect(area == SearchArea(latitude: 52.5, longitude: 21, radiusKilometres: 5))
    }

    @Test(
        "errors name the field",
        arguments: [
            ([("lat", "1"), ("lng", "2"), ("range", "2.5")], "range"),
            ([("lat", "1")], "lng"),
            ([("lng", "1")], "lat"),
            ([("lat", "1e400"), ("lng", "2")], "lat"),
        ])
    func errors(_ parameters: [(String, String)], _ field: String) {
        #expect {
            _ = try AreaQueryParser.parse(parameters.map { (name: $0.0, value: $0.1) })
        } throws: { error in
            (error as? APIError)?.field == field && (error as? APIError)?.code == .invalidParameter
        }
    }
}
