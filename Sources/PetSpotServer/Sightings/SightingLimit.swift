// SPDX-License-Identifier: GPL-3.0-or-later

/// How many sightings one client (`ClientKey`) may add: `burst` at once, then
/// one more every `interval`. The defaults (10, then one every 6 minutes)
/// never let one address add more than 20 in any hour: sightings need no
/// password, so without a limit one client could bury a report's real ones.
public struct SightingLimit: Sendable {
    public var burst: Int
    public var interval: Duration

    public init(burst: Int = 10, interval: Duration = .seconds(360)) {
        self.burst = max(1, burst)
        self.interval = max(.milliseconds(1), interval)
    }

    /// The same token bucket new reports have, with these figures.
    var bucket: ReportCreationLimit { ReportCreationLimit(burst: burst, interval: interval) }
}
