// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// Search, status filter and sort above the Reports list.
@MainActor
final class ReportsToolbar {
    let root = Box(.vertical, spacing: 8)
    let searchEntry = SearchEntry(placeholder: tr("Search by name or breed"))
    private let filterButtons: [(AnnouncementListQuery.StatusFilter, ToggleButton)]
    private let sortDropDown: DropDown
    /// The drop-down's choices, in order: Nearest joins when the location arrives.
    private(set) var sorts: [AnnouncementListQuery.Sort]
    private let viewModel: ReportsViewModel

    init(viewModel: ReportsViewModel) {
        self.viewModel = viewModel
        let all = ToggleButton(label: trc("status filter", "All"))
        let lost = ToggleButton(label: trc("status filter", "Lost"), group: all)
        let found = ToggleButton(label: trc("status filter", "Found"), group: all)
        filterButtons = [(.all, all), (.lost, lost), (.found, found)]
        let filters = Box(.horizontal, cssClasses: ["linked"])
        filters.makeAccessibleGroup(named: tr("Status filter"))
        for (filter, button) in filterButtons {
            filters.append(button)
            button.onToggled { [viewModel] in
                if button.isActive { viewModel.setStatusFilter(filter) }
            }
        }

        sorts = viewModel.availableSorts
        sortDropDown = DropDown(items: sorts.map(Self.title), accessibleLabel: tr("Sort"))
        let spacer = Box(.horizontal)
        spacer.setExpand(horizontal: true)
        let controls = Box(.horizontal, spacing: 8, children: [filters, spacer, sortDropDown])

        searchEntry.setExpand(horizontal: true)
        // Results follow each keystroke: a search over 100 000 reports takes
        // milliseconds, off the main thread, and a newer one cancels it. GTK's
        // default 150 ms wait would be most of the time to new rows.
        searchEntry.searchDelay = .zero
        root.append(searchEntry)
        root.append(controls)
        root.setMargins(top: 12, bottom: 6, start: 12, end: 12)

        sortDropDown.onSelectionChanged { [unowned self] in
            let index = sortDropDown.selectedIndex
            if sorts.indices.contains(index) { viewModel.setSort(sorts[index]) }
        }
        searchEntry.onSearchChanged { [unowned self] in
            searchTextFromEntry = searchEntry.text
            viewModel.setSearchText(searchEntry.text)
        }
        // GNOME convention: Escape in a search entry clears the search.
        searchEntry.onStopSearch { [viewModel] in viewModel.setSearchText("") }
        root.keepAlive(self)
        root.bind { [unowned self] in syncFromModel() }
    }

    /// The search text the entry last gave the view model. Its echo can come
    /// back after the user has typed on; it must not put the older text back.
    private var searchTextFromEntry = ""

    /// The coordinator may change the filter and clear the search (Lost Pet on
    /// Home): reflect it.
    private func syncFromModel() {
        if viewModel.searchText != searchTextFromEntry, searchEntry.text != viewModel.searchText {
            searchEntry.text = viewModel.searchText
        }
        for sort in viewModel.availableSorts where !sorts.contains(sort) {
            sorts.append(sort)
            sortDropDown.appendItem(Self.title(sort))
        }
        let current = viewModel.statusFilter
        for (filter, button) in filterButtons where filter == current && !button.isActive {
            button.isActive = true
        }
        if let index = sorts.firstIndex(of: viewModel.sort), sortDropDown.selectedIndex != index {
            sortDropDown.selectedIndex = index
        }
    }

    private static func title(_ sort: AnnouncementListQuery.Sort) -> String {
        switch sort {
        case .newest: tr("Newest")
        case .oldest: tr("Oldest")
        case .nearest: tr("Nearest")
        }
    }
}
