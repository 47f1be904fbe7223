import Foundation

/// Distances on the Earth modelled as a sphere, as the wire contract specifies
/// (Haversine, R = 6371 km). Kept here rather than shared with the client so the
/// server's filtering rule stays next to the endpoint that promises it.
enum GreatCircle {
    static let earthRadiusKilometres = 6371.0

    static func distanceKilometres(
        fromLatitude lat1: Double, longitude lng1: Double,
        toLatitude lat2: Double, longitude lng2: Double
    ) -> Double {
        let phi1 = radians(lat1)
        let phi2 = radians(lat2)
        let deltaPhi = radians(lat2 - lat1)
        let deltaLambda = radians(lng2 - lng1)
        let a = sin(deltaPhi / 2) * sin(deltaPhi / 2)
            + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        // min() guards against rounding pushing `a` just above 1 (antipodes).
        let c = 2 * asin(min(1, a.squareRoot()))
        return earthRadiusKilometres * c
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
