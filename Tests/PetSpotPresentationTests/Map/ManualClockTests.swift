// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotLocking
import PetSpotTestSupport
import Testing

/// The clock the map's debounce tests stand on.
@Suite struct ManualClockTests {
    @Test func givenASleep_whenTheClockReachesItsDeadline_thenItEnds() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)

        clock.advance(by: .milliseconds(999))
        #expect(clock.pendingSleeperCount == 1)
        clock.advance(by: .milliseconds(1))

        try await sleeper.value
        #expect(clock.pendingSleeperCount == 0)
        #expect(clock.now == ManualClock.Instant(offset: .seconds(1)))
    }

    @Test func givenASleep_whenCancelled_thenItThrowsAndIsForgotten() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)

        sleeper.cancel()

        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingSleeperCount == 0)
    }

    @Test func givenAnAlreadyCancelledTask_whenItSleeps_thenItThrowsAtOnce() async {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingSleeperCount == 0)
    }

    @Test @MainActor func givenAPastDeadline_whenSleeping_thenItReturnsAtOnce() async {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        let returned = Locked(false)
        let sleeper = Task {
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(2)))
            returned.withLock { $0 = true }
        }
        // Either the sleep returns, or it waits for a clock that never moves
        // again: whichever it does shows, so a wrong sleep fails instead of hanging.
        #expect(await eventually { returned.withLock { $0 } || clock.pendingSleeperCount > 0 })
        #expect(returned.withLock { $0 }, "it waited for a deadline already past")
        #expect(clock.pendingSleeperCount == 0)
        sleeper.cancel()
    }
}
