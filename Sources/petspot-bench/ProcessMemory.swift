// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// What the kernel says about a running process's memory.
enum ProcessMemory {
    /// VmHWM: the most memory the process has had resident so far, in MiB;
    /// nil once it has ended.
    static func peakResidentMiB(of processIdentifier: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }
}
