import Foundation
import GLibKit
import Logging
import PetSpotServer
import PetSpotDomain
import PetSpotClient
import PetSpotPresentation

// `make bench`: figures for the paths docs/BEHAVIOUR.md says must stay fast with
// 100 000 announcements, and for the GLib/Swift main-loop bridge. Build in
// release; debug figures say little.

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error
    return handler
}

// Everything runs inside GLib's main loop, as in the app: that is what the
// bridge benchmark measures, and it keeps main.swift synchronous.
MainLoop.attachSwiftConcurrency()
var finished = false
Task { @MainActor in
    do {
        try await runBenchmarks()
    } catch {
        print("benchmark failed: \(error)")
    }
    finished = true
}
_ = MainLoop.iterate(until: { finished }, timeout: 3_600)

@MainActor
func runBenchmarks() async throws {
let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 100_000
print("PetSpot benchmarks: \(count) announcements, \(ProcessInfo.processInfo.activeProcessorCount) cores")

let items = SyntheticReports.make(count: count)
let body = try SyntheticReports.listBody(items)
let baseURL = URL(string: "http://127.0.0.1:3000")!
let decoder = AnnouncementDecoder(baseURL: baseURL)
var results: [Measurement] = []

var decoded: [Announcement] = []
results.append(try measure("decode + validate list body", detail: "\(body.count / 1_048_576) MiB") {
    decoded = try decoder.decodeList(from: body).announcements
})
let here = Coordinate(latitude: 52.2297, longitude: 21.0122)!
results.append(measure("landing query (5 newest)") { _ = AnnouncementListQuery.landingPage.apply(to: decoded) })
results.append(measure("full list, Lost filter, newest first") {
    _ = AnnouncementListQuery(statusFilter: .lost).apply(to: decoded)
})
results.append(measure("search \"breed 1\" (case/diacritics folded)") {
    _ = AnnouncementListQuery(searchText: "breed 1").apply(to: decoded)
})
results.append(measure("nearest first from Warsaw") {
    _ = AnnouncementListQuery(sort: .nearest, userLocation: here).apply(to: decoded)
})
results.append(measure("card view models for every report") {
    _ = decoded.map { AnnouncementCard($0, userLocation: here) }
})
let warsawPins = SyntheticPins.aroundWarsaw(count: 10_000)
results.append(measure("cluster 10 000 pins (zoom 10)") {
    _ = PinClustering.markers(for: warsawPins, zoomLevel: 10)
})

// The real server over loopback, seeded from a file as the tests seed it.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let seedFile = directory.appendingPathComponent("seed.json")
try body.write(to: seedFile)
let clock = ContinuousClock()
var server: RunningServer?
let seeding = try await clock.measure {
    server = try await PetSpotHTTPServer.start(
        ServerConfiguration(databasePath: directory.appendingPathComponent("bench.sqlite").path, seedFile: seedFile),
        logger: Logger(label: "bench.server"))
}
results.append(Measurement(name: "server start, seeding every report", median: seeding, runs: 1, detail: ""))
if let server {
    let repository = HTTPAnnouncementRepository(baseURL: server.baseURL)
    results.append(try await measure("GET list + decode through the repository", runs: 3) {
        _ = try await repository.announcements(in: nil)
    })
    let warsaw = SearchRegion(center: here, rangeKilometers: 10)
    results.append(try await measure("GET region (10 km around Warsaw) + decode") {
        _ = try await repository.announcements(in: warsaw)
    })
    results.append(try await measure("GET one announcement by id") {
        _ = try await repository.announcement(id: "bench-\(count / 2)")
    })
    await server.stop()
}

// Background → main actor round trips through the GLib loop.
results.append(await BridgeBenchmark.run(roundTrips: 10_000))

// The map panning over the 10 000 pins above, on the renderer GSK_RENDERER picks.
results += await MapPanningBenchmark.run(pins: warsawPins)

for result in results { print(result.line) }
}
