// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// What coordinators ask of the UI: implemented by GTK views, and by fakes in
/// tests. Views never navigate by themselves; they call their coordinator.
@MainActor
public protocol WindowHost: AnyObject {
    func selectTab(_ tab: AppTabID)
    /// A brief confirmation ("Phone number copied").
    func showToast(_ message: String)
    /// Opens the Report a Pet form (or brings it forward).
    func showReportForm()
}

@MainActor
public protocol ReportsNavigationHost: AnyObject {
    /// Shows the list, as it was left (filter, search, scroll position).
    func showReportsList()
    /// Pushes the details page (its view model says what to show).
    func showPetDetails()
    /// Puts the keyboard focus in the search entry.
    func focusSearch()
}

@MainActor
public protocol MapHost: AnyObject {
    /// Centres the map on one announcement.
    func focus(on details: PetDetails)
}
