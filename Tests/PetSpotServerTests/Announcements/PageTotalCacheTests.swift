// SPDX-License-Identifier: GPL-3.0-or-later

import Synchronization
import Testing

@testable import PetSpotServer

@Suite("PageTotalCache: one count per filters and revision")
struct PageTotalCacheTests {
    final class Counter: Sendable {
        let calls = Atomic<Int>(0)

        func count(_ value: Int) -> @Sendable () async throws -> Int {
            { [self] in
                calls.add(1, ordering: .relaxed)
                return value
            }
        }
    }

    @Test("pages at one revision count once; a new revision counts again")
    func countsOncePerRevision() async throws {
        let cache = PageTotalCache<Int>()
        let counter = Counter()
        for _ in 0..<5 {
            #expect(try await cache.total(filter: "a", revision: 1, count: counter.count(10)) == 10)
        }
        #expect(counter.calls.load(ordering: .relaxed) == 1)
        #expect(try await cache.total(filter: "a", revision: 2, count: counter.count(11)) == 11)
        #expect(try await cache.total(filter: "b", revision: 2, count: counter.count(3)) == 3)
        #expect(try await cache.total(filter: "a", revision: 2, count: counter.count(99)) == 11)
        #expect(counter.calls.load(ordering: .relaxed) == 3)
    }

    @Test("requests arriving together share one count")
    func concurrentRequestsShareOneCount() async throws {
        let cache = PageTotalCache<Int>()
        let counter = Counter()
        let slow: @Sendable () async throws -> Int = {
            counter.calls.add(1, ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(100))
            return 7
        }
        let totals = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.total(filter: "f", revision: 1, count: slow) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(totals == Array(repeating: 7, count: 20))
        #expect(counter.calls.load(ordering: .relaxed) == 1)
    }

    @Test("at most 64 are kept, the least recently used leaving first; a failed count is not kept")
    func boundedAndFailuresForgotten() async throws {
        let cache = PageTotalCache<Int>()
        let counter = Counter()
        for filter in 0..<65 {
            _ = try await cache.total(filter: "f\(filter)", revision: 1, count: counter.count(filter))
        }
        #expect(counter.calls.load(ordering: .relaxed) == 65)
        _ = try await cache.total(filter: "f64", revision: 1, count: counter.count(0))
        #expect(counter.calls.load(ordering: .relaxed) == 65)
        _ = try await cache.total(filter: "f0", revision: 1, count: counter.count(0))
        #expect(counter.calls.load(ordering: .relaxed) == 66)

        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            try await cache.total(filter: "x", revision: 1) { throw Failure() }
        }
        #expect(try await cache.total(filter: "x", revision: 1, count: counter.count(5)) == 5)
    }
}
