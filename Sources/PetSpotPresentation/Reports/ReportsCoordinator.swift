// SPDX-License-Identifier: GPL-3.0-or-later

import Observation
import PetSpotDomain

/// Navigation inside the Reports tab: the list, and a details page pushed on it.
@MainActor
@Observable
public final class ReportsCoordinator {
    @ObservationIgnored public weak var host: (any ReportsNavigationHost)?
    /// Journeys that leave the tab (Show on Map) and toasts go through the app.
    @ObservationIgnored weak var app: AppCoordinator?
    public let list: ReportsViewModel
    public let details: PetDetailsViewModel
    public private(set) var isShowingDetails = false

    public init(list: ReportsViewModel, details: PetDetailsViewModel) {
        self.list = list
        self.details = details
    }

    /// The list with `filter` selected and no search (leaving details if they
    /// were open): "Lost Pet" means every lost pet, not those matching an old search.
    public func showList(filter: AnnouncementListQuery.StatusFilter) {
        list.setSearchText("")
        list.setStatusFilter(filter)
        list.start()
        if isShowingDetails { _ = back() }
    }

    public func openDetails(id: String) {
        details.load(id: id)
        isShowingDetails = true
        host?.showPetDetails()
    }

    /// The list (leaving details), ready to type a search.
    public func showSearch() {
        list.start()
        if isShowingDetails { _ = back() }
        host?.focusSearch()
    }

    /// Back button, Escape, Alt+Left. Returns false when there is nothing to go
    /// back to, so the key can do something else.
    @discardableResult
    public func back() -> Bool {
        guard isShowingDetails else { return false }
        details.cancel()
        isShowingDetails = false
        host?.showReportsList()
        return true
    }

    /// Show on Map from the details page.
    public func showOnMap(_ details: PetDetails) {
        app?.showOnMap(details)
    }

    /// A brief confirmation from this tab ("Phone number copied").
    public func announce(_ message: String) {
        app?.showToast(message)
    }

    /// The empty list's Report a Pet button.
    public func newReport() { app?.newReport() }
}
