// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// The single stdout line `petspot-server` prints once it accepts connections.
/// Scripts and tests start it with `--port 0` and read the port back from it.
public enum ListeningLine {
    public static let prefix = "petspot-server listening on "

    public static func text(for baseURL: URL) -> String {
        prefix + baseURL.absoluteString
    }

    /// The port in a line produced by `text(for:)`, or nil for any other line.
    public static func port(in line: String) -> Int? {
        guard line.hasPrefix(prefix),
            let url = URL(
                string: String(line.dropFirst(prefix.count))
                    .trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return url.port
    }
}
