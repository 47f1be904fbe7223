// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import Foundation
import GLibKit

/// The map's tiles on disk: libshumate's tile downloader keeps every tile it
/// fetched in its file cache (`$XDG_CACHE_HOME/shumate`), so places already
/// seen still have a map offline. Its own cap (100 MB in 1.0.3) cannot be
/// set from outside, and it only trims when a session's downloads go past it.
/// `trim` opens the same cache (one SQLite index for every tile set) with
/// PetSpot's cap and lets libshumate delete the least used tiles, in a worker
/// thread, until it fits.
public enum TileCache {
    /// The most the map's tile cache keeps on disk when a map opens, and every
    /// `trimInterval` while one is used.
    public static let sizeLimitBytes = 50 * 1024 * 1024
    /// How often `trimIfDue` trims while the map is in use.
    public static let trimInterval: Duration = .seconds(10 * 60)

    @MainActor private static var lastTrim: ContinuousClock.Instant?

    /// Trims libshumate's tile cache to `sizeLimitBytes` unless that was done
    /// within `trimInterval`.
    @MainActor
    public static func trimIfDue() {
        let now = ContinuousClock.now
        if let lastTrim, now - lastTrim < trimInterval { return }
        lastTrim = now
        trim()
    }

    /// Deletes the least used tiles of the cache in `folder` (nil: libshumate's
    /// own, where the map's tiles go) until it holds at most `sizeLimit` bytes;
    /// `completion` says whether any went. Never blocks the main thread.
    @MainActor
    public static func trim(
        folder: String? = nil, sizeLimit: Int = sizeLimitBytes, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        // Any key: the purge covers every tile set the folder's index lists.
        guard let cache = shumate_file_cache_new_full(guint(clamping: sizeLimit), "petspot", folder) else {
            completion?(false)
            return
        }
        // The task keeps the cache alive until it finishes; the box, the completion.
        shumate_file_cache_purge_cache_async(
            cache, nil, tileCachePurged, ClosureBox<PurgeDone>(completion ?? { _ in }).retainedPointer())
        g_object_unref(UnsafeMutableRawPointer(cache))
    }
}

typealias PurgeDone = @MainActor (Bool) -> Void

private let tileCachePurged: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    defer { releaseBox(data) }
    var error: UnsafeMutablePointer<GError>?
    let removed = shumate_file_cache_purge_cache_finish(OpaquePointer(source), result, &error) != 0
    if let error { g_error_free(error) }
    if let box = ClosureBox<PurgeDone>.from(data) { MainActor.assumeIsolated { box.value(removed) } }
}
