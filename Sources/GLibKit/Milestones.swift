// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// Start-up milestones for measuring from outside: with `PETSPOT_MILESTONES=1`
/// each `mark` prints `milestone <name> <µs>` on standard error, the time
/// being GLib's monotonic clock (CLOCK_MONOTONIC, shared by every process on
/// the machine), so a benchmark that noted the clock before exec can tell how
/// long each step took. Without the variable, marking costs one boolean test.
@MainActor
public enum Milestones {
    public static let variable = "PETSPOT_MILESTONES"

    public static let isEnabled: Bool = {
        guard let value = g_getenv(variable) else { return false }
        let text = String(cString: value)
        return !text.isEmpty && text != "0"
    }()

    private static var marked: Set<String> = []

    /// Prints the milestone the first time it is reached; later calls are
    /// ignored. True when this call printed it, for work that follows a
    /// milestone only once (and only while measuring).
    @discardableResult
    public static func mark(_ name: String) -> Bool {
        guard isEnabled, marked.insert(name).inserted else { return false }
        emit(milestone: name)
        return true
    }

    /// For a step that recurs (a list showing new rows): each time it is
    /// reached prints `milestone <name>#<n> <µs>`, n counting from 1.
    public static func markEach(_ name: String) {
        guard isEnabled else { return }
        let number = (occurrences[name] ?? 0) + 1
        occurrences[name] = number
        emit(milestone: "\(name)#\(number)")
    }

    private static var occurrences: [String: Int] = [:]

    private static func emit(milestone name: String) {
        var bytes = Array("milestone \(name) \(monotonicMicroseconds())\n".utf8)
        _ = write(2, &bytes, bytes.count)  // unbuffered: the reader sees it at once
    }

    /// GLib's monotonic clock, in microseconds: the clock milestones are printed in.
    public nonisolated static func monotonicMicroseconds() -> Int64 { Int64(g_get_monotonic_time()) }
}
