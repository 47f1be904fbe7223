// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Unbuffered writes to stdout/stderr: the listening line must reach a pipe at
/// once, and Swift 6 forbids touching C's `stdout` global from here.
enum StandardStreams {
    static func writeOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
