// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit

/// The Reports tab with every report, driven as a user would from the
/// keyboard by `bench/drive_reports.py` (xdotool for input, the AT-SPI
/// registry to see the app arrive): open the tab, filter Lost, sort oldest
/// first, search, clear the search, scroll. PetSpot prints a milestone at the
/// first frame with each new set of rows (`reports-rows#n`) and, with
/// PETSPOT_PROBE_MAIN_LOOP=1, its longest main-loop iteration each second;
/// the driver prints when each input was sent, on the same clock.
@MainActor
struct ReportsBenchmark {
    let app: URL
    let driver: URL
    let scratch: URL
    let runs: Int

    /// The steps the driver takes, in order: each is followed by one `reports-rows` milestone.
    private static let steps: [(action: String, figure: String, goal: Double)] = [
        ("open-reports", "Reports tab opened → first rows on screen", 0.3),
        ("filter-lost", "filter Lost → new first rows", 0.1),
        ("sort-oldest", "sort oldest first → new first rows", 0.1),
        ("search", "search typed → new first rows", 0.1),
        ("clear-search", "search cleared → every report again", 0.1),
    ]

    /// One run's timeline, in seconds.
    private struct Run {
        var accessibilityBus: Double
        var steps: [String: Double] = [:]
        /// The longest main-loop iteration over the run (ms) and how many seconds had one over 16 ms.
        var longestIteration: Double
        var overBudget: Int
        /// VmHWM once the driver is done: the most the app held over the whole run.
        var peakResidentMiB: Double?
    }

    func run(serverURL: URL, reports: String, renderer: String?) async throws -> [Figure] {
        var runs: [Run] = []
        for index in 0..<self.runs {
            if let run = try await drive(serverURL: serverURL, renderer: renderer, index: index) { runs.append(run) }
        }
        let rendererName = renderer ?? "default renderer"
        guard !runs.isEmpty else {
            print("reports (\(reports), \(rendererName)): the driver never finished")
            return []
        }
        var figures = [
            Figure(
                name: "exec → on the accessibility bus, \(reports), \(rendererName)", unit: "s",
                value: median(runs.map(\.accessibilityBus)) ?? 0, goal: .atMost(1), runs: runs.count)
        ]
        for step in Self.steps {
            let times = runs.compactMap { $0.steps[step.action] }
            guard let value = median(times) else { continue }
            figures.append(
                Figure(
                    name: "\(step.figure), \(reports), \(rendererName)", unit: "s", value: value,
                    goal: .atMost(step.goal), runs: times.count))
        }
        figures.append(
            Figure(
                name: "longest main-loop iteration: load, Reports, filter, sort, search, scroll, \(rendererName)",
                unit: "ms", value: runs.map(\.longestIteration).max() ?? 0, goal: .atMost(16), runs: runs.count))
        let peaks = runs.compactMap(\.peakResidentMiB)
        if let peak = median(peaks) {
            figures.append(
                Figure(
                    name:
                        "peak RSS: load, Reports, filter, sort, search, scroll, \(reports), \(rendererName)",
                    unit: "MiB", value: peak, goal: .atMost(Self.peakResidentGoalMiB(renderer: renderer)),
                    runs: peaks.count))
        }
        print(
            "reports (\(reports), \(rendererName)): seconds with an iteration over 16 ms, per run: "
                + runs.map { String($0.overBudget) }.joined(separator: ", "))
        return figures
    }

    /// Starts PetSpot, lets the driver run through the steps, and reads both logs.
    private func drive(serverURL: URL, renderer: String?, index: Int) async throws -> Run? {
        let log = scratch.appendingPathComponent("reports-\(renderer ?? "default")-\(index).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { return nil }
        let app = Process()
        app.executableURL = self.app
        app.arguments = ["--api-url", serverURL.absoluteString]
        app.environment = environment(renderer: renderer)
        app.standardOutput = FileHandle.nullDevice
        app.standardError = try FileHandle(forWritingTo: log)

        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let output = Pipe()
        driver.standardOutput = output
        let execAt = Milestones.monotonicMicroseconds()
        try app.run()
        defer {
            kill(app.processIdentifier, SIGKILL)
            app.waitUntilExit()
        }  // see LaunchedProcess.stop
        driver.arguments = [self.driver.path, "--pid", String(app.processIdentifier), "--log", log.path]
        try driver.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        driver.waitUntilExit()
        guard driver.terminationStatus == 0 else {
            print("reports: the driver stopped (\(driver.terminationStatus)): \(printed.suffix(300))")
            return nil
        }
        let peak = ProcessMemory.peakResidentMiB(of: app.processIdentifier)
        let appLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        var run = Self.timeline(driver: printed, app: appLog, execAt: execAt)
        run?.peakResidentMiB = peak
        return run
    }

    /// The most the app may hold with every report: GL's buffers and
    /// textures take more than cairo's, hence a goal of its own.
    static func peakResidentGoalMiB(renderer: String?) -> Double {
        renderer == "cairo" ? 250 : 300
    }

    private func environment(renderer: String?) -> [String: String] {
        var environment = BenchEnvironment.forApp(renderer: renderer, scratch: scratch)
        environment["PETSPOT_PROBE_MAIN_LOOP"] = "1"
        return environment
    }

    /// Pairs the driver's n-th action with the app's `reports-rows#n`.
    private static func timeline(driver: String, app: String, execAt: Int64) -> Run? {
        var actions: [String: Int64] = [:]
        var accessibilityBus: Int64?
        for line in driver.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, fields[0] == "a11y" { accessibilityBus = Int64(fields[1]) }
            if fields.count == 3, fields[0] == "action" { actions[String(fields[1])] = Int64(fields[2]) }
        }
        var rows: [Int: Int64] = [:]
        var longest = 0.0
        var overBudget = 0
        for line in app.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "milestone", fields[1].hasPrefix("reports-rows#"),
                let number = Int(fields[1].dropFirst("reports-rows#".count)), let time = Int64(fields[2])
            {
                rows[number] = time
            }
            // "main loop, second N: longest iteration X ms of K, M over 16 ms"
            if line.hasPrefix("main loop, second"), fields.count >= 11, let milliseconds = Double(fields[6]) {
                longest = max(longest, milliseconds)
                if let over = Int(fields[10]), over > 0 { overBudget += 1 }
            }
        }
        guard let accessibilityBus else { return nil }
        var run = Run(
            accessibilityBus: Double(accessibilityBus - execAt) / 1e6, longestIteration: longest,
            overBudget: overBudget)
        for (number, step) in steps.enumerated() {
            if let sent = actions[step.action], let shown = rows[number + 1] {
                run.steps[step.action] = Double(shown - sent) / 1e6
            }
        }
        return run
    }
}
