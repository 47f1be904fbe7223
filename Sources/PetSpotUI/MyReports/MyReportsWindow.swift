// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// My Reports: the reports sent from this computer to this backend (the
/// keyring knows their passwords), each as the card Home shows with its
/// possible matches counted, and Mark as Reunited (asked first), Edit, Add
/// Photo and Remove from This Computer. A window of its own, like the form it
/// belongs with.
@MainActor
final class MyReportsWindow {
    let window: Window
    private let viewModel: MyReportsViewModel
    private let app: AppCoordinator
    private let photos: PhotoLoader
    private let states: LoadStateViews
    private let scrolled: ScrolledWindow
    private let photoChooser = FileChooser(
        title: tr("Choose a Photo"), acceptLabel: tr("_Open"), filters: [.images(named: tr("Photos"))])
    private var rows: [String: MyReportRow] = [:]
    private var shownIDs: [String] = []
    private var onClosed: (@MainActor () -> Void)?
    private let onEdit: @MainActor (Announcement) -> Void
    /// The removal being confirmed, if its dialog is open.
    private(set) var removalDialog: MessageDialog?
    /// Mark as Reunited being confirmed, if its dialog is open.
    private(set) var reunionDialog: MessageDialog?
    /// The reports waiting to be sent, above the list.
    private(set) var pending: PendingReportsList?
    private let outbox: Outbox?

    init(
        viewModel: MyReportsViewModel, app: AppCoordinator, photos: PhotoLoader, outbox: Outbox? = nil,
        transientFor parent: (any Toplevel)?, onNewReport: @escaping @MainActor () -> Void,
        onEdit: @escaping @MainActor (Announcement) -> Void = { _ in }, onClosed: @escaping @MainActor () -> Void
    ) {
        self.viewModel = viewModel
        self.onEdit = onEdit
        self.app = app
        self.photos = photos
        self.onClosed = onClosed
        self.outbox = outbox
        window = Window(title: tr("My Reports"), transientFor: parent, width: 560, height: 640)
        let refresh = Button(iconName: "view-refresh-symbolic", accessibleLabel: tr("Refresh"))
        window.headerBar.packStart(refresh)
        let newReport = Button(iconName: "list-add-symbolic", accessibleLabel: tr("Report a Pet"))
        newReport.setTooltip(tr("Report a Pet"))
        window.headerBar.packEnd(newReport)

        scrolled = ScrolledWindow(accessibleLabel: tr("My Reports"))
        states = LoadStateViews(
            loadingLabel: tr("Loading your reports"),
            empty: (title: tr("No Reports Yet"), description: tr("Reports you send from PetSpot appear here.")),
            errorTitle: tr("Unable to Load Your Reports"), content: scrolled,
            onRetry: { viewModel.retry() })
        if let outbox {
            // Reports not sent yet stay in view whatever the list below shows.
            let list = PendingReportsList(outbox: outbox, dialogParent: window)
            list.widget.setMargins(top: 12, bottom: 0, start: 12, end: 12)
            states.stack.setExpand(vertical: true)
            window.setContent(Box(.vertical, spacing: 0, children: [list.widget, states.stack]))
            pending = list
        } else {
            window.setContent(states.stack)
        }

        refresh.onClicked { viewModel.reload() }
        newReport.onClicked(onNewReport)
        window.onDestroy { [unowned self] in
            photoChooser.cancel()
            viewModel.close()
            self.onClosed?()
            self.onClosed = nil
        }
        window.keepAlive(self)
        window.bind { [unowned self] in render() }
        viewModel.start()
    }

    func present() { window.present() }

    /// The reports kept on this computer changed (one waiting was sent): the list again.
    func reload() { viewModel.reload() }

    private func render() {
        switch viewModel.state {
        case .idle, .loading: states.show(.loading)
        case .empty:
            // A report waiting to be sent is one of the user's reports: "No Reports Yet" under it would be wrong.
            if let outbox, !outbox.reports.isEmpty {
                showItems([])
                states.show(.content)
            } else {
                states.show(.empty)
            }
        case .failed(let message): states.show(.error(message: message))
        case .loaded:
            showItems(viewModel.items)
            states.show(.content)
        }
    }

    private func showItems(_ items: [MyReportsViewModel.Item]) {
        let ids = items.map(\.id)
        if ids != shownIDs {
            // A new list of new rows: a widget has one parent, and the old
            // list (with its rows) goes when it is replaced. A few reports.
            shownIDs = ids
            let list = Box(.vertical, spacing: 12)
            list.setMargins(12)
            // Rows at their own height: a card's placeholder asks to expand,
            // which would stretch one report over the whole window.
            list.setAlign(vertical: .start)
            list.makeAccessibleGroup(named: tr("Your reports"))
            rows = Dictionary(uniqueKeysWithValues: ids.map { ($0, makeRow(id: $0)) })
            for id in ids { if let row = rows[id] { list.append(row.widget) } }
            scrolled.setChild(Clamp(child: list, maximumWidth: 640))
        }
        for item in items { rows[item.id]?.show(item) }
        renderReunionQuestion()
    }

    /// The view model asks before closing a report: the dialog, once.
    private func renderReunionQuestion() {
        guard let question = viewModel.reunionQuestion, reunionDialog == nil else { return }
        reunionDialog = confirm(
            heading: question.heading, body: question.body, action: ("reunited", tr("Mark as _Reunited")),
            appearance: .suggested
        ) { [weak self] confirmed in
            self?.reunionDialog = nil
            self?.viewModel.answerReunionQuestion(confirmed: confirmed)
        }
    }

    /// Asks before something that cannot be undone: Cancel (the default, and
    /// what closing the dialog means) or `action` (its response id and
    /// label); `answered` gets whether `action` was chosen. Returns the
    /// dialog, presented.
    private func confirm(
        heading: String, body: String, action: (id: String, label: String), appearance: MessageDialog.Appearance,
        answered: @escaping @MainActor (Bool) -> Void
    ) -> MessageDialog {
        let dialog = MessageDialog(transientFor: window, heading: heading, body: body)
        // The window's name for screen readers (AdwMessageDialog leaves it empty).
        dialog.title = heading
        dialog.addResponse("cancel", label: tr("_Cancel"))
        dialog.addResponse(action.id, label: action.label, appearance: appearance)
        dialog.defaultResponse = "cancel"
        dialog.closeResponse = "cancel"
        dialog.onResponse { response in answered(response == action.id) }
        dialog.present()
        return dialog
    }

    private func makeRow(id: String) -> MyReportRow {
        let row = MyReportRow(photos: photos)
        row.onOpen = { [app] in app.openDetails(id: id) }
        row.onAddPhoto = { [unowned self] in
            photoChooser.open(transientFor: window) { [weak self] result in
                if case .chosen(let path) = result { self?.viewModel.addPhoto(path: path, to: id) }
            }
        }
        row.onRemove = { [unowned self] in confirmRemoval(of: id) }
        row.onMarkReunited = { [unowned self] in viewModel.askToMarkReunited(reportID: id) }
        row.onEdit = { [unowned self] in
            if let announcement = viewModel.announcement(reportID: id) { onEdit(announcement) }
        }
        return row
    }

    /// Removing forgets the password for good: asked first, with what stays.
    private func confirmRemoval(of id: String) {
        guard removalDialog == nil, let item = viewModel.items.first(where: { $0.id == id }) else { return }
        let heading: String
        let body: String
        if let card = item.card {
            heading = tr("Remove {name} from This Computer?", ["name": card.title])
            body = tr(
                "The report stays on the server. This computer forgets its password, so you can no longer add photos to it from here."
            )
        } else {
            heading = tr("Remove This Report from This Computer?")
            body = tr("The report is no longer on the server. This computer forgets its password.")
        }
        removalDialog = confirm(
            heading: heading, body: body, action: ("remove", tr("_Remove")), appearance: .destructive
        ) {
            [weak self] confirmed in
            self?.removalDialog = nil
            if confirmed { self?.viewModel.remove(reportID: id) }
        }
    }
}

/// One of My Reports: its card, how many possible matches it has, Mark as
/// Reunited, Edit, Add Photo with how the last upload went, and Remove from
/// This Computer. A closed report says so and offers only the removal.
@MainActor
private final class MyReportRow {
    let widget: Box
    var onOpen: (@MainActor () -> Void)?
    var onAddPhoto: (@MainActor () -> Void)?
    var onRemove: (@MainActor () -> Void)?
    var onMarkReunited: (@MainActor () -> Void)?
    var onEdit: (@MainActor () -> Void)?
    private let card: AnnouncementCardView
    private let matches = Label("", cssClasses: ["dim-label"])
    /// The possible matches, Edit and Mark as Reunited: an open report's.
    private let changes: Box
    private let closed = Label(tr("Closed"), cssClasses: ["dim-label"])
    private let markReunited = Button(label: tr("Mark as Reunited"), cssClasses: ["pill", "suggested-action"])
    // A label alone: a button with an icon and a label takes no accessible name of ours.
    private let edit = Button(label: tr("Edit"), cssClasses: ["pill"])
    private let gone = Label("", cssClasses: ["dim-label"])
    private let addPhoto = Button(label: tr("Add Photo"), iconName: "camera-photo-symbolic", cssClasses: ["pill"])
    private let remove = Button(label: tr("Remove from This Computer"), cssClasses: ["flat"])
    private let uploadStatus = Label("", cssClasses: ["dim-label"])

    init(photos: PhotoLoader) {
        card = AnnouncementCardView(photos: photos)
        uploadStatus.setWrap(true)
        uploadStatus.setXAlign(0)
        uploadStatus.setExpand(horizontal: true)
        matches.setXAlign(0)
        closed.setXAlign(0)
        matches.setExpand(horizontal: true)
        for button in [remove, addPhoto, edit, markReunited] { button.setAlign(vertical: .center) }
        // The report's own changes first, then what concerns this computer;
        // what happened last on a line of its own, so a long message never
        // squeezes the buttons.
        changes = Box(.horizontal, spacing: 12, children: [matches, edit, markReunited])
        let spacer = Box(.horizontal, spacing: 0)
        spacer.setExpand(horizontal: true)
        let actions = Box(.horizontal, spacing: 12, children: [closed, spacer, remove, addPhoto])
        widget = Box(.vertical, spacing: 6, children: [card.button, gone, changes, actions, uploadStatus])
        card.onActivate = { [unowned self] _ in onOpen?() }
        markReunited.onClicked { [unowned self] in onMarkReunited?() }
        edit.onClicked { [unowned self] in onEdit?() }
        addPhoto.onClicked { [unowned self] in onAddPhoto?() }
        remove.onClicked { [unowned self] in onRemove?() }
        widget.keepAlive(self)
    }

    func show(_ item: MyReportsViewModel.Item) {
        if let shown = item.card {
            card.show(shown)
            addPhoto.setAccessibleLabel(tr("Add Photo to {name}", ["name": shown.title]))
            remove.setAccessibleLabel(tr("Remove {name} from This Computer", ["name": shown.title]))
            markReunited.setAccessibleLabel(tr("Mark {name} as Reunited", ["name": shown.title]))
            edit.setAccessibleLabel(tr("Edit {name}", ["name": shown.title]))
        } else {
            remove.setAccessibleLabel(tr("Remove Deleted Report from This Computer"))
        }
        remove.isSensitive = item.canRemove
        card.button.isVisible = !item.isGone
        gone.text = item.goneText
        gone.isVisible = item.isGone
        let open = !item.isGone && !item.isClosed
        addPhoto.isVisible = open
        addPhoto.isSensitive = item.canAddPhoto
        markReunited.isVisible = open
        edit.isVisible = open
        markReunited.isSensitive = item.canChange
        edit.isSensitive = item.canChange
        closed.isVisible = item.isClosed
        matches.text = item.matchText ?? ""
        changes.isVisible = open
        var failed = false
        switch (item.removal, item.reunion, item.photoUpload) {
        case (.failed(let message), _, _):
            uploadStatus.text = message
            failed = true
        case (.removing, _, _): uploadStatus.text = tr("Removing…")
        case (.idle, .closing, _): uploadStatus.text = tr("Closing the report…")
        case (.idle, .failed(let message), _):
            uploadStatus.text = message
            failed = true
        case (.idle, .idle, .idle): uploadStatus.text = ""
        case (.idle, .idle, .checking), (.idle, .idle, .uploading): uploadStatus.text = tr("Adding the photo…")
        case (.idle, .idle, .added): uploadStatus.text = tr("Photo added")
        case (.idle, .idle, .failed(let message)):
            uploadStatus.text = message
            failed = true
        }
        uploadStatus.setCSSClass("error", failed)
        uploadStatus.isVisible = !uploadStatus.text.isEmpty
    }
}
