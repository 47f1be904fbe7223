import Foundation
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// "Report a Pet": the form in its own window, transient for the main one.
/// Every row writes to `ReportFormViewModel` as the user types, and `render`
/// shows what the view model says: problems on their rows, the progress of
/// sending, and the password once published. Closing the window in any way
/// keeps the draft (the view model writes it; `close` flushes it).
@MainActor
final class ReportFormWindow {
    private let viewModel: ReportFormViewModel
    private let coordinator: ReportFormCoordinator
    let window: Window
    private let toasts: ToastOverlay
    private let form: Box
    private let submitButton = Button(label: tr("Submit"), cssClasses: ["suggested-action"])
    private let failure = FormBanner(actionLabel: tr("Retry"))
    private let photoFailure = FormBanner(actionLabel: tr("Retry Photo"))

    private let statusChoice = ToggleGroup(
        options: ReportFormViewModel.statusChoices.map(\.displayName), accessibleLabel: tr("Report type"), selectedIndex: 0)
    private let petName = EntryRow(title: tr("Pet name"), hints: [.uppercaseWords], maxLength: ReportFormWindow.limit(.petName))
    private let species = ComboRow(title: tr("Species"), items: ReportFormViewModel.speciesChoices.map(\.displayName))
    private let breed = EntryRow(title: tr("Breed"), maxLength: ReportFormWindow.limit(.breed))
    private let sex = ComboRow(title: tr("Sex"), items: ReportFormViewModel.sexChoices.map(\.displayName), selectedIndex: 2)
    private let age = EntryRow(title: tr("Age in years"), purpose: .digits, maxLength: 3)
    private let descriptionRow = TextViewRow(title: tr("Description"))
    private let microchip = EntryRow(title: tr("Microchip number"), purpose: .digits, maxLength: ReportFormWindow.limit(.microchipNumber))
    private let dateRow = ActionRow(title: tr("Date last seen"))
    private let dateButton: CalendarPopoverButton
    private let placeRow = ActionRow(title: tr("Place"))
    private let picker = LocationPicker(accessibleLabel: tr("Where the pet was last seen"))
    private let useMyLocation = Button(label: tr("Use My Location"), iconName: "find-location-symbolic", cssClasses: ["flat"])
    private let latitude = EntryRow(title: tr("Latitude"), purpose: .number, maxLength: 24)
    private let longitude = EntryRow(title: tr("Longitude"), purpose: .number, maxLength: 24)
    private let phone = EntryRow(title: tr("Phone"), purpose: .phone, maxLength: ReportFormWindow.limit(.phone))
    private let email = EntryRow(title: tr("Email"), purpose: .email, maxLength: ReportFormWindow.limit(.email))
    private let reward = EntryRow(title: tr("Reward"), maxLength: ReportFormWindow.limit(.reward))
    private let photoRow = ActionRow(title: tr("Photo"))
    private let choosePhoto = Button(label: tr("Choose Photo…"))
    private let removePhoto = Button(iconName: "user-trash-symbolic", accessibleLabel: tr("Remove Photo"), cssClasses: ["flat"])
    private let preview = Picture(width: 1, height: 220)
    private let photoChooser = FileChooser(
        title: tr("Choose a Photo"), acceptLabel: tr("_Open"), filters: [.images(named: tr("Photos"))])

    /// The preview's file, so a render does not decode it again.
    private var previewPath: String?
    /// The report whose password dialog is open.
    private var passwordDialogFor: String?
    private var onClosed: (@MainActor () -> Void)?

    init(
        viewModel: ReportFormViewModel, coordinator: ReportFormCoordinator, transientFor parent: (any Toplevel)?,
        onClosed: @escaping @MainActor () -> Void
    ) {
        self.viewModel = viewModel
        self.coordinator = coordinator
        self.onClosed = onClosed
        window = Window(title: tr("Report a Pet"), transientFor: parent, width: 560, height: 760, showsWindowButtons: false)
        dateButton = CalendarPopoverButton(
            accessibleLabel: tr("Choose the day"), calendarLabel: tr("Date last seen"),
            selectedDay: GtkKit.CalendarDay(viewModel.lastSeenDate))

        let cancel = Button(label: tr("Cancel"))
        window.headerBar.packStart(cancel)
        window.headerBar.packEnd(submitButton)

        form = Box(.vertical, spacing: 24)
        form.setMargins(top: 12, bottom: 24, start: 12, end: 12)
        let scrolled = ScrolledWindow(accessibleLabel: tr("Report form"), child: Clamp(child: form, maximumWidth: 640))
        toasts = ToastOverlay(child: scrolled)
        window.setContent(toasts)
        form.append(failure.widget)
        form.append(photoFailure.widget)
        form.append(Self.group(nil, [statusChoice]))
        form.append(Self.group(tr("Pet"), [petName, species, breed, sex, age, microchip]))
        form.append(Self.group(nil, [descriptionRow]))
        form.append(whereAndWhen())
        form.append(Self.group(tr("Contact"), [phone, email, reward],
                               description: tr("Give a phone number, an email address, or both.")))
        form.append(photoGroup())

        connectInputs()
        let window = window
        cancel.onClicked { window.close() }
        submitButton.onClicked { viewModel.submit() }
        failure.onAction { viewModel.retry() }
        photoFailure.onAction { viewModel.retryPhoto() }
        window.onCloseRequest { [unowned self] in
            // While sending, the answer (and its password) must find the form open.
            if case .submitting = viewModel.state {
                toasts.show(tr("Wait until the report is sent"))
                return .keepOpen
            }
            viewModel.flushDraft()
            return .close
        }
        window.onDestroy { [unowned self] in
            photoChooser.cancel()
            self.onClosed?()
            self.onClosed = nil
        }
        window.keepAlive(self)
        viewModel.start()
        fillFromViewModel()
        centreMap()
        window.bind { [unowned self] in render() }
    }

    func present() {
        window.present()
        if viewModel.restoredDraft {
            toasts.show(tr("Your unfinished report was restored"))
            viewModel.dismissRestoredDraftNotice()
        }
    }

    // MARK: Building

    private static func limit(_ field: ReportField) -> Int { ReportRules.maximumLength(of: field) ?? 0 }

    private static func group(_ title: String?, _ rows: [any Widget], description: String? = nil) -> PreferencesGroup {
        let group = PreferencesGroup(title: title ?? "", description: description)
        for row in rows { group.add(row) }
        return group
    }

    private func whereAndWhen() -> PreferencesGroup {
        dateRow.addSuffix(dateButton)
        dateRow.setActivatableWidget(dateButton)
        picker.setSizeRequest(height: 260)
        picker.setMargins(top: 12)
        useMyLocation.setAlign(horizontal: .end)
        let group = Self.group(tr("When and Where"), [dateRow, placeRow, latitude, longitude])
        placeRow.addSuffix(useMyLocation)
        group.add(picker)
        return group
    }

    private func photoGroup() -> PreferencesGroup {
        photoRow.addSuffix(removePhoto)
        photoRow.addSuffix(choosePhoto)
        choosePhoto.setAlign(vertical: .center)
        removePhoto.setAlign(vertical: .center)
        preview.setAlternativeText(tr("Photo preview"))
        preview.setAccessibleLabel(tr("Photo preview"))
        preview.setMargins(top: 12)
        preview.addCSSClass("card")
        preview.clipToBounds()
        let group = Self.group(tr("Photo"), [photoRow], description: tr("A JPEG, PNG, GIF or WebP image of up to 20 MB."))
        group.add(preview)
        return group
    }

    private func connectInputs() {
        let viewModel = viewModel
        statusChoice.onSelected { index in viewModel.setStatus(ReportFormViewModel.statusChoices[index]) }
        petName.onChanged { viewModel.setPetName($0) }
        species.onSelected { index in viewModel.setSpecies(ReportFormViewModel.speciesChoices[index]) }
        breed.onChanged { viewModel.setBreed($0) }
        sex.onSelected { index in viewModel.setSex(ReportFormViewModel.sexChoices[index]) }
        age.onChanged { viewModel.setAge($0) }
        descriptionRow.onChanged { viewModel.setDescription($0) }
        microchip.onChanged { viewModel.setMicrochipNumber($0) }
        dateButton.onDaySelected { day in
            if let day = day.domainDay { viewModel.setLastSeenDate(day) }
        }
        picker.onPicked { location in
            if let coordinate = Coordinate(latitude: location.latitude, longitude: location.longitude) {
                viewModel.pickLocation(coordinate)
            }
        }
        useMyLocation.onClicked { [unowned self] in
            viewModel.useMyLocation()
            centreMap()
        }
        latitude.onChanged { viewModel.setLatitudeText($0) }
        longitude.onChanged { viewModel.setLongitudeText($0) }
        phone.onChanged { viewModel.setPhone($0) }
        email.onChanged { viewModel.setEmail($0) }
        reward.onChanged { viewModel.setReward($0) }
        choosePhoto.onClicked { [unowned self] in openPhotoChooser() }
        removePhoto.onClicked { viewModel.removePhoto() }
    }

    /// The rows' texts from the view model: once at opening (a restored
    /// draft); afterwards the rows hold what the user types.
    private func fillFromViewModel() {
        statusChoice.selectedIndex = ReportFormViewModel.statusChoices.firstIndex(of: viewModel.status)
        petName.text = viewModel.petName
        species.selectedIndex = viewModel.species.flatMap { ReportFormViewModel.speciesChoices.firstIndex(of: $0) }
        breed.text = viewModel.breed
        sex.selectedIndex = ReportFormViewModel.sexChoices.firstIndex(of: viewModel.sex)
        age.text = viewModel.age
        descriptionRow.text = viewModel.description
        microchip.text = viewModel.microchipNumber
        phone.text = viewModel.phone
        email.text = viewModel.email
        reward.text = viewModel.reward
        dateButton.selectedDay = GtkKit.CalendarDay(viewModel.lastSeenDate)
    }

    private func centreMap() {
        if let coordinate = viewModel.location.coordinate {
            picker.setPicked(MapLocation(latitude: coordinate.latitude, longitude: coordinate.longitude))
        } else if let here = viewModel.myLocation {
            picker.map.goTo(latitude: here.latitude, longitude: here.longitude, zoom: 12)
        }
    }

    private func openPhotoChooser() {
        photoChooser.open(transientFor: window) { [weak self] result in
            guard let self else { return }
            switch result {
            case .chosen(let path): viewModel.choosePhoto(path: path)
            case .notLocal: toasts.show(tr("Choose a photo stored on this computer"))
            case .cancelled: break
            }
        }
    }

    // MARK: Showing the view model

    private func render() {
        renderProblems()
        renderLocation()
        renderPhoto()
        dateRow.subtitle = viewModel.lastSeenDate.formatted(locale: Localization.locale)
        form.isSensitive = viewModel.isEditable
        submitButton.isSensitive = viewModel.canSubmit

        switch viewModel.state {
        case .editing:
            submitButton.setBusy(false)
            failure.hide()
            photoFailure.hide()
        case .submitting(let progress):
            submitButton.setBusy(true, label: progress)
            failure.hide()
            photoFailure.hide()
        case .failed(let message):
            submitButton.setBusy(false)
            submitButton.isSensitive = viewModel.canSubmit
            failure.show(message)
            photoFailure.hide()
        case .photoFailed(_, let message):
            submitButton.setBusy(false)
            submitButton.isSensitive = false
            failure.hide()
            photoFailure.show(message, actionEnabled: viewModel.canRetryPhoto)
        case .done:
            submitButton.setBusy(false)
            submitButton.isSensitive = false
            failure.hide()
            photoFailure.hide()
        }
        renderClosing()
    }

    /// The password, once per report, in a dialog over the form; the form
    /// closes when the view model says its work is over.
    private func renderClosing() {
        let closing = viewModel.closing
        if let report = closing.passwordToShow, passwordDialogFor != report.announcement.id {
            passwordDialogFor = report.announcement.id
            PublishedReportDialog(report: report, transientFor: window) { [weak self] viewReport in
                guard let self else { return }
                passwordDialogFor = nil
                if viewReport { coordinator.publishedReportChosen(id: report.announcement.id) }
                viewModel.passwordSeen()
            }.present()
        }
        if closing.isFinished { window.close() }
    }

    /// Quitting waits for the report on its way: the form says so.
    func showQuitNotice() {
        present()
        toasts.show(tr("Sending your report… PetSpot quits once it is sent"))
    }

    private func renderProblems() {
        petName.errorMessage = viewModel.message(for: .petName)
        species.errorMessage = viewModel.message(for: .species)
        breed.errorMessage = viewModel.message(for: .breed)
        sex.errorMessage = viewModel.message(for: .sex)
        age.errorMessage = viewModel.message(for: .age)
        descriptionRow.errorMessage = viewModel.message(for: .description)
        microchip.errorMessage = viewModel.message(for: .microchipNumber)
        dateRow.errorMessage = viewModel.message(for: .lastSeenDate)
        // "Give a phone number or an email address" sits on the first contact row.
        phone.errorMessage = viewModel.message(for: .phone) ?? viewModel.message(for: .contact)
        email.errorMessage = viewModel.message(for: .email)
        reward.errorMessage = viewModel.message(for: .reward)
    }

    private func renderLocation() {
        let location = viewModel.location
        latitude.text = location.latitudeText
        longitude.text = location.longitudeText
        latitude.errorMessage = viewModel.message(for: .locationLatitude)
        longitude.errorMessage = viewModel.message(for: .locationLongitude)
        placeRow.subtitle = location.coordinate == nil
            ? tr("Click the map, use your location, or type the coordinates")
            : location.source?.displayName ?? ""
        placeRow.errorMessage = location.coordinate == nil ? viewModel.locationMessage : nil
        useMyLocation.isSensitive = viewModel.canUseMyLocation
        let picked = location.coordinate.map { MapLocation(latitude: $0.latitude, longitude: $0.longitude) }
        if picked != picker.pickedLocation { picker.setPicked(picked, centring: location.source != .map) }
    }

    private func renderPhoto() {
        let photo = viewModel.photo
        removePhoto.isVisible = photo != .none
        switch photo {
        case .none:
            photoRow.subtitle = tr("No photo chosen")
            photoRow.errorMessage = nil
        case .checking(let path):
            photoRow.subtitle = URL(fileURLWithPath: path).lastPathComponent
            photoRow.errorMessage = nil
        case .ready(_, let path):
            photoRow.subtitle = URL(fileURLWithPath: path).lastPathComponent
            photoRow.errorMessage = nil
        case .problem(let message, let path):
            photoRow.subtitle = URL(fileURLWithPath: path).lastPathComponent
            photoRow.errorMessage = message
        }
        guard case .ready(let ready, let path) = photo else {
            previewPath = nil
            preview.isVisible = false
            preview.setTexture(nil)
            return
        }
        guard path != previewPath else { return }
        previewPath = path
        let data = ready.data
        Task { [weak self] in
            // Decoding a 20 MB photo takes long: off the main thread.
            let texture = await Task.detached { Texture.decode(data, maxWidth: 1080, maxHeight: 660) }.value
            guard let self, previewPath == path else { return }
            preview.setTexture(texture)
            preview.isVisible = texture != nil
        }
    }
}
