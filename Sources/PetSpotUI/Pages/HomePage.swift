import GtkKit

/// The landing page.
@MainActor
final class HomePage: RefreshablePage {
    let rootWidget: AnyWidget

    init() {
        let status = StatusPage(
            title: "Find Your Pet",
            description: "Recent reports of lost and found pets will appear here.",
            iconName: "go-home-symbolic")
        rootWidget = AnyWidget(status)
    }

    func refresh() {}
}
