// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotPresentation
import Testing

@testable import PetSpotUI

/// The XDG autostart entry written when alerts are turned on.
@MainActor
@Suite struct AutostartEntryTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-autostart-\(UUID().uuidString)")

    @Test("the entry starts the same executable in the background, and goes when removed")
    func writeAndRemove() throws {
        let entry = AutostartEntry(
            commandLine: ["/opt/Pet Spot/petspot", "--background", "--api-url", "http://localhost:3000"],
            directories: XDGDirectories(environment: ["HOME": home.path]))
        #expect(entry.fileURL.path.hasSuffix(".config/autostart/io.github.petspot.PetSpot.desktop"))
        entry.write()
        let text = try String(contentsOf: entry.fileURL, encoding: .utf8)
        #expect(text.contains("Exec=\"/opt/Pet Spot/petspot\" --background --api-url http://localhost:3000\n"))
        #expect(text.hasPrefix("[Desktop Entry]\nType=Application\n"))
        entry.remove()
        #expect(!entry.exists)
    }

    @Test("Exec arguments are quoted as the Desktop Entry spec asks")
    func quoting() {
        #expect(AutostartEntry.quoted("--background") == "--background")
        #expect(AutostartEntry.quoted("") == "\"\"")
        #expect(AutostartEntry.quoted("50%") == "50%%")
        #expect(AutostartEntry.quoted("a \"b\" $c") == "\"a \\\\\"b\\\\\" \\\\$c\"")
    }
}
