// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import GtkKit
import PetSpotPresentation

/// The loading, empty and error states of an area that loads data; exactly one
/// of them (or the content) is shown at a time, in one GtkStack.
@MainActor
final class LoadStateViews {
    enum State: Equatable {
        case loading
        case empty
        /// `canRetry`: false when retrying cannot help (the report was deleted).
        case error(message: String, canRetry: Bool = true)
        case content
    }

    let stack = Stack()
    private let spinner: Spinner
    private let errorPage: StatusPage
    private let retry: Button

    /// - Parameters:
    ///   - loadingLabel: the spinner's accessible name ("Loading reports").
    ///   - empty: the empty state's title and text ("No Recent Reports"), if the
    ///     area can be empty.
    ///   - errorTitle: the error state's title ("Unable to Load Reports").
    ///   - content: shown when there is something to show.
    ///   - onRetry: the error state's Retry button.
    ///   - emptyAction: a way on from the empty state ("Report a Pet").
    init(
        loadingLabel: String, empty: (title: String, description: String)?,
        errorTitle: String, content: some Widget, onRetry: @escaping @MainActor () -> Void,
        emptyAction: (label: String, handler: @MainActor () -> Void)? = nil
    ) {
        spinner = Spinner(accessibleLabel: loadingLabel, size: 32)
        spinner.setAlign(horizontal: .center, vertical: .center)
        let loading = Box(.vertical, children: [spinner])
        loading.setAlign(horizontal: .center, vertical: .center)
        loading.setMargins(48)

        errorPage = StatusPage(title: errorTitle, description: nil, iconName: "network-error-symbolic")
        retry = Button(label: tr("Retry"), cssClasses: ["pill", "suggested-action"])
        retry.setAlign(horizontal: .center)
        retry.onClicked(onRetry)
        errorPage.setChild(retry)

        stack.add(loading, name: "loading")
        if let empty {
            let page = StatusPage(
                title: empty.title, description: empty.description, iconName: "system-search-symbolic")
            if let emptyAction {
                let button = Button(label: emptyAction.label, cssClasses: ["pill", "suggested-action"])
                button.setAlign(horizontal: .center)
                button.onClicked(emptyAction.handler)
                page.setChild(button)
            }
            stack.add(page, name: "empty")
        }
        stack.add(errorPage, name: "error")
        stack.add(content, name: "content")
        show(.loading)
        // A spinning GtkSpinner redraws every frame: spin only while it can be seen.
        spinner.onMappedChanged { [unowned self] _ in updateSpinning() }
        stack.keepAlive(self)
    }

    private var state: State = .loading

    private func updateSpinning() {
        let spins = state == .loading && spinner.isMapped
        guard spins, !spinner.isSpinning else {
            spinner.isSpinning = spins
            return
        }
        // A spinning spinner asks for every frame, and on a slow renderer (GL
        // on llvmpipe) those frames fill the main loop. GTK puts the window on
        // the accessibility bus from an idle callback, queued when the window
        // is realized, which would then wait until loading ends (5 s at
        // 100 000 reports): a screen reader would see nothing meanwhile.
        // Starting to spin from an idle callback too lets it run first.
        MainLoop.post(priority: MainLoop.idlePriority) { [weak self] in
            guard let self else { return }
            spinner.isSpinning = state == .loading && spinner.isMapped
        }
    }

    func show(_ state: State) {
        self.state = state
        updateSpinning()
        switch state {
        case .loading: stack.visibleChildName = "loading"
        case .empty: stack.visibleChildName = "empty"
        case .content: stack.visibleChildName = "content"
        case .error(let message, let canRetry):
            errorPage.statusDescription = message
            retry.isVisible = canRetry
            stack.visibleChildName = "error"
        }
    }
}
