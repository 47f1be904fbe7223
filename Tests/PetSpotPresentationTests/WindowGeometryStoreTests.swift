import Foundation
import Testing
@testable import PetSpotPresentation
import PetSpotDomain
import PetSpotTestSupport

@Suite struct WindowGeometryStoreTests {
    private func temporaryStore() -> WindowGeometryStore {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-geometry-\(UUID().uuidString)", isDirectory: true)
        return WindowGeometryStore(fileURL: directory.appendingPathComponent("nested/window-state.json"))
    }

    @Test func missingFileGivesTheStandardSize() {
        #expect(temporaryStore().load() == .standard)
    }

    @Test func savedGeometryIsLoadedBack() {
        let store = temporaryStore()
        let geometry = WindowGeometry(width: 1111, height: 777, isMaximized: true)
        store.save(geometry)
        #expect(store.load() == geometry)
    }

    @Test func damagedFileGivesTheStandardSize() throws {
        let store = temporaryStore()
        try FileManager.default.createDirectory(
            at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"width\": \"wide\"".utf8).write(to: store.fileURL)
        #expect(store.load() == .standard)
    }

    @Test func absurdSizesAreClampedToUsableOnes() {
        let store = temporaryStore()
        store.save(WindowGeometry(width: -5, height: 10_000_000, isMaximized: false))
        let loaded = store.load()
        #expect(loaded.width == 360)
        #expect(loaded.height == 16_384)
    }

    @Test func xdgDirectoriesFollowTheEnvironment() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "relative/ignored",
        ])
        #expect(directories.appData.path == "/data/petspot")
        #expect(directories.appConfig.path == "/home/ann/.config/petspot")
    }
}
