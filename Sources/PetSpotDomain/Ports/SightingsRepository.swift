// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a report's sightings are read and added (§4.10). The HTTP
/// implementation talks to a PetSpot backend; view-model tests use fakes.
public protocol SightingsRepository: Sendable {
    /// The report's sightings, newest first, or `.unsupported` when the
    /// backend has no sightings at all (the original PetSpot API).
    func sightings(forReport id: String) async throws(SightingError) -> SightingsAnswer

    /// Adds a sighting to the report; the answer is the sighting as stored.
    func post(_ sighting: NewSighting, toReport id: String) async throws(SightingError) -> Sighting
}

/// What a backend said about a report's sightings.
public enum SightingsAnswer: Sendable, Hashable {
    /// Newest first.
    case sightings([Sighting])
    /// The backend has no sightings route: nothing to show, nothing wrong.
    case unsupported
}

/// Why reading or adding sightings failed, in terms the user can act on.
public enum SightingError: Error, Sendable, Hashable {
    /// The request may or may not have arrived (no connection, timed out, an
    /// unreadable answer, 5xx…).
    case transport(RepositoryError)
    /// The backend has no sightings route.
    case unsupported
    /// `404`: the backend no longer has the report.
    case reportNotFound
    /// `409`: the report is closed; the pet is home.
    case reportClosed
    /// `429`: too many sightings from this address lately; after `retryAfter` seconds.
    case tooMany(retryAfterSeconds: Int?)
    /// `400` on a field (`nil` when the backend named none).
    case rejected(field: SightingField?, problem: SightingProblem)
}
