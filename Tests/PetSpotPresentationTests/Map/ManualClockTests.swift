import Testing
import PetSpotTestSupport

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

    @Test func givenAPastDeadline_whenSleeping_thenItReturnsAtOnce() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(2)))
    }
}
