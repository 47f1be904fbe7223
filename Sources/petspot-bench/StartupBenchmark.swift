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

    /// The environment both programs start in: this one, on X11, with the
    /// renderer asked for (nil: GTK's default), and PetSpot's settings and
    /// caches in a scratch directory so a user's own never count.
    private func environment(renderer: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = renderer
        environment["GDK_BACKEND"] = "x11"
        environment["PETSPOT_MILESTONES"] = "1"
        environment["PETSPOT_LOG_LEVEL"] = "error"
        for (variable, folder) in [("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data")] {
            environment[variable] = scratch.appendingPathComponent(folder).path
        }
        return environment
    }

    /// Home's cards against the floor, for one data set and renderer.
    func homeAgainstFloor(serverURL: URL, reports: String, renderer: String?) async throws -> [Figure] {
        let rendererName = renderer ?? "default renderer"
        var petspot: [LaunchedProcess.Timeline] = [], floorRuns: [LaunchedProcess.Timeline] = []
        for _ in 0..<runs {
            if let floor, let timeline = try await LaunchedProcess(
                executable: floor, environment: environment(renderer: renderer)
            ).run(until: "first-frame") {
                floorRuns.append(timeline)
            }
            if let timeline = try await LaunchedProcess(
                executable: app, arguments: ["--api-url", serverURL.absoluteString],
                environment: environment(renderer: renderer)
            ).run(until: "cards-frame") {
                petspot.append(timeline)
            }
        }
        guard !petspot.isEmpty else {
            print("start-up (\(reports), \(rendererName)): PetSpot never showed its cards")
            return []
        }
        printBreakdown(petspot, title: "PetSpot start-up, \(reports), \(rendererName)")
        if !floorRuns.isEmpty { printBreakdown(floorRuns, title: "floor window, \(rendererName)") }
        let floorTime = median(floorRuns.compactMap { $0.seconds["first-frame"] })
        let floorMemory = median(floorRuns.compactMap(\.peakResidentMiB))
        return [
            Figure(name: "start-up: exec → 5 Home cards on screen, \(reports), \(rendererName)", unit: "s",
                   value: median(petspot.compactMap { $0.seconds["cards-frame"] }) ?? 0,
                   reference: floorTime, referenceName: floorTime == nil ? nil : "bare libadwaita window, 5 buttons",
                   goal: .atMostTimesReference(1.3), runs: petspot.count),
            Figure(name: "start-up: peak RSS, \(reports), \(rendererName)", unit: "MiB",
                   value: median(petspot.compactMap(\.peakResidentMiB)) ?? 0,
                   reference: floorMemory, goal: .atMostReferencePlus(40), runs: petspot.count),
        ]
    }

    /// Home's cards with a large data set: absolute goals, no floor.
    func home(serverURL: URL, reports: String, renderer: String?, within seconds: Double, memory: Double) async throws -> [Figure] {
        var petspot: [LaunchedProcess.Timeline] = []
        for _ in 0..<runs {
            if let timeline = try await LaunchedProcess(
                executable: app, arguments: ["--api-url", serverURL.absoluteString],
                environment: environment(renderer: renderer)
            ).run(until: "cards-frame", timeout: .seconds(120)) {
                petspot.append(timeline)
            }
        }
        let rendererName = renderer ?? "default renderer"
        guard !petspot.isEmpty else {
            print("start-up (\(reports), \(rendererName)): PetSpot never showed its cards")
            return []
        }
        printBreakdown(petspot, title: "PetSpot start-up, \(reports), \(rendererName)")
        return [
            Figure(name: "start-up: exec → 5 Home cards on screen, \(reports), \(rendererName)", unit: "s",
                   value: median(petspot.compactMap { $0.seconds["cards-frame"] }) ?? 0,
                   goal: .atMost(seconds), runs: petspot.count),
            Figure(name: "start-up: peak RSS, \(reports), \(rendererName)", unit: "MiB",
                   value: median(petspot.compactMap(\.peakResidentMiB)) ?? 0, goal: .atMost(memory), runs: petspot.count),
        ]
    }

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
