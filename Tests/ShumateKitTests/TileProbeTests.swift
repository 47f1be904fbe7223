// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GLibKit
import GtkKit
import ShumateKit
import XCTest

/// `probeTiles`: libshumate drops tile errors, so the page asks for one tile.
final class TileProbeTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireDisplay() }
    }

    func testOpenStreetMapIsUnavailableWithoutTheNetwork() throws {
        // Only meaningful offline, as on the build machine; with a network the probe would (rightly) succeed.
        var addresses: UnsafeMutablePointer<addrinfo>?
        if getaddrinfo("tile.openstreetmap.org", "443", nil, &addresses) == 0 {
            freeaddrinfo(addresses)
            throw XCTSkip("tile.openstreetmap.org resolves here: the network is up")
        }
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            XCTAssertEqual(map.mapSourceID, "osm-mapnik")
            var available: Bool?
            map.probeTiles { available = $0 }
            XCTAssertNil(available, "answers in a later main-loop iteration")
            // Within the probe's own 10 s timeout, however slow the resolver is.
            XCTAssertTrue(runMainLoop(until: { available != nil }, timeout: 30), "no answer within 30 s")
            XCTAssertEqual(available, false)
        }
    }

    func testTheTileUnderTheCentreIsAskedForAndAvailable() throws {
        let token = "probe\(UInt32.random(in: 0...UInt32.max))"
        // The tile under Warsaw at zoom 10: x = ⌊(21.0122 + 180) / 360 · 2¹⁰⌋ = 571, y = 337 by the
        // Mercator formula. Only that one is served (the map's own tile layer asks for its
        // neighbours too, and gets 404s), so a probe of any other tile would fail.
        let centreTile = "/10/571/337.png?\(token)"
        let tile = try MainActor.assumeIsolated { try Self.pngTile() }
        let server = try LoopbackTileServer(serving: tile, onlyAt: centreTile)
        defer {
            server.stop()
            Self.removeCachedTiles(matching: token)
        }
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            map.zoomLevel = 10
            map.centre = Places.warsaw
            map.useTiles(urlTemplate: "http://127.0.0.1:\(server.port)/{z}/{x}/{y}.png?\(token)", id: token)
            let census = BoxCensus()
            var result: TileProbeResult?
            census.counting { map.probeTileSource { result = $0 } }
            XCTAssertGreaterThan(census.createdCount, 0, "the probe's callbacks are boxed")
            XCTAssertTrue(runMainLoop(until: { result != nil }, timeout: 30), "no answer within 30 s")
            XCTAssertEqual(result?.isAvailable, true, result?.error ?? "")
            XCTAssertNil(result?.error)
            XCTAssertTrue(server.requestedPaths.contains(centreTile), "asked for \(server.requestedPaths)")
            // libshumate stores the tile on disk in the background: let it, so the clean-up finds it.
            _ = runMainLoop(until: { !Self.cachedTileDirectories(matching: token).isEmpty }, timeout: 1)
            XCTAssertTrue(
                runMainLoop(until: { census.liveCount == 0 }, timeout: 30),
                "the probe's boxes were not released: \(census.liveCount) live")

            // Elsewhere the server has no tiles (404): unavailable, with a reason.
            map.centre = Places.gdansk
            var available: Bool?
            map.probeTiles { available = $0 }
            XCTAssertTrue(runMainLoop(until: { available != nil }, timeout: 30), "no answer within 30 s")
            XCTAssertEqual(available, false)
        }
    }

    func testARefusedConnectionIsUnavailable() throws {
        // A port just freed: nothing listens there, and no tile from it was ever cached.
        let server = try LoopbackTileServer(serving: [])
        let port = server.port
        server.stop()
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            map.useTiles(urlTemplate: "http://127.0.0.1:\(port)/{z}/{x}/{y}.png?refused", id: "refused-\(port)")
            var result: TileProbeResult?
            map.probeTileSource { result = $0 }
            XCTAssertTrue(runMainLoop(until: { result != nil }, timeout: 30), "no answer within 30 s")
            XCTAssertEqual(result?.isAvailable, false)
            XCTAssertNotNil(result?.error)
        }
    }

    func testAServerThatNeverAnswersTimesOut() throws {
        // Accepts connections (the kernel's backlog) but never answers: the probe gives up.
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(silent, $0, length) == 0 && listen(silent, 8) == 0 && getsockname(silent, $0, &length) == 0
            }
        }
        XCTAssertTrue(ready)
        let port = UInt16(bigEndian: address.sin_port)
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            map.useTiles(urlTemplate: "http://127.0.0.1:\(port)/{z}/{x}/{y}.png?silent", id: "silent-\(port)")
            var results: [TileProbeResult] = []
            let start = monotonicSeconds()
            map.probeTileSource(timeout: .milliseconds(300)) { results.append($0) }
            XCTAssertTrue(runMainLoop(until: { !results.isEmpty }, timeout: 30), "no answer within 30 s")
            XCTAssertEqual(results.first?.isAvailable, false)
            XCTAssertGreaterThanOrEqual(monotonicSeconds() - start, 0.3)
            XCTAssertFalse(
                conditionBecomesTrue(within: 0.3) { results.count > 1 }, "answered twice (timeout, then cancel)")
        }
    }

    /// A 256×256 transparent PNG, as a tile server would send.
    @MainActor
    private static func pngTile() throws -> [UInt8] {
        let size = 256
        let pixels = [UInt8](repeating: 0, count: size * size * 4)
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(Int32(size), Int32(size), GDK_MEMORY_R8G8B8A8, bytes, gsize(size * 4))!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard let png = gdk_texture_save_to_png_bytes(texture) else { throw XCTSkip("GDK could not encode a PNG") }
        defer { g_bytes_unref(png) }
        var length: gsize = 0
        let data = g_bytes_get_data(png, &length)!
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// libshumate caches tiles on disk per URL template; the test's go again.
    private static func removeCachedTiles(matching token: String) {
        for directory in cachedTileDirectories(matching: token) { try? FileManager.default.removeItem(at: directory) }
    }

    private static func cachedTileDirectories(matching token: String) -> [URL] {
        let cache = URL(fileURLWithPath: String(cString: g_get_user_cache_dir())).appendingPathComponent("shumate")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        return entries.filter { $0.contains(token) }.map { cache.appendingPathComponent($0) }
    }
}
