// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The alerts' decisions: radius, statuses and species, never twice (also
/// across a restart), nothing that existed before they were turned on, one
/// summary above three, nothing while offline.
@MainActor
@Suite struct AlertWatcherTests {
    static let home = Coordinate(latitude: 52.2297, longitude: 21.0122)!
    static let turnedOn = Date(timeIntervalSince1970: 1_763_200_000 - 60)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alerts-\(UUID().uuidString)")
    var file: AlertMemoryFile { AlertMemoryFile(fileURL: folder.appendingPathComponent("announced.json")) }

    static var settings: AlertSettings {
        var settings = AlertSettings.standard
        settings.isEnabled = true
        settings.radiusKilometres = 5
        return settings
    }

    /// A report `kilometres` north of home, created `minutes` after alerts were turned on.
    static func report(
        _ id: String, kilometres: Double = 1.2, species: Species = .dog, status: AnnouncementStatus = .lost,
        minutes: Double = 1
    ) -> Announcement {
        let point = SampleAnnouncements.destination(
            fromLatitude: home.latitude, longitude: home.longitude, kilometres: kilometres, bearingDegrees: 0)
        return Fixtures.announcement(
            id, name: id.capitalized, species: species, status: status, minutes: minutes, latitude: point.latitude,
            longitude: point.longitude)
    }

    /// A watcher past its baseline of `existing` reports.
    func watcher(existing: [Announcement] = [], settings: AlertSettings = Self.settings) -> AlertWatcher {
        let watcher = AlertWatcher(storage: file)
        #expect(
            watcher.check(.success(existing), settings: settings, userLocation: Self.home, now: Self.turnedOn).isEmpty)
        return watcher
    }

    @Test("a new lost dog inside the radius is one notification with its name and distance")
    func insideRadius() {
        let watcher = watcher()
        let notifications = watcher.check(
            .success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home)
        #expect(notifications.count == 1)
        #expect(notifications.first?.title == "Lost dog nearby: Rex, 1.2 km away")
        #expect(notifications.first?.reportID == "rex")
        #expect(notifications.first?.id == "report-rex")
    }

    @Test("a report outside the radius is not announced, even when the radius grows later")
    func outsideRadius() {
        let watcher = watcher()
        #expect(
            watcher.check(
                .success([Self.report("far", kilometres: 7)]), settings: Self.settings, userLocation: Self.home
            )
            .isEmpty)
        var wider = Self.settings
        wider.radiusKilometres = 10
        #expect(
            watcher.check(.success([Self.report("far", kilometres: 7)]), settings: wider, userLocation: Self.home)
                .isEmpty)
    }

    @Test("the radius is measured from a chosen place instead of my location")
    func chosenPlace() {
        var settings = Self.settings
        let place = SampleAnnouncements.destination(
            fromLatitude: Self.home.latitude, longitude: Self.home.longitude, kilometres: 20, bearingDegrees: 180)
        settings.centre = .place(Coordinate(latitude: place.latitude, longitude: place.longitude)!)
        let watcher = watcher(settings: settings)
        #expect(watcher.check(.success([Self.report("rex")]), settings: settings, userLocation: Self.home).isEmpty)
        let nearPlace = Self.report("luna", kilometres: -19)
        #expect(watcher.check(.success([nearPlace]), settings: settings, userLocation: Self.home).count == 1)
    }

    @Test("without a known location, My Location announces nothing by radius")
    func noLocation() {
        let watcher = watcher()
        #expect(watcher.check(.success([Self.report("rex")]), settings: Self.settings, userLocation: nil).isEmpty)
    }

    @Test("only the chosen statuses and species are announced; closed reports never")
    func statusesAndSpecies() {
        var settings = Self.settings
        settings.statuses = [.found]
        settings.species = [.cat]
        let watcher = watcher(settings: settings)
        let reports = [
            Self.report("lostcat", species: .cat, status: .lost),
            Self.report("founddog", species: .dog, status: .found),
            Self.report("foundcat", species: .cat, status: .found),
            Self.report("closedcat", species: .cat, status: .closed),
        ]
        let notifications = watcher.check(.success(reports), settings: settings, userLocation: Self.home)
        #expect(notifications.map(\.reportID) == ["foundcat"])
        #expect(notifications.first?.title == "Found cat nearby: Foundcat, 1.2 km away")
    }

    @Test("a report is announced once, also by a new watcher reading the same file after a restart")
    func deduplicationAcrossRestarts() {
        let first = watcher()
        #expect(
            first.check(.success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home).count == 1)
        #expect(first.check(.success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home).isEmpty)
        let restarted = AlertWatcher(storage: file)
        let later = restarted.check(
            .success([Self.report("rex"), Self.report("luna")]), settings: Self.settings, userLocation: Self.home)
        #expect(later.map(\.reportID) == ["luna"])
    }

    @Test("reports that existed when alerts were turned on are the baseline, never announced")
    func baseline() {
        let watcher = watcher(existing: [Self.report("old", minutes: -1)])
        #expect(
            watcher.check(.success([Self.report("old", minutes: -1)]), settings: Self.settings, userLocation: Self.home)
                .isEmpty)
        // Created long before alerts were turned on: still quiet once its id is forgotten.
        let ancient = Self.report("ancient", minutes: -60)
        #expect(watcher.check(.success([ancient]), settings: Self.settings, userLocation: Self.home).isEmpty)
    }

    @Test("turning alerts off and on again takes a new baseline")
    func newBaselineAfterOff() {
        let watcher = watcher()
        var off = Self.settings
        off.isEnabled = false
        #expect(watcher.check(.success([Self.report("rex")]), settings: off, userLocation: Self.home).isEmpty)
        #expect(watcher.memory.enabledAt == nil)
        #expect(
            watcher.check(
                .success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home, now: Self.turnedOn
            )
            .isEmpty)
        #expect(watcher.check(.success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home).isEmpty)
    }

    @Test("three new reports are three notifications; four are one summary")
    func summaryAboveThree() {
        let watcher = watcher()
        let three = (1...3).map { Self.report("dog\($0)") }
        #expect(watcher.check(.success(three), settings: Self.settings, userLocation: Self.home).count == 3)
        let four = (4...7).map { Self.report("dog\($0)") }
        let summary = watcher.check(.success(three + four), settings: Self.settings, userLocation: Self.home)
        #expect(summary.count == 1)
        #expect(summary.first?.title == "4 new reports near you")
        #expect(summary.first?.reportID == nil)
    }

    @Test("nothing is announced or forgotten while the backend cannot be reached")
    func offline() {
        let watcher = watcher()
        #expect(watcher.check(.failure(.unreachable), settings: Self.settings, userLocation: Self.home).isEmpty)
        #expect(
            watcher.check(.success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home).count == 1)
    }

    @Test("an offline first check takes no baseline; the first answer does")
    func offlineBeforeBaseline() {
        let watcher = AlertWatcher(storage: file)
        #expect(
            watcher.check(.failure(.timedOut), settings: Self.settings, userLocation: Self.home, now: Self.turnedOn)
                .isEmpty)
        #expect(watcher.memory.hasBaseline == false)
        #expect(watcher.check(.success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home).isEmpty)
        #expect(watcher.memory.hasBaseline)
    }

    @Test("a possible match for one of my reports is announced whatever the radius")
    func matchForMyReport() {
        let mine = Self.report("mine", kilometres: 30, minutes: -5)
        let watcher = watcher(existing: [mine])
        let foundNearMine = Self.report("found", kilometres: 31, status: .found)
        let notifications = watcher.check(
            .success([mine, foundNearMine]), settings: Self.settings, userLocation: Self.home, ownReportIDs: ["mine"])
        #expect(notifications.map(\.reportID) == ["found"])
        #expect(notifications.first?.title == "Possible match for Mine: Found · Dog, 1.0 km away")
    }

    @Test("a damaged memory file is ignored and replaced")
    func corruptFile() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: file.fileURL)
        #expect(file.load() == .empty)
        let watcher = watcher()
        _ = watcher.check(.success([Self.report("rex")]), settings: Self.settings, userLocation: Self.home)
        #expect(file.load().seen == ["rex"])
    }

    @Test("a list longer than the memory's limit announces a new report once, however many checks follow")
    func longListAnnouncesOnce() {
        let old = (0..<(2 * AlertMemory.maximumSeen)).map { Self.report("old\($0)", minutes: -60) }
        let watcher = watcher(existing: old)
        // Newest first, as the backend lists them.
        let rex = Self.report("rex")
        var announced: [String?] = []
        for _ in 0..<4 {
            announced += watcher.check(.success([rex] + old), settings: Self.settings, userLocation: Self.home)
                .map(\.reportID)
        }
        #expect(announced == ["rex"])
        #expect(watcher.memory.seen.count == 1)
    }

    @Test("saves are written off the caller's thread, in the order they were made; a load waits for them")
    func savesQueuedInOrder() {
        let queue = DispatchQueue(label: "alert-memory-test")
        let file = AlertMemoryFile(fileURL: folder.appendingPathComponent("queued.json"), queue: queue)
        queue.suspend()
        for count in 1...20 {
            file.save(AlertMemory(enabledAt: Self.turnedOn, hasBaseline: true, seen: (0..<count).map { "id\($0)" }))
        }
        // The caller did not wait for the disk.
        #expect(!FileManager.default.fileExists(atPath: file.fileURL.path))
        queue.resume()
        #expect(file.load().seen.count == 20)
    }

    @Test("the memory keeps at most its limit, dropping the oldest")
    func boundedMemory() {
        var memory = AlertMemory.empty
        memory.remember((0..<(AlertMemory.maximumSeen + 5)).map { "id\($0)" })
        #expect(memory.seen.count == AlertMemory.maximumSeen)
        #expect(memory.seen.first == "id5")
    }
}

/// Sightings of the user's own reports: announced whatever the radius, once,
/// never those from before alerts were turned on.
@MainActor
@Suite struct AlertSightingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alerts-\(UUID().uuidString)")

    static func sighting(_ id: String, of report: Announcement, kilometres: Double, minutes: Double) -> Sighting {
        let point = SampleAnnouncements.destination(
            fromLatitude: report.coordinate.latitude, longitude: report.coordinate.longitude, kilometres: kilometres,
            bearingDegrees: 90)
        let created = report.createdAt.addingTimeInterval(minutes * 60)
        return Sighting(
            id: id, reportID: report.id, seenAt: created,
            coordinate: Coordinate(latitude: point.latitude, longitude: point.longitude)!, note: "By the bakery",
            contact: nil, createdAt: created)
    }

    @Test("a new sighting of my report is one notification, far away or not, and never twice")
    func newSighting() {
        let mine = AlertWatcherTests.report("rex", kilometres: 40, minutes: -5)
        let old = Self.sighting("s1", of: mine, kilometres: 1, minutes: 1)
        let watcher = AlertWatcher(storage: AlertMemoryFile(fileURL: folder.appendingPathComponent("a.json")))
        _ = watcher.check(
            .success([mine]), settings: AlertWatcherTests.settings, userLocation: AlertWatcherTests.home,
            ownReportIDs: ["rex"], ownSightings: ["rex": [old]], now: AlertWatcherTests.turnedOn)
        let new = Self.sighting("s2", of: mine, kilometres: 0.8, minutes: 10)
        let notifications = watcher.check(
            .success([mine]), settings: AlertWatcherTests.settings, userLocation: AlertWatcherTests.home,
            ownReportIDs: ["rex"], ownSightings: ["rex": [new, old]])
        #expect(notifications.map(\.id) == ["sighting-s2"])
        #expect(notifications.first?.title == "Rex was seen 0.8 km from where last seen")
        #expect(notifications.first?.reportID == "rex")
        #expect(
            watcher.check(
                .success([mine]), settings: AlertWatcherTests.settings, userLocation: AlertWatcherTests.home,
                ownReportIDs: ["rex"], ownSightings: ["rex": [new, old]]
            ).isEmpty)
    }
}
