// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A value that threads share, reached only while its lock is held.
///
/// The lock is an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`
/// on purpose: on Linux a contended `Mutex` is handed to the waiting thread
/// inside the kernel (a priority-inheritance futex), which ThreadSanitizer cannot
/// see, so `make sanitize` reported races on state that was correctly guarded.
/// ThreadSanitizer follows pthread mutexes, so its reports stay real.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while no other thread can reach it; keep it
    /// short and never wait inside it.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
