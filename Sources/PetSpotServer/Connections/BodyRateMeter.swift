// SPDX-License-Identifier: GPL-3.0-or-later

import NIOCore
import PetSpotDomain

/// How fast a request's body arrives while the server is waiting for it. Only
/// time with a read outstanding counts, so a body held back by the server
/// itself (busy hashing, its buffer full) is never blamed on the client.
struct BodyRateMeter {
    enum Verdict { case fine, tooSlow }

    let minimumBytes: Int
    let window: TimeAmount

    private var waitingSince: NIODeadline?
    private var waited: TimeAmount = .zero
    private var bytes = 0

    init(minimumBytes: Int, window: Duration) {
        self.minimumBytes = minimumBytes
        self.window = TimeAmount(window)
    }

    /// A new body: nothing counted yet.
    mutating func reset() {
        waitingSince = nil
        waited = .zero
        bytes = 0
    }

    /// The server asked for more bytes. Returns how long until the window of
    /// waiting is over, when a wait starts now.
    mutating func readRequested(at now: NIODeadline) -> TimeAmount? {
        guard waitingSince == nil else { return nil }
        waitingSince = now
        return window - waited
    }

    mutating func received(_ count: Int, at now: NIODeadline) -> Verdict {
        stopWaiting(at: now)
        bytes += count
        return judge()
    }

    /// At the end of a window with a read still outstanding. Returns the
    /// verdict, and how long until the next window ends when still waiting.
    mutating func windowEnded(at now: NIODeadline) -> (Verdict, next: TimeAmount?) {
        guard waitingSince != nil else { return (.fine, nil) }
        stopWaiting(at: now)
        let verdict = judge()
        waitingSince = now
        return (verdict, window - waited)
    }

    private mutating func stopWaiting(at now: NIODeadline) {
        if let waitingSince { waited = waited + (now - waitingSince) }
        waitingSince = nil
    }

    /// After a whole window of waiting, the bytes it brought must reach the minimum.
    private mutating func judge() -> Verdict {
        guard waited >= window else { return .fine }
        guard bytes >= minimumBytes else { return .tooSlow }
        waited = .zero
        bytes = 0
        return .fine
    }
}
