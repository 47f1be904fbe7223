import GtkKit

/// Every announcement, filterable.
@MainActor
final class ReportsPage: RefreshablePage {
    let rootWidget: AnyWidget

    init() {
        let status = StatusPage(
            title: "No Reports", description: "Reports of lost and found pets will appear here.",
            iconName: "view-list-symbolic")
        rootWidget = AnyWidget(status)
    }

    func refresh() {}
}
