import GtkKit
import PetSpotPresentation

/// Where pets went missing. The interactive map arrives with libshumate in a
/// later issue; until then this page says which pet was asked for and where.
@MainActor
final class MapPage: AppPage, MapHost {
    let tab = AppTabID.map
    let title = "Map"
    let iconName = "mark-location-symbolic"
    let rootWidget: AnyWidget
    private let status: StatusPage

    init() {
        status = StatusPage(
            title: "Map", description: "A map of lost and found pets is on its way.",
            iconName: "mark-location-symbolic")
        rootWidget = AnyWidget(status)
        rootWidget.keepAlive(self)
    }

    func appeared() {}
    func refresh() {}

    func focus(on details: PetDetails) {
        status.statusDescription = "\(details.title) was last seen at \(details.location)."
    }
}
