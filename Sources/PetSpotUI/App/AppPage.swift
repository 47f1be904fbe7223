// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// One of the window's top-level pages. Adding a page takes a class that
/// conforms to this and one line in `AppComposition`; the window needs no edit.
@MainActor
protocol AppPage: AnyObject {
    var tab: AppTabID { get }
    /// The page tab's name, for the view switcher and screen readers.
    var title: String { get }
    /// A symbolic icon name for the view switcher.
    var iconName: String { get }
    var rootWidget: AnyWidget { get }
    /// The page became visible: load what it shows on first display.
    func appeared()
    /// Refresh (F5, Ctrl+R) while the page is visible.
    func refresh()
}
