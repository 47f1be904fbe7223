// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// The details page's **Print Poster…** button (and Ctrl+P while the page is
/// shown): the report shown as a poster, through GTK's print dialog.
@MainActor
final class PosterPrinting {
    let button = Button(label: tr("Print Poster…"), iconName: "printer-symbolic", cssClasses: ["pill"])

    private let viewModel: PetDetailsViewModel
    private let coordinator: ReportsCoordinator
    private let photos: PhotoLoader
    private let pageLinks: any ReportPageLinks

    /// - Parameter pageLinks: the report's public page when the backend serves
    ///   one (the QR code carries it); nil: the QR code carries the contact.
    init(
        viewModel: PetDetailsViewModel, coordinator: ReportsCoordinator, photos: PhotoLoader,
        pageLinks: any ReportPageLinks = NoReportPages()
    ) {
        self.viewModel = viewModel
        self.coordinator = coordinator
        self.photos = photos
        self.pageLinks = pageLinks
        button.setAlign(horizontal: .center)
        button.setTooltip(tr("Print a poster to put up in the neighbourhood"))
        button.activateOnShortcut(AppShortcuts.printPoster[0])
        button.keepAlive(self)
        button.onClicked { [unowned self] in start() }
    }

    private func start() {
        guard let announcement = viewModel.shownAnnouncement else { return }
        button.isSensitive = false
        Task {
            let page = await pageLinks.pageURL(forReport: announcement.id)
            let poster = PosterContent(announcement, pageURL: page)
            let photo = await photo(of: poster)
            // The dialog opens from a later idle callback: the button stays
            // off until it has closed, so a second Ctrl+P cannot open another.
            PrintJob.run(
                name: tr("Poster: {name}", ["name": poster.name ?? poster.facts]), over: button,
                draw: { canvas in
                    PosterDrawing.draw(poster, photo: photo, on: canvas, margin: PosterExport.printMargin)
                },
                done: { [coordinator, button] outcome in
                    button.isSensitive = true
                    if case .failed = outcome { coordinator.announce(tr("The poster could not be printed.")) }
                })
        }
    }

    /// The photo at print size, else the one the page already shows.
    private func photo(of poster: PosterContent) async -> Texture? {
        guard let url = poster.photoURL else { return nil }
        let side = PosterExport.photoPixels
        if let large = await photos.texture(for: url, shape: .fitting(width: side, height: side)) { return large }
        let shown = PetDetailsPage.photoSize
        return photos.cachedTexture(for: url, shape: .fitting(width: shown.width, height: shown.height))
    }
}
