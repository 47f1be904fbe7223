// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotLogging
import PetSpotPresentation
import PetSpotServer

// `make bench`: figures for the paths docs/BEHAVIOUR.md says must stay fast with
// 100 000 announcements, each beside the reference it is held to, ending with
// one table (also written as JSON). Build in release; debug figures say little.
//
// Arguments: see BenchOptions.

PetSpotLog.bootstrap(level: .error)

// Everything runs inside GLib's main loop, as in the app: that is what the
// bridge benchmark measures, and it keeps main.swift synchronous.
MainLoop.attachSwiftConcurrency()
var finished = false
var failed = false
Task { @MainActor in
    do {
        try await runBenchmarks(BenchOptions(CommandLine.arguments.dropFirst()))
    } catch {
        print("benchmark failed: \(error)")
        failed = true
    }
    finished = true
}
// Hours: server-scale at ten million reports takes a good part of one.
_ = MainLoop.iterate(until: { finished }, timeout: 4 * 3_600)
if !finished { print("benchmark failed: still running after four hours") }
exit(failed || !finished ? 1 : 0)

/// What the sections produce: goal-bearing figures, and timings shown with their detail.
@MainActor
struct BenchResults {
    var figures: [Figure] = []
    var details: [Measurement] = []
}

@MainActor
func runBenchmarks(_ options: BenchOptions) async throws {
    let count = options.count
    print("PetSpot benchmarks: \(count) announcements, \(ProcessInfo.processInfo.activeProcessorCount) cores")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    var results = BenchResults()
    // The scale section makes databases of its own: alone, it needs none of the 100 000 reports below.
    if options.only != "server-scale" {
        try await runSections(options, scratch: scratch, into: &results)
    }
    if options.includes("server-scale") {
        try await ServerScaleBenchmark(options: options, scratch: scratch).run(into: &results)
    }

    print("")
    for measurement in results.details { print(measurement.line) }
    print("")
    let figures = results.figures + results.details.map(Figure.init)
    ResultsTable.print(figures)
    try ResultsTable.write(figures, to: options.resultsPath)
    print("results written to \(options.resultsPath)")
}

/// Every section but server-scale, over the same synthetic reports and one seeded server.
@MainActor
func runSections(_ options: BenchOptions, scratch: URL, into results: inout BenchResults) async throws {
    let count = options.count
    let items = SyntheticReports.make(count: count)
    let bodyFile = scratch.appendingPathComponent("body.json")
    try SyntheticReports.listBody(items).write(to: bodyFile)
    let warsawPins = SyntheticPins.aroundWarsaw(count: 10_000)

    if options.includes("decoding") {
        try await benchmarkDecodingAndQueries(bodyFile: bodyFile, options: options, pins: warsawPins, into: &results)
    }
    // The real server over loopback, seeded from a file as the tests seed it.
    let (server, seeding) = try await BenchServer.start(seedFile: bodyFile, in: scratch, name: "large")
    results.details.append(
        Measurement(name: "server start, seeding every report", median: seeding, runs: 1, detail: ""))
    if options.includes("server") {
        try await benchmarkServer(server, count: count, into: &results)
    }
    if options.includes("startup") {
        try await benchmarkStartup(
            options: options, items: items, largeServer: server, scratch: scratch, into: &results)
    }
    if options.includes("reports") {
        try await benchmarkReports(options: options, server: server, scratch: scratch, into: &results)
    }
    await server.stop()
    if options.includes("map") {
        // Background → main actor round trips through the GLib loop.
        results.details.append(await BridgeBenchmark.run(roundTrips: 10_000))
        // The map panning over the 10 000 pins above, on the renderer GSK_RENDERER picks.
        results.details += await MapPanningBenchmark.run(pins: warsawPins)
    }
}

/// Decoding beside Python's json module doing the same parse and checks; then
/// the list queries and clustering over what was decoded.
@MainActor
func benchmarkDecodingAndQueries(
    bodyFile: URL, options: BenchOptions, pins: [MapPin], into results: inout BenchResults
) async throws {
    let body = try Data(contentsOf: bodyFile)
    let decoding = try await DecodingBenchmark(body: body, bodyFile: bodyFile, reference: options.pythonReference)
        .run(rounds: 5)
    results.figures += decoding.figures
    let decoded = decoding.announcements
    results.details.append(
        measure("Home query (5 newest)") {
            _ = AnnouncementListQuery.home.apply(to: decoded)
        })
    results.details.append(
        measure("full list, Lost filter, newest first") {
            _ = AnnouncementListQuery(statusFilter: .lost).apply(to: decoded)
        })
    results.details.append(
        measure("search \"breed 1\" (case/diacritics folded)") {
            _ = AnnouncementListQuery(searchText: "breed 1").apply(to: decoded)
        })
    results.details.append(
        measure("nearest first from Warsaw") {
            _ = AnnouncementListQuery(sort: .nearest, userLocation: SyntheticPins.warsaw).apply(to: decoded)
        })
    results.details.append(
        measure("card view models for every report") {
            _ = decoded.map { AnnouncementCard($0, userLocation: SyntheticPins.warsaw) }
        })
    results.details.append(
        measure("cluster 10 000 pins (zoom 10)") {
            _ = PinClustering.markers(for: pins, zoomLevel: 10)
        })
    let matches = MatchesBenchmark.run(over: decoded)
    if let figure = matches.figure { results.figures.append(figure) }
    results.details += matches.details
    let shellSearch = ShellSearchBenchmark.run(over: decoded)
    results.figures.append(shellSearch.figure)
    results.details += shellSearch.details
}

@MainActor
func benchmarkServer(_ server: RunningServer, count: Int, into results: inout BenchResults) async throws {
    results.figures += try await ServerBenchmark.listAnswer(from: server.baseURL, reports: count)
    results.figures += try await ServerBenchmark.sustainedLoad(from: server.baseURL, reports: count)
    let repository = HTTPAnnouncementRepository(baseURL: server.baseURL)
    results.details.append(
        try await measure("GET list + decode through the repository", runs: 3) {
            _ = try await repository.announcements(in: nil)
        })
    let region = SearchRegion(centre: SyntheticPins.warsaw, rangeKilometres: 10)
    results.details.append(
        try await measure("GET region (10 km around Warsaw) + decode") {
            _ = try await repository.announcements(in: region)
        })
    results.details.append(
        try await measure("GET one announcement by id") {
            _ = try await repository.announcement(id: "bench-\(count / 2)")
        })
}

/// Exec → Home's cards on screen: 20 reports against the floor window on both
/// renderers, then every report with absolute goals.
@MainActor
func benchmarkStartup(
    options: BenchOptions, items: [WireAnnouncement], largeServer: RunningServer, scratch: URL,
    into results: inout BenchResults
) async throws {
    guard let app = options.app else {
        print("start-up: skipped (no petspot next to petspot-bench)")
        return
    }
    let startup = StartupBenchmark(app: app, floor: options.floor, scratch: scratch, runs: 5)
    let smallFile = scratch.appendingPathComponent("small.json")
    try SyntheticReports.listBody(Array(items.prefix(20))).write(to: smallFile)
    let (small, _) = try await BenchServer.start(seedFile: smallFile, in: scratch, name: "small")
    for renderer in ["cairo", nil] {
        results.figures += try await startup.homeAgainstFloor(
            serverURL: small.baseURL, reports: "20 reports", renderer: renderer)
    }
    await small.stop()
    let large = StartupBenchmark(app: app, floor: nil, scratch: scratch, runs: 3)
    for renderer in ["cairo", nil] {
        results.figures += try await large.home(
            serverURL: largeServer.baseURL, reports: "\(options.count) reports", renderer: renderer,
            within: 0.6, memory: ReportsBenchmark.peakResidentGoalMiB(renderer: renderer))
    }
}

/// The Reports tab with every report, driven from the keyboard, on both renderers.
@MainActor
func benchmarkReports(options: BenchOptions, server: RunningServer, scratch: URL, into results: inout BenchResults)
    async throws
{
    guard let app = options.app, let driver = options.driver else {
        print("reports: skipped (needs petspot next to petspot-bench and --driver)")
        return
    }
    let reports = ReportsBenchmark(app: app, driver: driver, scratch: scratch, runs: 3)
    for renderer in ["cairo", nil] {
        results.figures += try await reports.run(
            serverURL: server.baseURL, reports: "\(options.count) reports", renderer: renderer)
    }
}
