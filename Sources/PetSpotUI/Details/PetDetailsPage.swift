// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// One announcement in full, pushed inside the Reports tab.
@MainActor
final class PetDetailsPage {
    static let photoSize = (width: 720, height: 360)

    let rootWidget: AnyWidget

    private let viewModel: PetDetailsViewModel
    private let coordinator: ReportsCoordinator
    private let photos: PhotoLoader
    private let states: LoadStateViews
    private let scrolled: ScrolledWindow
    private let photoStack = Stack(transition: .crossfade)
    private let picture = Picture(width: 1, height: 300)
    private let heading = Label("", cssClasses: ["title-1"])
    private let badge = StatusBadge()
    private let reward = Label("", cssClasses: ["reward-badge"])
    private let facts: [Fact: ActionRow]
    private let descriptionLabel = Label("")
    private let descriptionSection: Box
    private let phoneRow = ActionRow(title: tr("Phone"))
    private let emailRow = ActionRow(title: tr("Email"))
    private let contactSection: Box
    private let callButton = Button(iconName: "call-start-symbolic", accessibleLabel: tr("Call"), cssClasses: ["flat"])
    private let copyPhoneButton = Button(
        iconName: "edit-copy-symbolic", accessibleLabel: tr("Copy phone number"), cssClasses: ["flat"])
    private let emailButton = Button(
        iconName: "mail-send-symbolic", accessibleLabel: tr("Send email"), cssClasses: ["flat"])
    private let copyEmailButton = Button(
        iconName: "edit-copy-symbolic", accessibleLabel: tr("Copy email address"), cssClasses: ["flat"])
    private var shown: PetDetails?
    /// The photo being loaded for `shown`; given up when the page is left.
    private var photoLoad: Task<Void, Never>?

    private enum Fact: CaseIterable {
        case species, breed, sex, age, microchip, lastSeen, location, distance
        var title: String {
            switch self {
            case .species: tr("Species")
            case .breed: tr("Breed")
            case .sex: tr("Sex")
            case .age: tr("Approximate age")
            case .microchip: tr("Microchip number")
            case .lastSeen: tr("Missing since")
            case .location: tr("Last seen at")
            case .distance: tr("Distance")
            }
        }
    }

    /// - Parameter pageLinks: the report's public page, when the backend serves pages.
    init(
        viewModel: PetDetailsViewModel, coordinator: ReportsCoordinator, photos: PhotoLoader,
        pageLinks: any ReportPageLinks = NoReportPages()
    ) {
        self.viewModel = viewModel
        self.coordinator = coordinator
        self.photos = photos
        heading.setAccessibleRole(.heading)
        heading.setWrap(true)
        heading.setXAlign(0)

        let placeholder = Box(.vertical, spacing: 8, cssClasses: ["photo-placeholder"])
        placeholder.append(
            Image(iconName: "image-missing-symbolic", pixelSize: 48).configured {
                $0.setExpand(vertical: true)
                $0.setAlign(vertical: .end)
            })
        placeholder.append(
            Label(tr("Image not available")).configured {
                $0.setExpand(vertical: true)
                $0.setAlign(vertical: .start)
            })
        photoStack.add(placeholder, name: "placeholder")
        photoStack.add(picture, name: "photo")
        photoStack.setSizeRequest(height: 300)
        photoStack.addCSSClass("details-photo")
        photoStack.clipToBounds()

        let badges = Box(.horizontal, spacing: 8, children: [badge.label, reward])

        let factsList = BoxedList(accessibleLabel: tr("About this pet"))
        var rows: [Fact: ActionRow] = [:]
        for fact in Fact.allCases {
            let row = ActionRow(title: fact.title)
            factsList.append(row)
            rows[fact] = row
        }
        facts = rows

        descriptionLabel.setWrap(true)
        descriptionLabel.setXAlign(0)
        descriptionLabel.setSelectable(true)
        descriptionSection = Box(
            .vertical, spacing: 6,
            children: [
                Label(tr("Description"), cssClasses: ["heading"]).configured { $0.setXAlign(0) }, descriptionLabel,
            ])

        phoneRow.addSuffix(callButton)
        phoneRow.addSuffix(copyPhoneButton)
        emailRow.addSuffix(emailButton)
        emailRow.addSuffix(copyEmailButton)
        let contactList = BoxedList(accessibleLabel: tr("Contact"))
        contactList.append(phoneRow)
        contactList.append(emailRow)
        contactSection = Box(
            .vertical, spacing: 6,
            children: [
                Label(tr("Contact"), cssClasses: ["heading"]).configured { $0.setXAlign(0) }, contactList,
            ])

        let showOnMap = Button(label: tr("Show on Map"), iconName: "mark-location-symbolic", cssClasses: ["pill"])
        showOnMap.setAlign(horizontal: .center)
        let poster = PosterPrinting(
            viewModel: viewModel, coordinator: coordinator, photos: photos, pageLinks: pageLinks)
        let share = ShareSection(
            details: viewModel, share: ReportShareViewModel(links: pageLinks), coordinator: coordinator,
            moreButtons: [poster.button])

        let content = Box(
            .vertical, spacing: 18,
            children: [
                photoStack, Box(.vertical, spacing: 8, children: [heading, badges]),
                factsList, descriptionSection, contactSection, showOnMap, share.root,
                SightingsSection(
                    viewModel: viewModel.sightings, announce: { [weak coordinator] in coordinator?.announce($0) }
                )
                .root,
                PossibleMatchesSection(viewModel: viewModel.matches, coordinator: coordinator, photos: photos).root,
            ])
        content.makeAccessibleGroup(named: tr("Pet details"))
        content.setMargins(top: 12, bottom: 24, start: 12, end: 12)
        scrolled = ScrolledWindow(
            accessibleLabel: tr("Pet details page"), child: Clamp(child: content, maximumWidth: 720))

        states = LoadStateViews(
            loadingLabel: tr("Loading pet details"), empty: nil,
            errorTitle: tr("Unable to Load Pet Details"), content: scrolled,
            onRetry: { viewModel.retry() })
        rootWidget = AnyWidget(states.stack)

        showOnMap.onClicked { [unowned self] in if let shown { coordinator.showOnMap(shown) } }
        callButton.onClicked { [unowned self] in if let uri = shown?.phoneURI { callButton.openURI(uri) } }
        emailButton.onClicked { [unowned self] in if let uri = shown?.emailURI { emailButton.openURI(uri) } }
        copyPhoneButton.onClicked { [unowned self] in copy(shown?.phone, confirmation: tr("Phone number copied")) }
        copyEmailButton.onClicked { [unowned self] in copy(shown?.email, confirmation: tr("Email address copied")) }
        rootWidget.keepAlive(self)
        rootWidget.bind { [unowned self] in render() }
        // Back or another tab: a photo no longer on screen is not worth a fetch.
        rootWidget.onMappedChanged { [unowned self] isMapped in
            if !isMapped {
                photoLoad?.cancel()
            } else if let shown {
                showPhoto(of: shown)
            }
        }
    }

    private func render() {
        switch viewModel.state {
        case .idle, .loading: states.show(.loading)
        case .failed(let message, let isNotFound): states.show(.error(message: message, canRetry: !isNotFound))
        case .loaded(let details):
            if details != shown { show(details) }
            states.show(.content)
        }
    }

    private func show(_ details: PetDetails) {
        let isNewPet = details.id != shown?.id
        shown = details
        heading.text = details.title
        badge.show(details.status)
        reward.text = details.reward.map { tr("Reward: {reward}", ["reward": $0]) } ?? ""
        reward.isVisible = details.reward != nil
        let values: [Fact: String?] = [
            .species: details.species, .breed: details.breed, .sex: details.sex, .age: details.age,
            .microchip: details.microchipNumber, .lastSeen: details.lastSeen,
            .location: details.location, .distance: details.distance,
        ]
        for (fact, row) in facts {
            let value = values[fact] ?? nil
            row.subtitle = value ?? ""
            row.isVisible = value != nil
        }
        descriptionLabel.text = details.description ?? ""
        descriptionSection.isVisible = details.description != nil

        phoneRow.subtitle = details.phone ?? ""
        phoneRow.isVisible = details.phone != nil
        callButton.setAccessibleLabel(tr("Call {phone}", ["phone": details.phone ?? ""]))
        callButton.isSensitive = details.phoneURI != nil
        emailRow.subtitle = details.email ?? ""
        emailRow.isVisible = details.email != nil
        emailButton.setAccessibleLabel(tr("Email {address}", ["address": details.email ?? ""]))
        emailButton.isSensitive = details.emailURI != nil
        contactSection.isVisible = details.phone != nil || details.email != nil

        if isNewPet { scrolled.verticalOffset = 0 }
        showPhoto(of: details)
    }

    private func showPhoto(of details: PetDetails) {
        let size = Self.photoSize
        guard let url = details.photoURL else {
            photoStack.visibleChildName = "placeholder"
            return
        }
        if let texture = photos.cachedTexture(for: url, shape: .fitting(width: size.width, height: size.height)) {
            picture.setTexture(texture)
            photoStack.visibleChildName = "photo"
            return
        }
        picture.setTexture(nil)
        photoStack.visibleChildName = "placeholder"
        photoLoad?.cancel()
        photoLoad = Task { [weak self] in
            guard let self,
                let texture = await photos.texture(for: url, shape: .fitting(width: size.width, height: size.height)),
                shown?.id == details.id
            else { return }
            picture.setTexture(texture)
            photoStack.visibleChildName = "photo"
        }
    }

    private func copy(_ text: String?, confirmation: String) {
        guard let text else { return }
        rootWidget.copyToClipboard(text)
        coordinator.announce(confirmation)
    }
}
