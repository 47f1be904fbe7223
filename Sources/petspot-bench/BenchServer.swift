// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotServer

/// The embedded server on loopback, seeded from a file as the tests seed it.
enum BenchServer {
    static func start(seedFile: URL, in directory: URL, name: String) async throws -> (RunningServer, Duration) {
        var server: RunningServer?
        let seeding = try await ContinuousClock().measure {
            server = try await PetSpotHTTPServer.start(
                ServerConfiguration(
                    databasePath: directory.appendingPathComponent("\(name).sqlite").path, seedFile: seedFile),
                logger: Logger(label: "bench.server"))
        }
        return (server!, seeding)
    }
}
