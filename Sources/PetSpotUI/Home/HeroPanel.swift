// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// "Find Your Pet" with the Lost Pet and Found Pet shortcuts into Reports.
@MainActor
struct HeroPanel {
    let root: Box

    init(onLostPet: @escaping @MainActor () -> Void, onFoundPet: @escaping @MainActor () -> Void) {
        root = Box(.vertical, spacing: 18, cssClasses: ["card", "hero-panel"])
        root.makeAccessibleGroup(named: tr("Find Your Pet"))

        let heading = Label(tr("Find Your Pet"), cssClasses: ["title-1"])
        heading.setAccessibleRole(.heading)
        heading.setWrap(true)
        heading.setCentred()
        let subtitle = Label(tr("See who is missing and who has been found near you."), cssClasses: ["dim-label"])
        subtitle.setWrap(true)
        subtitle.setCentred()

        let lost = Button(
            label: tr("Lost Pet"), iconName: "dialog-warning-symbolic", cssClasses: ["pill", "destructive-action"])
        lost.onClicked(onLostPet)
        lost.setTooltip(tr("Show pets reported lost"))
        let found = Button(
            label: tr("Found Pet"), iconName: "object-select-symbolic", cssClasses: ["pill", "suggested-action"])
        found.onClicked(onFoundPet)
        found.setTooltip(tr("Show pets reported found"))

        // Side by side, or one above the other when both do not fit (large
        // text, a narrow window, Polish): never a reason for a wider window.
        let buttons = WrappingBox(spacing: 12, maximumPerLine: 2, children: [lost, found])
        buttons.setAlign(horizontal: .center)

        let content = Box(.vertical, spacing: 6, children: [heading, subtitle])
        root.append(content)
        root.append(buttons)
        root.setMargins(top: 6, bottom: 6)
        content.setMargins(top: 24, start: 18, end: 18)
        buttons.setMargins(bottom: 24, start: 18, end: 18)
    }
}
