// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// Measures how long each iteration of GLib's default main loop keeps the main
/// thread busy: the longest one is how long the window could not answer input
/// or draw a frame. A source of the highest priority watches the loop: GLib
/// calls its `check` right after the poll, when the iteration's work begins,
/// and its `prepare` at the start of the next iteration, when that work is
/// done. It is never ready, so it dispatches nothing itself.
///
/// One probe runs at a time (`start` on a second one stops the first).
@MainActor
public final class MainLoopProbe {
    /// The longest iteration since `start` or `reset`.
    public private(set) var longestIteration: Duration = .zero
    /// Iterations measured since `start` or `reset`.
    public private(set) var iterationCount = 0
    /// Iterations longer than `budget` since `start` or `reset`.
    public private(set) var overBudgetCount = 0
    /// A frame at 60 Hz unless told otherwise.
    public let budget: Duration
    /// Called with each iteration over budget: when its work began (µs,
    /// GLib's monotonic clock) and how long it took, to find what it was.
    public var onOverBudget: ((_ startedAt: Int64, _ duration: Duration) -> Void)?

    private var source: UnsafeMutablePointer<GSource>?
    /// When the current iteration's work began (µs, monotonic); nil while polling.
    private var workStartedAt: gint64?

    public init(budget: Duration = .milliseconds(16)) {
        self.budget = budget
    }

    isolated deinit { stop() }

    /// Attaches the probe to the default main context.
    public func start() {
        guard source == nil else { return }
        MainLoopProbe.running?.stop()
        let source = g_source_new(probeFunctions, guint(MemoryLayout<GSource>.size))!
        g_source_set_priority(source, Int32.min)  // prepared and checked before any other source
        g_source_set_name(source, "PetSpot main loop probe")
        g_source_attach(source, nil)
        self.source = source
        MainLoopProbe.running = self
        reset()
    }

    /// Detaches the probe; the figures stay readable.
    public func stop() {
        guard let source else { return }
        g_source_destroy(source)
        g_source_unref(source)
        self.source = nil
        workStartedAt = nil
        if MainLoopProbe.running === self { MainLoopProbe.running = nil }
    }

    /// Forgets the figures so far (the iteration under way is not counted).
    public func reset() {
        longestIteration = .zero
        iterationCount = 0
        overBudgetCount = 0
        workStartedAt = nil
    }

    fileprivate func iterationWorkBegan() {
        workStartedAt = g_get_monotonic_time()
    }

    fileprivate func iterationWorkEnded() {
        guard let workStartedAt else { return }
        self.workStartedAt = nil
        let duration = Duration.microseconds(g_get_monotonic_time() - workStartedAt)
        iterationCount += 1
        if duration > budget {
            overBudgetCount += 1
            onOverBudget?(Int64(workStartedAt), duration)
        }
        if duration > longestIteration { longestIteration = duration }
    }

    fileprivate static weak var running: MainLoopProbe?
}

/// GLib keeps a pointer to a source's function table for the source's life.
nonisolated(unsafe) private let probeFunctions: UnsafeMutablePointer<GSourceFuncs> = {
    let functions = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    functions.initialize(
        to: GSourceFuncs(
            prepare: { _, timeout in
                timeout?.pointee = -1
                MainActor.assumeIsolated { MainLoopProbe.running?.iterationWorkEnded() }
                return 0
            },
            check: { _ in
                MainActor.assumeIsolated { MainLoopProbe.running?.iterationWorkBegan() }
                return 0
            },
            dispatch: { _, _, _ in 1 },
            finalize: nil, closure_callback: nil, closure_marshal: nil))
    return functions
}()
