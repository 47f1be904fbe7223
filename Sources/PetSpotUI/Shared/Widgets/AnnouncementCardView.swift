// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// The one announcement card, used by Home and Reports: a single activatable
/// button whose accessible name is the card's sentence (docs/BEHAVIOUR.md §1.2).
/// Reports recycles cards while scrolling, so `show` may be called many times.
@MainActor
final class AnnouncementCardView {
    static let thumbnailSize = 80

    let button: Button
    /// Set by the page: what activating the card does (its coordinator decides).
    var onActivate: (@MainActor (String) -> Void)?

    private let photos: PhotoLoader
    private let thumbnail = Stack(transition: .none)
    private let photo = Image(iconName: "image-x-generic-symbolic")
    private let placeholderIcon = Image(iconName: "image-x-generic-symbolic", pixelSize: 32)
    private let title = Label("", cssClasses: ["heading"])
    private let subtitle = Label("", cssClasses: ["dim-label"])
    private let badge = StatusBadge()
    private let lastSeen = Label("", cssClasses: ["caption"])
    private let place = Label("", cssClasses: ["caption"])
    private let placeIcon = Image(iconName: "mark-location-symbolic")
    /// A possible match's reasons; hidden on other cards.
    private let matchReasons = Label("", cssClasses: ["caption", "accent"])
    private let matchRow: Box
    private var shownCard: AnnouncementCard?
    /// The photo being loaded for the card shown; a recycled row cancels it.
    private var photoLoad: Task<Void, Never>?

    /// How many lines a field may take before "…".
    enum FieldLines {
        /// Two: a long name, breed or address, large text or a narrow window
        /// still shows each field whole in most cards. For a few cards.
        case two
        /// One: every card the same height, measured once. For the recycling
        /// list: GTK 4.8 measures a wrapping label at several widths, and a
        /// row whose height changed as it was bound made the list bind and
        /// measure its 200 rows again within one frame (190 ms scrolling
        /// 100 000 reports; 25 ms with one line). The accessible name still
        /// says every field whole.
        case one
    }

    init(photos: PhotoLoader, fieldLines: FieldLines = .two) {
        self.photos = photos
        let size = Int32(Self.thumbnailSize)
        photo.setPixelSize(size)
        let placeholder = Box(.vertical, cssClasses: ["photo-placeholder"])
        placeholderIcon.setExpand(vertical: true)
        placeholder.append(placeholderIcon)
        thumbnail.add(placeholder, name: "placeholder")
        thumbnail.add(photo, name: "photo")
        thumbnail.setSizeRequest(width: size, height: size)
        thumbnail.setAlign(vertical: .start)
        thumbnail.addCSSClass("thumbnail")
        thumbnail.clipToBounds()

        for label in [title, subtitle, lastSeen, place, matchReasons] {
            label.setXAlign(0)
            switch fieldLines {
            case .two: label.setWrapping(atMostLines: 2)
            case .one: label.setEllipsizeEnd()
            }
        }
        // Up to four reasons, each kept whole.
        if fieldLines == .two { matchReasons.setWrapping(atMostLines: 4) }
        title.setExpand(horizontal: true)
        let titleRow = Box(.horizontal, spacing: 8, children: [title, badge.label])
        let lastSeenRow = Box(
            .horizontal, spacing: 6, children: [Image(iconName: "x-office-calendar-symbolic"), lastSeen])
        let placeRow = Box(.horizontal, spacing: 6, children: [placeIcon, place])
        // Its own icon: the reasons' distance is from the report shown, not from the user.
        let matchIcon = Image(iconName: "edit-find-symbolic").configured { $0.setAlign(vertical: .start) }
        matchIcon.addCSSClass("accent")
        matchRow = Box(.horizontal, spacing: 6, children: [matchIcon, matchReasons])
        matchRow.isVisible = false
        let text = Box(.vertical, spacing: 4, children: [titleRow, subtitle, lastSeenRow, placeRow, matchRow])
        text.setExpand(horizontal: true)
        text.setAlign(vertical: .center)

        let content = Box(.horizontal, spacing: 12, children: [thumbnail, text])
        content.setMargins(10)
        button = Button(child: content, accessibleLabel: tr("Report"), cssClasses: ["card", "announcement-card"])
        button.onClicked { [unowned self] in
            if let shownCard { onActivate?(shownCard.id) }
        }
        button.keepAlive(self)
    }

    /// Shows `card`; the card already shown changes nothing (lists bind their
    /// rows on screen again after every change).
    func show(_ card: AnnouncementCard) {
        guard card != shownCard else { return }
        shownCard = card
        button.setAccessibleLabel(card.accessibleName)
        title.text = card.title
        subtitle.text = card.subtitle
        badge.show(card.status)
        lastSeen.text = tr("Last seen {date}", ["date": card.lastSeenText])
        place.text = card.distanceText ?? card.locationText
        placeIcon.setIconName(card.distanceText == nil ? "mark-location-symbolic" : "find-location-symbolic")
        matchReasons.text = card.matchReasons.map(Self.wrappingBetweenReasons) ?? ""
        matchRow.isVisible = card.matchReasons != nil
        showPhoto(of: card)
    }

    /// The reasons line breaks between reasons and after a comma, never inside
    /// a reason ("same breed" stays whole).
    private static func wrappingBetweenReasons(_ line: String) -> String {
        let reasons = line.split(separator: " · ").map { reason in
            var kept = ""
            for character in reason {
                kept.append(character == " " && kept.last != "," ? "\u{00A0}" : character)
            }
            return kept
        }
        return reasons.joined(separator: "\u{00A0}· ")
    }

    private func showPhoto(of card: AnnouncementCard) {
        photoLoad?.cancel()
        let shape = PhotoLoader.Shape.square(side: Self.thumbnailSize * 2)  // sharp on 2x displays
        guard let url = card.photoURL else {
            showPlaceholder()
            return
        }
        if let texture = photos.cachedTexture(for: url, shape: shape) {
            photo.setTexture(texture)
            thumbnail.visibleChildName = "photo"
            return
        }
        showPlaceholder()
        photoLoad = Task { [weak self] in
            guard let self, let texture = await photos.texture(for: url, shape: shape),
                !Task.isCancelled, shownCard?.id == card.id  // the row may have been recycled meanwhile
            else { return }
            photo.setTexture(texture)
            thumbnail.visibleChildName = "photo"
        }
    }

    private func showPlaceholder() {
        thumbnail.visibleChildName = "placeholder"
    }
}
