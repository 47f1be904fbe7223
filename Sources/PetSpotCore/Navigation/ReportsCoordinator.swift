/// Navigation inside the Reports tab: the list, and a details page pushed on it.
@MainActor
public final class ReportsCoordinator {
    public weak var host: (any ReportsNavigationHost)?
    public let list: AnnouncementListViewModel
    public let details: PetDetailsViewModel
    public private(set) var isShowingDetails = false

    public init(list: AnnouncementListViewModel, details: PetDetailsViewModel) {
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
}
