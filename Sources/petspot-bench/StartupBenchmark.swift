// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Start-up, timed from outside as a user sees it: from exec to the first
/// frame that shows Home's cards (PetSpot) or the window's five buttons (the
/// floor: `bench/floor-window.c`, the least a libadwaita app can do). Both
/// print milestones with PETSPOT_MILESTONES=1; the two run alternately so
/// machine noise hits both, and each figure is a median.
@MainActor
struct StartupBenchmark {
    let app: URL
    let floor: URL?
    let scratch: URL
    let runs: Int

    private func environment(renderer: String?) -> [String: String] {
        BenchEnvironment.forApp(renderer: renderer, scratch: scratch)
    }

    /// Home's cards against the floor, for one data set and renderer.
    func homeAgainstFloor(serverURL: URL, reports: String, renderer: String?) async throws -> [Figure] {
        var petspot: [LaunchedProcess.Timeline] = []
        var floorRuns: [LaunchedProcess.Timeline] = []
        for _ in 0..<runs {
            if let floor,
                let timeline = try await LaunchedProcess(
                    executable: floor, environment: environment(renderer: renderer)
                ).run(until: "first-frame")
            {
                floorRuns.append(timeline)
            }
            if let timeline = try await launchPetSpot(serverURL: serverURL, renderer: renderer) {
                petspot.append(timeline)
            }
        }
        if !floorRuns.isEmpty { printBreakdown(floorRuns, title: "floor window, \(Self.name(of: renderer))") }
        let floorTime = median(floorRuns.compactMap { $0.seconds["first-frame"] })
        return figures(
            petspot, reports: reports, renderer: renderer,
            time: (floorTime, .atMostTimesReference(1.3)),
            memory: (median(floorRuns.compactMap(\.peakResidentMiB)), .atMostReferencePlus(40)))
    }

    /// Home's cards with a large data set: absolute goals, no floor.
    func home(serverURL: URL, reports: String, renderer: String?, within seconds: Double, memory: Double) async throws
        -> [Figure]
    {
        var petspot: [LaunchedProcess.Timeline] = []
        for _ in 0..<runs {
            if let timeline = try await launchPetSpot(serverURL: serverURL, renderer: renderer, timeout: .seconds(120))
            {
                petspot.append(timeline)
            }
        }
        return figures(
            petspot, reports: reports, renderer: renderer, time: (nil, .atMost(seconds)), memory: (nil, .atMost(memory))
        )
    }

    private func launchPetSpot(
        serverURL: URL, renderer: String?, timeout: Duration = .seconds(60)
    ) async throws -> LaunchedProcess.Timeline? {
        try await LaunchedProcess(
            executable: app, arguments: ["--api-url", serverURL.absoluteString],
            environment: environment(renderer: renderer)
        ).run(until: "cards-frame", timeout: timeout)
    }

    /// The time to Home's cards and the peak RSS, each a median with its reference and goal.
    private func figures(
        _ petspot: [LaunchedProcess.Timeline], reports: String, renderer: String?,
        time: (reference: Double?, goal: Figure.Goal), memory: (reference: Double?, goal: Figure.Goal)
    ) -> [Figure] {
        let rendererName = Self.name(of: renderer)
        guard !petspot.isEmpty else {
            print("start-up (\(reports), \(rendererName)): PetSpot never showed its cards")
            return []
        }
        printBreakdown(petspot, title: "PetSpot start-up, \(reports), \(rendererName)")
        return [
            Figure(
                name: "start-up: exec → 5 Home cards on screen, \(reports), \(rendererName)", unit: "s",
                value: median(petspot.compactMap { $0.seconds["cards-frame"] }) ?? 0,
                reference: time.reference,
                referenceName: time.reference == nil ? nil : "bare libadwaita window, 5 buttons",
                goal: time.goal, runs: petspot.count),
            Figure(
                name: "start-up: peak RSS, \(reports), \(rendererName)", unit: "MiB",
                value: median(petspot.compactMap(\.peakResidentMiB)) ?? 0,
                reference: memory.reference, goal: memory.goal, runs: petspot.count),
        ]
    }

    private static func name(of renderer: String?) -> String { renderer ?? "default renderer" }

    /// Each milestone's median time since exec, in the order they are reached.
    private func printBreakdown(_ timelines: [LaunchedProcess.Timeline], title: String) {
        let names = Set(timelines.flatMap(\.seconds.keys))
        let medians = names.compactMap { name in
            median(timelines.compactMap { $0.seconds[name] }).map { (name, $0) }
        }.sorted { $0.1 < $1.1 }
        let steps = medians.map { String(format: "%@ %.0f ms", $0.0, $0.1 * 1e3) }
        print("\(title) (median of \(timelines.count)): " + steps.joined(separator: ", "))
    }
}

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[values.count / 2]
}
