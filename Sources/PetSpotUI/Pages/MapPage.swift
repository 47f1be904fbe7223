import GtkKit

/// Where pets went missing (the map arrives in a later issue).
@MainActor
final class MapPage: RefreshablePage {
    let rootWidget: AnyWidget

    init() {
        let status = StatusPage(
            title: "Map", description: "A map of lost and found pets is on its way.",
            iconName: "mark-location-symbolic")
        rootWidget = AnyWidget(status)
    }

    func refresh() {}
}
