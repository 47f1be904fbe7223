// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing

@testable import PetSpotPresentation

/// Photos as notification icon files: one per notification, a bounded folder.
@Suite struct NotificationIconFilesTests {
    let icons = NotificationIconFiles(
        folder: FileManager.default.temporaryDirectory.appendingPathComponent("petspot-icons-\(UUID().uuidString)"))

    @Test("an icon is a file named after its notification, with the photo's bytes")
    func writes() throws {
        let path = try #require(icons.write(Data([1, 2, 3]), for: "report-a/b"))
        #expect(path.hasSuffix("/report-a_b"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
    }

    @Test("the folder keeps at most its limit of icons")
    func bounded() throws {
        for index in 0..<(NotificationIconFiles.maximumFiles + 3) {
            _ = icons.write(Data([UInt8(index)]), for: "report-\(index)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: icons.folder.path)
        #expect(files.count == NotificationIconFiles.maximumFiles)
    }
}
