// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import PetSpotDomain
import PetSpotPresentation
import Testing

@testable import PetSpotUI

/// Settings in GSettings over the project's own schema, compiled for each test
/// into a temporary folder (`glib-compile-schemas --strict`, as the Makefile
/// does), with memory and key-file backends given explicitly, so neither the
/// installed schemas nor GSETTINGS_* variables read before the test matter.
@MainActor
@Suite final class GSettingsStoreTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-gsettings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../resources/gsettings").standardized
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        compile.arguments = ["--strict", "--targetdir=\(schemas)", source.path]
        try compile.run()
        compile.waitUntilExit()
        #expect(compile.terminationStatus == 0, "the schema compiles with --strict")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private var schemas: String { folder.appendingPathComponent("schemas").path }
    private var keyFile: String { folder.appendingPathComponent("keyfile").path }
    private var jsonFile: SettingsFileStore {
        SettingsFileStore(fileURL: folder.appendingPathComponent("config/window-state.json"))
    }

    private let chosen = AppSettings(
        window: WindowGeometry(width: 700, height: 540, isMaximized: true), lastTab: .reports,
        reportsFilter: .found, reportsSort: .oldest)

    private func settings(_ backend: SettingsBackend) throws -> Settings {
        try #require(Settings(schemaID: GSettingsStore.schemaID, schemaDirectory: schemas, backend: backend))
    }

    @Test func testDefaultsAreTheStandardSettingsAndSavedOnesComeBack() throws {
        let store = GSettingsStore(settings: try settings(.memory))
        #expect(store.load() == .standard, "the schema's defaults are the app's standard settings")
        store.save(chosen)
        #expect(store.load() == chosen)
    }

    @Test func testSettingsOutliveTheirObjectInAKeyFile() throws {
        GSettingsStore(settings: try settings(.keyFile(path: keyFile))).save(chosen)
        #expect(GSettingsStore(settings: try settings(.keyFile(path: keyFile))).load() == chosen)
        let text = try String(contentsOfFile: keyFile, encoding: .utf8)
        #expect(text.contains("reports-status-filter='found'"), "\(text)")
    }

    @Test func testValuesTheSchemaRefusesAreRefusedWithoutAbortingTheProcess() throws {
        let settings = try settings(.memory)
        #expect(!(settings.setString("stolen", for: "reports-status-filter")), "not one of the choices")
        #expect(!(settings.setInteger(10, for: "window-width")), "under the schema's minimum")
        #expect(!(settings.setBoolean(true, for: "window-width")), "another type")
        #expect(!(settings.setString("x", for: "no-such-key")))
        #expect(nil == settings.string("no-such-key"))
        #expect(nil == settings.string("window-width"), "an integer is not read as a string")
        #expect(settings.string("reports-status-filter") == "all")
        #expect(!(settings.hasUserValue("window-width")))
        #expect(settings.setInteger(1000, for: "window-width"))
        #expect(settings.hasUserValue("window-width"))
    }

    @Test func testTheListSizeLimitIs512MegabytesUnlessSetAndNothingWithoutTheSchema() throws {
        let backend = SettingsBackend.keyFile(path: keyFile)
        #expect(ListSizeLimitSetting.megabytes(schemaDirectory: schemas, backend: backend) == 512)
        #expect(try settings(backend).setInteger(2_048, for: ListSizeLimitSetting.key))
        #expect(ListSizeLimitSetting.megabytes(schemaDirectory: schemas, backend: backend) == 2_048)
        #expect(!(try settings(backend).setInteger(1, for: ListSizeLimitSetting.key)), "under the schema's minimum")
        let empty = folder.appendingPathComponent("no-schemas").path
        #expect(ListSizeLimitSetting.megabytes(schemaDirectory: empty, backend: backend) == nil)
    }

    @Test func testWithoutTheSchemaSettingsGoToTheJSONFile() throws {
        let empty = folder.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(nil == Settings(schemaID: GSettingsStore.schemaID, schemaDirectory: empty))
        let file = jsonFile
        let store = SettingsStores.open(file: file, schemaDirectory: empty)
        #expect(store === file, "the JSON file is the fallback")
        store.save(chosen)
        #expect(file.load() == chosen)
    }

    @Test func testAMemoryBackendGIOFellBackToIsNotTrustedToKeepSettings() throws {
        // GSETTINGS_BACKEND=memory would make a memory backend the one asked for.
        guard ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"] != "memory" else { return }
        let file = jsonFile
        file.save(chosen)
        #expect(!(try settings(.memory).isPersistent))
        #expect(try settings(.memory).keepsValuesInMemory)
        #expect(SettingsStores.open(file: file, schemaDirectory: schemas, backend: .memory) === file)
        #expect(file.exists && file.load() == chosen, "nothing is moved into a backend that forgets it")
        #expect(try settings(.keyFile(path: keyFile)).isPersistent)
        #expect(!(try settings(.keyFile(path: keyFile)).keepsValuesInMemory))
    }

    @Test func testAJSONFileFromEarlierRunsMovesIntoGSettingsOnce() throws {
        let file = jsonFile
        file.save(chosen)
        let store = SettingsStores.open(file: file, schemaDirectory: schemas, backend: .keyFile(path: keyFile))
        #expect(store is GSettingsStore)
        #expect(store.load() == chosen)
        #expect(!(file.exists), "moved, so a later change in GSettings is not overwritten by it")

        var changed = chosen
        changed.reportsFilter = .lost
        store.save(changed)
        let again = SettingsStores.open(file: file, schemaDirectory: schemas, backend: .keyFile(path: keyFile))
        #expect(again.load() == changed)
    }
}
