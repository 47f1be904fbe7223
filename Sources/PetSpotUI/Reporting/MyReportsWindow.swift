import GtkKit
import PetSpotPresentation

/// My Reports: the reports sent from this computer to this backend (the
/// keyring knows their passwords), each as the card Home shows, with Add
/// Photo. A window of its own, like the form it belongs with.
@MainActor
final class MyReportsWindow {
    let window: Window
    private let viewModel: MyReportsViewModel
    private let coordinator: MyReportsCoordinator
    private let photos: PhotoLoader
    private let states: LoadStateViews
    private let scrolled: ScrolledWindow
    private let photoChooser = FileChooser(
        title: tr("Choose a Photo"), acceptLabel: tr("_Open"), filters: [.images(named: tr("Photos"))])
    private var rows: [String: MyReportRow] = [:]
    private var shownIDs: [String] = []
    private var onClosed: (@MainActor () -> Void)?

    init(
        viewModel: MyReportsViewModel, coordinator: MyReportsCoordinator, photos: PhotoLoader,
        transientFor parent: (any Toplevel)?, onNewReport: @escaping @MainActor () -> Void,
        onClosed: @escaping @MainActor () -> Void
    ) {
        self.viewModel = viewModel
        self.coordinator = coordinator
        self.photos = photos
        self.onClosed = onClosed
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
        window.setContent(states.stack)

        refresh.onClicked { viewModel.reload() }
        newReport.onClicked(onNewReport)
        window.onDestroy { [unowned self] in
            photoChooser.cancel()
            self.onClosed?()
            self.onClosed = nil
        }
        window.keepAlive(self)
        window.bind { [unowned self] in render() }
        viewModel.start()
    }

    func present() { window.present() }

    private func render() {
        switch viewModel.state {
        case .idle, .loading: states.show(.loading)
        case .empty: states.show(.empty)
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
            list.makeAccessibleGroup(named: tr("Your reports"))
            rows = Dictionary(uniqueKeysWithValues: ids.map { ($0, makeRow(id: $0)) })
            for id in ids { if let row = rows[id] { list.append(row.widget) } }
            scrolled.setChild(Clamp(child: list, maximumWidth: 640))
        }
        for item in items { rows[item.id]?.show(item) }
    }

    private func makeRow(id: String) -> MyReportRow {
        let row = MyReportRow(photos: photos)
        row.onOpen = { [coordinator] in coordinator.reportChosen(id: id) }
        row.onAddPhoto = { [unowned self] in
            photoChooser.open(transientFor: window) { [weak self] result in
                if case .chosen(let path) = result { self?.viewModel.addPhoto(path: path, to: id) }
            }
        }
        return row
    }
}

/// One of My Reports: its card, and Add Photo with how the last upload went.
@MainActor
private final class MyReportRow {
    let widget: Box
    var onOpen: (@MainActor () -> Void)?
    var onAddPhoto: (@MainActor () -> Void)?
    private let card: AnnouncementCardView
    private let gone = Label("", cssClasses: ["dim-label"])
    private let addPhoto = Button(label: tr("Add Photo"), iconName: "camera-photo-symbolic", cssClasses: ["pill"])
    private let uploadStatus = Label("", cssClasses: ["dim-label"])

    init(photos: PhotoLoader) {
        card = AnnouncementCardView(photos: photos)
        uploadStatus.setWrap(true)
        uploadStatus.setXAlign(0)
        uploadStatus.setExpand(horizontal: true)
        let actions = Box(.horizontal, spacing: 12, children: [uploadStatus, addPhoto])
        widget = Box(.vertical, spacing: 6, children: [card.button, gone, actions])
        card.onActivate = { [unowned self] _ in onOpen?() }
        addPhoto.onClicked { [unowned self] in onAddPhoto?() }
        widget.keepAlive(self)
    }

    func show(_ item: MyReportsViewModel.Item) {
        if let shown = item.card {
            card.show(shown)
            addPhoto.setAccessibleLabel(tr("Add Photo to {name}", ["name": shown.title]))
        }
        card.button.isVisible = !item.isGone
        gone.text = item.goneText
        gone.isVisible = item.isGone
        addPhoto.isVisible = !item.isGone
        addPhoto.isSensitive = item.canAddPhoto
        switch item.photoUpload {
        case .idle: uploadStatus.text = ""
        case .checking, .uploading: uploadStatus.text = tr("Adding the photo…")
        case .added: uploadStatus.text = tr("Photo added")
        case .failed(let message): uploadStatus.text = message
        }
        uploadStatus.setCSSClass("error", { if case .failed = item.photoUpload { true } else { false } }())
    }
}
