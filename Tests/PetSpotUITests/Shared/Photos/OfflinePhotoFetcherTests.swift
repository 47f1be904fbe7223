// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotLocking
import PetSpotPresentation
import Testing

@testable import PetSpotUI

/// Photos shown are kept, and shown again when the backend is down.
@Suite struct OfflinePhotoFetcherTests {
    let cache = OfflineCache(
        backend: "http://127.0.0.1:3000",
        folder: FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-offline-photos-\(UUID().uuidString)", isDirectory: true))
    let url = URL(string: "http://127.0.0.1:3000/images/luna.jpg")!
    let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])

    @Test func aPhotoShownBeforeComesFromTheCacheWhenTheBackendIsDown() async {
        let network = ScriptedPhotoFetcher([.data(bytes), .failed])
        let fetcher = OfflinePhotoFetcher(base: network, cache: cache)

        guard case .data(let first) = await fetcher.photo(at: url) else {
            Issue.record("the backend's photo")
            return
        }
        #expect(first == bytes)
        await cache.flush()
        guard case .data(let offline) = await fetcher.photo(at: url) else {
            Issue.record("the kept photo")
            return
        }
        #expect(offline == bytes)
    }

    @Test func aPhotoNeverShownOrMissingOnTheBackendIsNotMadeUp() async {
        let fetcher = OfflinePhotoFetcher(base: ScriptedPhotoFetcher([.failed, .missing]), cache: cache)
        guard case .failed = await fetcher.photo(at: url) else {
            Issue.record("nothing kept: the failure stands")
            return
        }
        guard case .missing = await fetcher.photo(at: url) else {
            Issue.record("missing on the backend stays missing")
            return
        }
    }
}

/// Answers each call with the next result; the last repeats.
private final class ScriptedPhotoFetcher: PhotoFetching {
    private let results: Locked<[PhotoFetchResult]>

    init(_ results: [PhotoFetchResult]) { self.results = Locked(results) }

    func photo(at url: URL) async -> PhotoFetchResult {
        results.withLock { results in results.count > 1 ? results.removeFirst() : results[0] }
    }
}
