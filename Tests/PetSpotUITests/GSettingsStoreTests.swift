import Foundation
import GLibKit
import PetSpotDomain
import PetSpotPresentation
import XCTest
@testable import PetSpotUI

/// Settings in GSettings over the project's own schema, compiled for each test
/// into a temporary folder (`glib-compile-schemas --strict`, as the Makefile
/// does), with memory and key-file backends given explicitly, so neither the
/// installed schemas nor GSETTINGS_* variables read before the test matter.
final class GSettingsStoreTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-gsettings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../resources/gsettings").standardized
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        compile.arguments = ["--strict", "--targetdir=\(schemas)", source.path]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0, "the schema compiles with --strict")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var schemas: String { folder.appendingPathComponent("schemas").path }
    private var keyFile: String { folder.appendingPathComponent("keyfile").path }
    private var jsonFile: SettingsFileStore {
        MainActor.assumeIsolated { SettingsFileStore(fileURL: folder.appendingPathComponent("config/window-state.json")) }
    }

    private let chosen = AppSettings(
        window: WindowGeometry(width: 700, height: 540, isMaximized: true), lastTab: .reports,
        reportsFilter: .found, reportsSort: .oldest)

    @MainActor
    private func settings(_ backend: SettingsBackend) throws -> Settings {
        try XCTUnwrap(Settings(schemaID: GSettingsStore.schemaID, schemaDirectory: schemas, backend: backend))
    }

    func testDefaultsAreTheStandardSettingsAndSavedOnesComeBack() throws {
        try MainActor.assumeIsolated {
            let store = GSettingsStore(settings: try settings(.memory))
            XCTAssertEqual(store.load(), .standard, "the schema's defaults are the app's standard settings")
            store.save(chosen)
            XCTAssertEqual(store.load(), chosen)
        }
    }

    func testSettingsOutliveTheirObjectInAKeyFile() throws {
        try MainActor.assumeIsolated {
            GSettingsStore(settings: try settings(.keyFile(path: keyFile))).save(chosen)
            XCTAssertEqual(GSettingsStore(settings: try settings(.keyFile(path: keyFile))).load(), chosen)
            let text = try String(contentsOfFile: keyFile, encoding: .utf8)
            XCTAssertTrue(text.contains("reports-status-filter='found'"), text)
        }
    }

    func testValuesTheSchemaRefusesAreRefusedWithoutAbortingTheProcess() throws {
        try MainActor.assumeIsolated {
            let settings = try settings(.memory)
            XCTAssertFalse(settings.setString("stolen", for: "reports-status-filter"), "not one of the choices")
            XCTAssertFalse(settings.setInteger(10, for: "window-width"), "under the schema's minimum")
            XCTAssertFalse(settings.setBoolean(true, for: "window-width"), "another type")
            XCTAssertFalse(settings.setString("x", for: "no-such-key"))
            XCTAssertNil(settings.string("no-such-key"))
            XCTAssertNil(settings.string("window-width"), "an integer is not read as a string")
            XCTAssertEqual(settings.string("reports-status-filter"), "all")
            XCTAssertFalse(settings.hasUserValue("window-width"))
            XCTAssertTrue(settings.setInteger(1000, for: "window-width"))
            XCTAssertTrue(settings.hasUserValue("window-width"))
        }
    }

    func testWithoutTheSchemaSettingsGoToTheJSONFile() throws {
        try MainActor.assumeIsolated {
            let empty = folder.appendingPathComponent("empty").path
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            XCTAssertNil(Settings(schemaID: GSettingsStore.schemaID, schemaDirectory: empty))
            let file = jsonFile
            let store = SettingsStores.open(file: file, schemaDirectory: empty)
            XCTAssertTrue(store === file, "the JSON file is the fallback")
            store.save(chosen)
            XCTAssertEqual(file.load(), chosen)
        }
    }

    func testAMemoryBackendGIOFellBackToIsNotTrustedToKeepSettings() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"] == "memory")
        try MainActor.assumeIsolated {
            let file = jsonFile
            XCTAssertFalse(try settings(.memory).isPersistent)
            XCTAssertTrue(SettingsStores.open(file: file, schemaDirectory: schemas, backend: .memory) === file)
            XCTAssertTrue(try settings(.keyFile(path: keyFile)).isPersistent)
        }
    }

    func testAJSONFileFromEarlierRunsMovesIntoGSettingsOnce() throws {
        try MainActor.assumeIsolated {
            let file = jsonFile
            file.save(chosen)
            let store = SettingsStores.open(file: file, schemaDirectory: schemas, backend: .keyFile(path: keyFile))
            XCTAssertTrue(store is GSettingsStore)
            XCTAssertEqual(store.load(), chosen)
            XCTAssertFalse(file.exists, "moved, so a later change in GSettings is not overwritten by it")

            var changed = chosen
            changed.reportsFilter = .lost
            store.save(changed)
            let again = SettingsStores.open(file: file, schemaDirectory: schemas, backend: .keyFile(path: keyFile))
            XCTAssertEqual(again.load(), changed)
        }
    }
}
