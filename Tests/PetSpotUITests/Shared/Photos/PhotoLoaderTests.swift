// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotClient
import PetSpotLocking
import XCTest

@testable import PetSpotUI

/// Photo work stops when nobody waits for the photo any more: after a fast
/// scroll, rows scrolled past must not keep fetches queued ahead of the rows
/// on screen.
final class PhotoLoaderTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testAPhotoOneOfTwoRowsGivesUpStillLoadsForTheOther() throws {
        let fetcher = try HeldPhotoFetcher()
        MainActor.assumeIsolated {
            let loader = PhotoLoader(fetcher: fetcher)
            let url = URL(string: "http://127.0.0.1:1/images/luna.png")!
            let first = Task { await loader.texture(for: url, shape: .square(side: 32)) }
            var second: Texture?
            var secondDone = false
            Task {
                second = await loader.texture(for: url, shape: .square(side: 32))
                secondDone = true
            }
            XCTAssertTrue(waitUntil { fetcher.started.count == 1 })
            first.cancel()
            fetcher.release()
            XCTAssertTrue(waitUntil { secondDone })
            XCTAssertNotNil(second, "the row still waiting gets its photo")
            XCTAssertEqual(fetcher.started.count, 1, "one fetch for both rows")
            XCTAssertEqual(fetcher.cancelled.count, 0)
        }
    }

    func testAPhotoEveryRowGaveUpIsCancelledAndFetchedAfreshWhenAskedAgain() throws {
        let fetcher = try HeldPhotoFetcher()
        MainActor.assumeIsolated {
            let loader = PhotoLoader(fetcher: fetcher)
            let url = URL(string: "http://127.0.0.1:1/images/luna.png")!
            let given = Task { await loader.texture(for: url, shape: .square(side: 32)) }
            XCTAssertTrue(waitUntil { fetcher.started.count == 1 })
            given.cancel()
            XCTAssertTrue(waitUntil { fetcher.cancelled.count == 1 }, "the fetch is cancelled")

            var again: Texture?
            var done = false
            Task {
                again = await loader.texture(for: url, shape: .square(side: 32))
                done = true
            }
            XCTAssertTrue(waitUntil { fetcher.started.count == 2 }, "a new fetch, not the cancelled one")
            fetcher.release()
            XCTAssertTrue(waitUntil { done })
            XCTAssertNotNil(again, "a given-up photo is not remembered as unavailable")
        }
    }

    func testRowsScrolledPastCancelEveryFetch() throws {
        let fetcher = try HeldPhotoFetcher()
        MainActor.assumeIsolated {
            let loader = PhotoLoader(fetcher: fetcher)
            let loads = (0..<100).map { index in
                Task {
                    await loader.texture(
                        for: URL(string: "http://127.0.0.1:1/images/\(index).png")!, shape: .square(side: 32))
                }
            }
            XCTAssertTrue(waitUntil { fetcher.started.count == 100 })
            for load in loads { load.cancel() }
            XCTAssertTrue(waitUntil { fetcher.cancelled.count == 100 }, "cancelled: \(fetcher.cancelled.count)")
        }
    }
}

/// Holds every fetch until released; records which were cancelled meanwhile.
private final class HeldPhotoFetcher: PhotoFetching {
    private struct State {
        var started: [URL] = []
        var cancelled: [URL] = []
        var released = false
        var lastFetchID = 0
        /// The fetches waiting for `release()`, by id.
        var held: [Int: CheckedContinuation<Void, Never>] = [:]
        /// The fetches cancelled before the release.
        var cancelledIDs: Set<Int> = []
    }

    private let state = Locked(State())
    private let bytes: Data

    init() throws {
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../Sources/PetSpotServer/Demo/images").standardized
        let file = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: images.path).first { $0.hasSuffix(".png") })
        bytes = try Data(contentsOf: images.appendingPathComponent(file))
    }

    var started: [URL] { state.withLock { $0.started } }
    var cancelled: [URL] { state.withLock { $0.cancelled } }

    func release() {
        let waiting = state.withLock { state in
            state.released = true
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    func photo(at url: URL) async -> PhotoFetchResult {
        let id = state.withLock { state in
            state.started.append(url)
            state.lastFetchID += 1
            return state.lastFetchID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let goesOn = state.withLock { state in
                    if state.released || state.cancelledIDs.contains(id) { return true }
                    state.held[id] = continuation
                    return false
                }
                if goesOn { continuation.resume() }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.released else { return nil }
                state.cancelledIDs.insert(id)
                return state.held.removeValue(forKey: id)
            }
            waiting?.resume()
        }
        let wasCancelled = state.withLock { state in
            guard state.cancelledIDs.contains(id) else { return false }
            state.cancelled.append(url)
            return true
        }
        return wasCancelled ? .failed : .data(bytes)
    }
}
