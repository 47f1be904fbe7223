// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import Foundation
import GLibKit
import ShumateKit
import XCTest

/// `TileCache.trim`: libshumate's tile cache cut down to PetSpot's cap.
final class TileCacheTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("petspot-tiles-\(UUID().uuidString)", isDirectory: true).path

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTrimmingDeletesTilesUntilTheCacheFitsItsCap() {
        let folder = folder
        MainActor.assumeIsolated {
            Self.storeTiles(8, bytes: 10_000, in: folder)
            XCTAssertEqual(Self.tileFiles(in: folder).count, 8)

            var removed: Bool?
            TileCache.trim(folder: folder, sizeLimit: 35_000) { removed = $0 }
            XCTAssertTrue(runMainLoop(until: { removed != nil }), "the trim finished")

            XCTAssertEqual(removed, true)
            let left = Self.tileFiles(in: folder).count
            XCTAssertLessThanOrEqual(left, 3, "at most 35 000 bytes of 10 000-byte tiles are left")
            XCTAssertGreaterThan(left, 0, "only what is over the cap goes")
        }
    }

    func testACacheUnderItsCapKeepsEveryTile() {
        let folder = folder
        MainActor.assumeIsolated {
            Self.storeTiles(3, bytes: 1_000, in: folder)
            var removed: Bool?
            TileCache.trim(folder: folder, sizeLimit: TileCache.sizeLimitBytes) { removed = $0 }
            XCTAssertTrue(runMainLoop(until: { removed != nil }))
            XCTAssertEqual(removed, false)
            XCTAssertEqual(Self.tileFiles(in: folder).count, 3)
        }
    }

    /// Stores `count` tiles of `bytes` each, as the tile downloader does, and waits until they are in.
    @MainActor
    private static func storeTiles(_ count: Int, bytes: Int, in folder: String) {
        let cache = shumate_file_cache_new_full(guint(100_000_000), "tiles", folder)!
        defer { g_object_unref(UnsafeMutableRawPointer(cache)) }
        let payload = [UInt8](repeating: 0x89, count: bytes)
        let stored = Counter()
        for x in 0..<count {
            let data = payload.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            shumate_file_cache_store_tile_async(
                cache, Int32(x), 0, 5, data, nil, nil, tileStored, Unmanaged.passRetained(stored).toOpaque())
            g_bytes_unref(data)
        }
        XCTAssertTrue(runMainLoop(until: { stored.value == count }), "the tiles were stored")
    }

    private static func tileFiles(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }
    }
}

private final class Counter {
    var value = 0
}

private let tileStored: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    let counter = Unmanaged<Counter>.fromOpaque(data).takeRetainedValue()
    shumate_file_cache_store_tile_finish(OpaquePointer(source), result, nil)
    counter.value += 1
}
