// SPDX-License-Identifier: GPL-3.0-or-later

import Dispatch
import PetSpotLocking
import Testing

@Suite("Locked: state shared between threads")
struct LockedTests {
    private struct Failure: Error {}

    /// Eight threads that keep colliding on one lock. Under `make sanitize-thread`
    /// this is also the check that ThreadSanitizer sees the hand-over between
    /// them: with `Synchronization.Mutex` it reported a race here on every run.
    @Test("contended updates are neither lost nor interleaved")
    func contendedUpdates() {
        let threads = 8
        let updates = 20_000
        let log = Locked([[Int]](repeating: [], count: threads))
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for update in 0..<updates {
                log.withLock { $0[thread].append(update) }
                total.withLock { $0 += 1 }
            }
        }
        #expect(total.withLock { $0 } == threads * updates)
        let expected = Array(0..<updates)
        #expect(log.withLock { $0.allSatisfy { $0 == expected } })
    }

    @Test("an error thrown inside leaves the change made so far and frees the lock", .timeLimit(.minutes(1)))
    func throwingBody() {
        let value = Locked(1)
        #expect(throws: Failure.self) {
            try value.withLock { (number: inout Int) throws(Failure) in
                number = 2
                throw Failure()
            }
        }
        // A lock left held would block here: the time limit fails the test.
        #expect(value.withLock { $0 } == 2)
    }
}
