// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// The popover of one pin: photo, name, species and breed, last seen, a short
/// description, the contact, and Open Details. One popover serves every pin.
@MainActor
final class MapPinPopover {
    static let photoSize = (width: 260, height: 150)
    /// About the photo's width in body text, so long text wraps under the photo.
    static let textWidthChars: Int32 = 30

    /// Open Details for the pin shown.
    var onOpenDetails: (@MainActor (String) -> Void)?
    private(set) var shownPinID: String?
    /// The photo being loaded for the pin shown; given up when the popover closes.
    private var photoLoad: Task<Void, Never>?

    private let popover: Popover
    private let photos: PhotoLoader
    private let photoStack = Stack(transition: .none)
    private let picture = Picture(width: Int32(photoSize.width), height: Int32(photoSize.height))
    private let title = Label("", cssClasses: ["title-4"])
    private let subtitle = Label("", cssClasses: ["dim-label"])
    private let lastSeen = Label("", cssClasses: ["caption"])
    private let summary = Label("")
    private let contact = Label("", cssClasses: ["caption"])

    init(parent: some Widget, photos: PhotoLoader) {
        self.photos = photos
        let placeholder = Box(.vertical, cssClasses: ["photo-placeholder"])
        let placeholderIcon = Image(iconName: "image-missing-symbolic", pixelSize: 32)
        placeholderIcon.setExpand(vertical: true)
        placeholder.append(placeholderIcon)
        photoStack.add(placeholder, name: "placeholder")
        photoStack.add(picture, name: "photo")
        photoStack.setSizeRequest(width: Int32(Self.photoSize.width), height: Int32(Self.photoSize.height))
        photoStack.addCSSClass("thumbnail")
        photoStack.clipToBounds()

        title.setAccessibleRole(.heading)
        for label in [title, subtitle, lastSeen, summary, contact] {
            label.setXAlign(0)
            label.setWrap(true)
            label.setMaxWidthChars(Self.textWidthChars)
        }
        summary.setSizeRequest(width: Int32(Self.photoSize.width))
        let openDetails = Button(label: tr("Open Details"), cssClasses: ["pill", "suggested-action"])
        openDetails.setAlign(horizontal: .center)

        // The photo keeps the placeholder's size: a popover growing when the
        // photo arrives would move under the pointer.
        let photoArea = Clamp(child: photoStack, maximumHeight: Int32(Self.photoSize.height))
        let content = Box(
            .vertical, spacing: 6, children: [photoArea, title, subtitle, lastSeen, summary, contact, openDetails])
        content.setMargins(6)
        content.setSizeRequest(width: Int32(Self.photoSize.width))
        popover = Popover(parent: parent, child: content)
        popover.onClosed { [unowned self] in
            shownPinID = nil
            photoLoad?.cancel()
        }
        openDetails.onClicked { [unowned self] in
            guard let id = shownPinID else { return }
            popover.popdown()
            onOpenDetails?(id)
        }
    }

    var isOpen: Bool { popover.isOpen }

    /// Fills the popover with `pin` and opens it pointing at (x, y) in the
    /// coordinates of a map `mapHeight` pixels tall.
    func show(_ pin: MapPin, atX x: Double, y: Double, mapHeight: Int) {
        if pin.id != shownPinID { fill(with: pin) }
        shownPinID = pin.id
        popover.point(atX: x, y: y)
        guard !popover.isOpen else { return }
        // Chosen on opening only: a bubble that flipped while the map pans would jump.
        popover.side = Self.side(forPinAtY: y, mapHeight: mapHeight)
        popover.popup()
    }

    /// Toward the larger free part of the map: GTK 4.8 on X11 lets a popover
    /// opened below a low pin run off the screen instead of flipping it.
    static func side(forPinAtY y: Double, mapHeight: Int) -> Popover.Side {
        y > Double(mapHeight) / 2 ? .above : .below
    }

    /// The side the open popover prefers (tests).
    var side: Popover.Side { popover.side }

    /// The pin moved on screen (a pan or zoom): follow it.
    func move(toX x: Double, y: Double) { popover.point(atX: x, y: y) }

    func close() {
        if popover.isOpen { popover.popdown() }
        shownPinID = nil
    }

    /// Called when the popover closes by itself (Escape, a click elsewhere).
    func onClosed(_ handler: @escaping @MainActor () -> Void) { popover.onClosed(handler) }

    private func fill(with pin: MapPin) {
        title.text = pin.title
        subtitle.text = pin.subtitle
        lastSeen.text = tr("Last seen {date}", ["date": pin.lastSeenText])
        summary.text = pin.shortDescription ?? ""
        summary.isVisible = pin.shortDescription != nil
        contact.text = pin.contact ?? ""
        contact.isVisible = pin.contact != nil
        showPhoto(of: pin)
    }

    private func showPhoto(of pin: MapPin) {
        photoLoad?.cancel()
        // Decoded at the size shown: a picture asks for its texture's size, and
        // a larger one would widen the popover.
        let shape = PhotoLoader.Shape.fitting(width: Self.photoSize.width, height: Self.photoSize.height)
        photoStack.visibleChildName = "placeholder"
        guard let url = pin.photoURL else { return }
        if let texture = photos.cachedTexture(for: url, shape: shape) {
            picture.setTexture(texture)
            photoStack.visibleChildName = "photo"
            return
        }
        photoLoad = Task { [weak self] in
            guard let self, let texture = await photos.texture(for: url, shape: shape), shownPinID == pin.id else {
                return
            }
            picture.setTexture(texture)
            photoStack.visibleChildName = "photo"
        }
    }
}
