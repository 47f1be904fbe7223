// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotClient
import PetSpotDomain
import PetSpotLocking
import PetSpotPresentation

/// Photos for cards and details: fetched and decoded off the main thread,
/// scaled to the size shown, kept in a memory-bounded cache, and requested
/// once however many widgets ask at the same time.
@MainActor
final class PhotoLoader {
    /// How a photo is fitted: inside a box (details) or cropped to a square (cards).
    enum Shape: Hashable {
        case fitting(width: Int, height: Int)
        case square(side: Int)
    }

    private struct Key: Hashable {
        let url: URL
        let shape: Shape
    }

    private struct PhotoUnavailable: Error {}

    private let fetcher: any PhotoFetching
    private let byteBudget: Int
    private var cache: [Key: Texture] = [:]
    private var recency: [Key] = []  // least recently used first
    private var cachedBytes = 0
    private var inFlight: [Key: PendingPhoto] = [:]
    /// Photos that are missing or not images are not fetched again until the
    /// next refresh; ones that failed for a passing reason are.
    private var unavailable: Set<Key> = []

    init(fetcher: any PhotoFetching, byteBudget: Int = 96 * 1024 * 1024) {
        self.fetcher = fetcher
        self.byteBudget = byteBudget
    }

    /// The photo if it is already decoded at this size: lets a recycled row show
    /// it in the same frame, without a placeholder flash.
    func cachedTexture(for url: URL, shape: Shape) -> Texture? {
        let key = Key(url: url, shape: shape)
        guard let texture = cache[key] else { return nil }
        touch(key)
        return texture
    }

    /// The photo decoded to `shape`, or nil when it is missing, not an image,
    /// or too large to fetch. Cancelling the calling task gives the photo up:
    /// when nobody else is waiting for it, its fetch and decoding stop, so
    /// rows scrolled past do not queue ahead of the ones on screen.
    func texture(for url: URL, shape: Shape) async -> Texture? {
        let key = Key(url: url, shape: shape)
        if let texture = cachedTexture(for: url, shape: shape) { return texture }
        if unavailable.contains(key) { return nil }
        guard !Task.isCancelled else { return nil }

        let pending: PendingPhoto
        if let joined = inFlight[key], joined.join() {
            pending = joined
        } else {
            pending = PendingPhoto(task: fetchAndDecode(url, shape))
            inFlight[key] = pending
        }
        let outcome = await withTaskCancellationHandler {
            await pending.task.result
        } onCancel: {
            pending.leave()
        }
        if inFlight[key] === pending { inFlight[key] = nil }
        switch outcome {
        case .success(let texture?):
            if cache[key] == nil { cache(texture, for: key) }
            return texture
        case .success(nil):
            return nil
        case .failure(let error):
            if error is PhotoUnavailable { unavailable.insert(key) }
            return nil
        }
    }

    /// nil when the photo failed for a passing reason or was given up;
    /// throws `PhotoUnavailable` when asking again will not help.
    private func fetchAndDecode(_ url: URL, _ shape: Shape) -> Task<Texture?, any Error> {
        let fetcher = self.fetcher
        return Task.detached(priority: .utility) { () -> Texture? in
            switch await fetcher.photo(at: url) {
            case .failed:
                return nil
            case .missing:
                throw PhotoUnavailable()
            case .data(let data):
                guard !Task.isCancelled else { return nil }  // given up while it downloaded
                // Never hand a decoder a format we do not serve, a bomb or half a file.
                guard ImageHeader.isDecodable(data) else { throw PhotoUnavailable() }
                let texture =
                    switch shape {
                    case .fitting(let width, let height): Texture.decode(data, maxWidth: width, maxHeight: height)
                    case .square(let side): Texture.decodeSquare(data, side: side)
                    }
                guard let texture else { throw PhotoUnavailable() }  // not an image
                return texture
            }
        }
    }

    /// Refresh: broken photos may have been fixed on the server.
    func forgetFailures() { unavailable.removeAll() }

    private func cache(_ texture: Texture, for key: Key) {
        guard texture.byteCost <= byteBudget else { return }
        cache[key] = texture
        recency.append(key)
        cachedBytes += texture.byteCost
        while cachedBytes > byteBudget, let oldest = recency.first {
            recency.removeFirst()
            if let evicted = cache.removeValue(forKey: oldest) { cachedBytes -= evicted.byteCost }
        }
    }

    private func touch(_ key: Key) {
        if let index = recency.lastIndex(of: key) {
            recency.remove(at: index)
            recency.append(key)
        }
    }
}

/// A photo being fetched and decoded, and how many callers still wait for it.
/// Callers leave from cancellation handlers, which run on any thread.
private final class PendingPhoto: Sendable {
    let task: Task<Texture?, any Error>
    private let waiters = Locked(1)

    init(task: Task<Texture?, any Error>) {
        self.task = task
    }

    /// Counts one more caller; false once everyone has left (the task is
    /// cancelled, so the caller needs a fetch of its own).
    func join() -> Bool {
        waiters.withLock { count in
            guard count > 0 else { return false }
            count += 1
            return true
        }
    }

    func leave() {
        let isLast = waiters.withLock { count in
            count -= 1
            return count == 0
        }
        if isLast { task.cancel() }
    }
}
