// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

extension SimpleMap {
    /// Asks the map's tile source for one tile (the one under the centre, at the
    /// current whole zoom level) and calls `completion` on the main thread with
    /// whether tiles can be had. libshumate drops tile errors silently (the map
    /// just stays grey), so a page that wants to say "tiles unavailable" asks.
    ///
    /// Uses `shumate_map_source_fill_tile_async`: nothing blocks the main thread
    /// (libsoup's I/O is asynchronous, names resolve on GLib's resolver threads,
    /// the disk cache is read on worker threads). A tile in the disk cache counts
    /// as available. No answer within `timeout` counts as unavailable, and the
    /// request is cancelled.
    public func probeTiles(timeout: Duration = .seconds(10), _ completion: @escaping @MainActor (Bool) -> Void) {
        probeTileSource(timeout: timeout) { completion($0.isAvailable) }
    }

    /// `probeTiles` with the reason for a failure, for tests and diagnostics.
    package func probeTileSource(
        timeout: Duration = .seconds(10), _ completion: @escaping @MainActor (TileProbeResult) -> Void
    ) {
        guard let source = shumate_simple_map_get_map_source(simpleMap) else {
            TileProbe.later { completion(TileProbeResult(isAvailable: false, error: "the map has no tile source")) }
            return
        }
        let minZoom = Double(shumate_map_source_get_min_zoom_level(source))
        let maxZoom = max(minZoom, Double(shumate_map_source_get_max_zoom_level(source)))
        let zoom = min(max(zoomLevel.rounded(.down), minZoom), maxZoom)
        let tileSize = max(shumate_map_source_get_tile_size(source), 1)
        let centre = centre.clamped
        func index(_ pixel: Double, count: guint) -> guint {
            guint(min(max((pixel / Double(tileSize)).rounded(.down), 0), Double(max(count, 1) - 1)))
        }
        let x = index(
            shumate_map_source_get_x(source, zoom, centre.longitude),
            count: shumate_map_source_get_column_count(source, guint(zoom)))
        let y = index(
            shumate_map_source_get_y(source, zoom, centre.latitude),
            count: shumate_map_source_get_row_count(source, guint(zoom)))
        let tile = shumate_tile_new_full(x, y, tileSize, guint(zoom))!
        TileProbe(source: source, tile: tile, completion: completion).start(timeout: timeout)
    }
}

/// What a tile probe found: whether a tile came, and otherwise why not
/// (GLib's error message: "Error resolving “tile.openstreetmap.org”…").
package struct TileProbeResult: Sendable {
    package let isAvailable: Bool
    package let error: String?
}

/// One tile request in flight. GLib holds it twice, through boxes: the async
/// callback's user data and the timeout's; whichever comes first reports.
@MainActor
final class TileProbe {
    private let source: UnsafeMutablePointer<ShumateMapSource>
    private let tile: OpaquePointer  // ShumateTile
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private let completion: @MainActor (TileProbeResult) -> Void
    private var timeoutID: guint = 0
    private var isFinished = false

    /// Takes over `tile`'s reference; holds its own on `source`.
    init(
        source: UnsafeMutablePointer<ShumateMapSource>, tile: OpaquePointer,
        completion: @escaping @MainActor (TileProbeResult) -> Void
    ) {
        g_object_ref(UnsafeMutableRawPointer(source))
        self.source = source
        self.tile = tile
        self.cancellable = g_cancellable_new()
        self.completion = completion
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(tile))
        g_object_unref(UnsafeMutableRawPointer(source))
    }

    func start(timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = guint(
            clamping: max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
        timeoutID = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds, tileProbeTimedOut, ClosureBox(self).retainedPointer(), releaseBox)
        // Released by the callback, which GIO always calls, cancelled or not.
        shumate_map_source_fill_tile_async(
            source, tile, cancellable, tileProbeFinished, ClosureBox(self).retainedPointer())
    }

    fileprivate func fillFinished(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let filled = shumate_map_source_fill_tile_finish(source, result, &error) != 0
        let message = error.map { String(cString: $0.pointee.message) }
        if let error { g_error_free(error) }
        finish(TileProbeResult(isAvailable: filled, error: filled ? nil : message ?? "the source gave no tile"))
    }

    fileprivate func timedOut() {
        timeoutID = 0  // the source removes itself
        finish(TileProbeResult(isAvailable: false, error: "no tile within the timeout"))
        g_cancellable_cancel(cancellable)
    }

    private func finish(_ result: TileProbeResult) {
        guard !isFinished else { return }
        isFinished = true
        if timeoutID != 0 {
            g_source_remove(timeoutID)
            timeoutID = 0
        }
        completion(result)
    }

    /// Runs `body` in a later main-loop iteration, so a completion never runs
    /// inside the call that asked for it.
    static func later(_ body: @escaping @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runLater, ClosureBox<Later>(body).retainedPointer(), releaseBox)
    }
}

typealias Later = @MainActor () -> Void

private let runLater: GSourceFunc = { data in
    if let box = ClosureBox<Later>.from(data) { MainActor.assumeIsolated { box.value() } }
    return gboolean(0)
}

private let tileProbeTimedOut: GSourceFunc = { data in
    if let box = ClosureBox<TileProbe>.from(data) { MainActor.assumeIsolated { box.value.timedOut() } }
    return gboolean(0)  // G_SOURCE_REMOVE
}

private let tileProbeFinished: GAsyncReadyCallback = { _, result, data in
    guard let data else { return }
    defer { releaseBox(data) }
    nonisolated(unsafe) let asyncResult = result  // used on this thread only, during this call
    if let box = ClosureBox<TileProbe>.from(data) { MainActor.assumeIsolated { box.value.fillFinished(asyncResult) } }
}
