// SPDX-License-Identifier: GPL-3.0-or-later

import Synchronization

/// Counts the boxes (`RetainedBox`) created inside `counting(_:)`: on the
/// calling thread and in the tasks started from it, which inherit it as a task
/// local. A test measures what it created itself this way; a process-wide
/// count would also move with every other test's boxes being made or freed.
public final class BoxCensus: Sendable {
    @TaskLocal static var current: BoxCensus?

    private let created = Atomic<Int>(0)
    private let released = Atomic<Int>(0)

    public init() {}

    /// Runs `body` with every box it creates counted here.
    public func counting<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.$current.withValue(self) { try body() }
    }

    /// Boxes created inside `counting`.
    public var createdCount: Int { created.load(ordering: .acquiring) }
    /// Of those, the boxes not yet released by GLib.
    public var liveCount: Int { createdCount - released.load(ordering: .acquiring) }

    func boxCreated() { created.add(1, ordering: .releasing) }
    func boxReleased() { released.add(1, ordering: .releasing) }
}
