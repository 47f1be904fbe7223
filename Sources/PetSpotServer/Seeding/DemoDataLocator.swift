// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Finds the bundled demo data (`demo-seed.json` + `images/`) at run time.
/// `Bundle.module` is avoided on purpose: it aborts the process when the resource
/// bundle is missing, which is exactly the case after `make install`.
enum DemoDataLocator {
    static let seedFileName = "demo-seed.json"
    static let environmentVariable = "PETSPOT_DEMO_DIR"
    /// SwiftPM's resource bundle for this target on Linux: `<package>_<target>.resources`.
    static let resourceBundleName = "PetSpot_PetSpotServer.resources"

    /// Directories to try, best first.
    static func candidateDirectories(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableDirectory: URL? = currentExecutableDirectory()
    ) -> [URL] {
        var candidates: [URL] = []
        if let override = environment[environmentVariable], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        if let executableDirectory {
            // Installed layout: <prefix>/bin/petspot and <prefix>/share/petspot/demo.
            candidates.append(
                executableDirectory
                    .deletingLastPathComponent()
                    .appendingPathComponent("share/petspot/demo", isDirectory: true))
            // Build-tree layout: the resource bundle SwiftPM puts next to the binary.
            candidates.append(
                executableDirectory
                    .appendingPathComponent(resourceBundleName, isDirectory: true)
                    .appendingPathComponent("Demo", isDirectory: true))
        }
        return candidates
    }

    /// The seed file of the first candidate that has one.
    static func locateSeedFile(in candidates: [URL] = candidateDirectories()) -> URL? {
        candidates
            .map { $0.appendingPathComponent(seedFileName, isDirectory: false) }
            .first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// The directory of the running executable, symlinks resolved.
    static func currentExecutableDirectory() -> URL? {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: link).deletingLastPathComponent()
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
