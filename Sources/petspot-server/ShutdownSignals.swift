// SPDX-License-Identifier: GPL-3.0-or-later

import Dispatch
import Foundation
import PetSpotLocking

/// Turns SIGINT/SIGTERM into something a task can await, instead of the default
/// action of killing the process mid-request.
final class ShutdownSignals: Sendable {
    private let stream: AsyncStream<Void>
    /// Kept only so the sources (and their handlers) stay alive.
    private let sources: Locked<[any DispatchSourceSignal]>

    private init(stream: AsyncStream<Void>, sources: sending [any DispatchSourceSignal]) {
        self.stream = stream
        self.sources = Locked(sources)
    }

    static func trap(_ signals: [Int32]) -> ShutdownSignals {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let sources = signals.map { number -> any DispatchSourceSignal in
            #if canImport(Darwin)
                // kqueue delivers signals only when their default action is ignored. On
                // Linux, Dispatch installs its own handler and SIG_IGN would discard them.
                signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        return ShutdownSignals(stream: stream, sources: sources)
    }

    /// Returns at the first trapped signal (or when the waiting task is cancelled).
    func wait() async {
        for await _ in stream { return }
    }
}
