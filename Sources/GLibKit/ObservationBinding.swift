// SPDX-License-Identifier: GPL-3.0-or-later

import Observation

/// Re-renders when the `@Observable` properties that `render` read change.
///
/// Observation reports the first change after each tracked render; the re-render
/// is posted to the main loop, so any number of changes in one main-loop iteration
/// cost one render, which runs before GTK lays out the next frame.
@MainActor
public final class ObservationBinding {
    private let render: @MainActor () -> Void
    private var isActive = true
    public private(set) var renderCount = 0

    /// Renders once now, then after every observed change until `cancel()` or
    /// until the binding is released.
    public init(_ render: @escaping @MainActor () -> Void) {
        self.render = render
        renderTracked()
    }

    public func cancel() { isActive = false }

    private func renderTracked() {
        guard isActive else { return }
        renderCount += 1
        withObservationTracking(render) { [weak self] in
            MainLoop.post(priority: MainLoop.renderPriority) { self?.renderTracked() }
        }
    }
}
