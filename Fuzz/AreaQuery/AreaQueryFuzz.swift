// SPDX-License-Identifier: GPL-3.0-or-later

import FuzzSupport
import HummingbirdCore

@testable import PetSpotServer

// The list endpoint's query string, read as the route reads it (Hummingbird's
// URI, then the area parser). It either refuses with INVALID_PARAMETER naming
// one of its fields, or returns an area inside the globe with a positive radius.

@_cdecl("LLVMFuzzerTestOneInput")
public func areaQueryFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let query = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    let uri = URI("/api/v1/announcements?" + query)
    let parameters = uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
    let names = Set(parameters.map { $0.name })
    do throws(APIError) {
        guard let area = try AreaQueryParser.parse(parameters) else {
            require(!names.contains("lat") && !names.contains("lng"), "a location was asked for but none read")
            return 0
        }
        require((-90...90).contains(area.latitude), "latitude \(area.latitude)")
        require((-180...180).contains(area.longitude), "longitude \(area.longitude)")
        require(area.radiusKilometres > 0, "radius \(area.radiusKilometres)")
    } catch {
        require(error.code == .invalidParameter, "code \(error.code)")
        require(["lat", "lng", "range"].contains(error.field ?? ""), "field \(error.field ?? "none")")
    }
    return 0
}

@main
enum AreaQueryFuzz {
    static func main() { runLibFuzzer(areaQueryFuzz) }
}
