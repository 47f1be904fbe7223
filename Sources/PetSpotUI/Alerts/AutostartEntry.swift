// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotPresentation

/// The XDG autostart entry that starts PetSpot without a window at login,
/// so alerts keep coming after a restart: `$XDG_CONFIG_HOME/autostart/
/// io.github.petspot.PetSpot.desktop`. Written when alerts are turned on
/// (where the Background portal does not take care of it) and removed when
/// they are turned off.
@MainActor
struct AutostartEntry {
    let fileURL: URL
    /// The command that starts the app in the background: its executable,
    /// `--background` and the options that chose its backend.
    let commandLine: [String]
    private let logger = Logger(label: "io.github.petspot.alerts")

    init(commandLine: [String], directories: XDGDirectories = XDGDirectories()) {
        fileURL = directories.configHome.appendingPathComponent(
            "autostart/\(PetSpotApplication.applicationID).desktop")
        self.commandLine = commandLine
    }

    var exists: Bool { FileManager.default.fileExists(atPath: fileURL.path) }

    /// The entry's text: not shown in menus, started once per login.
    var contents: String {
        """
        [Desktop Entry]
        Type=Application
        Name=PetSpot
        Comment=Notifies about new lost and found pets near you
        Exec=\(commandLine.map(Self.quoted).joined(separator: " "))
        Icon=\(PetSpotApplication.applicationID)
        Terminal=false
        NoDisplay=true
        X-GNOME-Autostart-enabled=true
        X-GNOME-UsesNotifications=true

        """
    }

    func write() {
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: fileURL, options: .atomic)
            logger.info("Alerts: wrote the autostart entry", metadata: ["file": "\(fileURL.path)"])
        } catch {
            logger.warning(
                "Alerts: could not write the autostart entry",
                metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }

    func remove() {
        guard exists else { return }
        do {
            try FileManager.default.removeItem(at: fileURL)
            logger.info("Alerts: removed the autostart entry", metadata: ["file": "\(fileURL.path)"])
        } catch {
            logger.warning(
                "Alerts: could not remove the autostart entry",
                metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }

    /// An `Exec` argument as the Desktop Entry spec quotes it: plain when
    /// it has nothing special, else in double quotes with `"`, `` ` ``, `$`
    /// and `\` escaped; a literal `%` is always doubled.
    static func quoted(_ argument: String) -> String {
        let percent = argument.replacingOccurrences(of: "%", with: "%%")
        let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
        if percent.isEmpty { return "\"\"" }
        guard percent.contains(where: reserved.contains) else { return percent }
        var text = "\""
        for character in percent {
            if "\"`$\\".contains(character) { text += "\\\\" }
            text.append(character)
        }
        return text + "\""
    }
}
