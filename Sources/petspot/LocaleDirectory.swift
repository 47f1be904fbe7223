// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Where the translations (`<lang>/LC_MESSAGES/petspot.mo`) are: beside the
/// executable in the build folder (`make run`, the tests), else in
/// `<prefix>/share/locale` for the installed `<prefix>/bin/petspot`.
enum LocaleDirectory {
    static func find(executable: URL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
        -> String
    {
        let binDirectory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let beside = binDirectory.appendingPathComponent("locale", isDirectory: true)
        if FileManager.default.fileExists(atPath: beside.path) { return beside.path }
        return binDirectory.deletingLastPathComponent().appendingPathComponent("share/locale", isDirectory: true).path
    }
}
