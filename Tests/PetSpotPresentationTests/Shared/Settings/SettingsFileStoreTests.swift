// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The JSON fallback for settings (no GSettings schema installed).
@MainActor
@Suite struct SettingsFileStoreTests {
    private func temporaryStore() -> SettingsFileStore {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-settings-\(UUID().uuidString)", isDirectory: true)
        return SettingsFileStore(fileURL: directory.appendingPathComponent("nested/window-state.json"))
    }

    private func write(_ text: String, to store: SettingsFileStore) throws {
        try FileManager.default.createDirectory(
            at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: store.fileURL)
    }

    @Test func missingFileGivesTheStandardSettings() {
        #expect(temporaryStore().load() == .standard)
    }

    @Test func savedSettingsAreLoadedBack() {
        let store = temporaryStore()
        let settings = AppSettings(
            window: WindowGeometry(width: 1111, height: 777, isMaximized: true), lastTab: .map,
            reportsFilter: .found, reportsSort: .oldest)
        store.save(settings)
        #expect(store.load() == settings)
    }

    @Test func aFileFromBeforeTabsAndFiltersKeepsItsSize() throws {
        let store = temporaryStore()
        try write(#"{"width": 700, "height": 540, "isMaximized": false}"#, to: store)
        var expected = AppSettings.standard
        expected.window = WindowGeometry(width: 700, height: 540, isMaximized: false)
        #expect(store.load() == expected)
    }

    @Test func unknownWordsReadAsTheStandardSettings() throws {
        let store = temporaryStore()
        try write(
            #"{"width": 700, "height": 540, "isMaximized": false, "reportsFilter": "stolen", "reportsSort": 3}"#,
            to: store)
        // A wrong type damages the whole file; an unknown word only its setting.
        #expect(store.load() == .standard)
        try write(
            #"{"width": 700, "height": 540, "isMaximized": false, "reportsFilter": "stolen", "reportsSort": "oldest"}"#,
            to: store)
        #expect(store.load().reportsFilter == .all)
        #expect(store.load().reportsSort == .oldest)
    }

    @Test func damagedFileGivesTheStandardSettings() throws {
        let store = temporaryStore()
        try write("{\"width\": \"wide\"", to: store)
        #expect(store.load() == .standard)
    }

    @Test func absurdSizesAreClampedToUsableOnes() {
        let store = temporaryStore()
        var settings = AppSettings.standard
        settings.window = WindowGeometry(width: -5, height: 10_000_000, isMaximized: false)
        store.save(settings)
        let loaded = store.load()
        #expect(loaded.window.width == 360)
        #expect(loaded.window.height == 16_384)
    }

    @Test func removeForgetsTheFile() {
        let store = temporaryStore()
        store.save(.standard)
        #expect(store.exists)
        store.remove()
        #expect(!store.exists)
    }

    @Test func xdgDirectoriesFollowTheEnvironment() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "relative/ignored",
        ])
        #expect(directories.appData.path == "/data/petspot")
        #expect(directories.appConfig.path == "/home/ann/.config/petspot")
    }
}
