// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// "Photo": the file chosen, with Choose Photo… and Remove Photo, and a
/// preview once it is ready to send.
@MainActor
final class PhotoSection: ReportFormSection {
    let group: PreferencesGroup
    private let viewModel: ReportFormViewModel
    private let photoRow = ActionRow(title: tr("Photo"))
    private let choosePhoto = Button(label: tr("Choose Photo…"))
    private let removePhoto = Button(
        iconName: "user-trash-symbolic", accessibleLabel: tr("Remove Photo"), cssClasses: ["flat"])
    private let preview = Picture(width: 1, height: 220)
    private let photoChooser = FileChooser(
        title: tr("Choose a Photo"), acceptLabel: tr("_Open"), filters: [.images(named: tr("Photos"))])
    private let window: Window
    private let toasts: ToastOverlay
    /// The preview's file, so a render does not decode it again.
    private var previewPath: String?

    /// `window` is the chooser's parent; `toasts` say when a file cannot be used.
    init(viewModel: ReportFormViewModel, window: Window, toasts: ToastOverlay) {
        self.viewModel = viewModel
        self.window = window
        self.toasts = toasts
        photoRow.addSuffix(removePhoto)
        photoRow.addSuffix(choosePhoto)
        choosePhoto.setAlign(vertical: .center)
        removePhoto.setAlign(vertical: .center)
        preview.setAlternativeText(tr("Photo preview"))
        preview.setAccessibleLabel(tr("Photo preview"))
        preview.setMargins(top: 12)
        preview.addCSSClass("card")
        preview.clipToBounds()
        group = .reportForm(tr("Photo"), [photoRow], description: tr("A JPEG, PNG, GIF or WebP image of up to 20 MB."))
        group.add(preview)

        choosePhoto.onClicked { [unowned self] in openPhotoChooser() }
        removePhoto.onClicked { viewModel.removePhoto() }
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

    /// The window is going: a chooser still open answers nobody.
    func cancelChooser() {
        photoChooser.cancel()
    }

    func fill() {}

    func render() {
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
