import GtkKit
import PetSpotCore

/// Where pets went missing. The interactive map arrives with libshumate in a
/// later issue; until then this page says which pet was asked for and where.
@MainActor
final class MapPage: MapHost {
    let rootWidget: AnyWidget
    private let status: StatusPage

    init() {
        status = StatusPage(
            title: "Map", description: "A map of lost and found pets is on its way.",
            iconName: "mark-location-symbolic")
        rootWidget = AnyWidget(status)
        rootWidget.keepAlive(self)
    }

    func refresh() {}

    func focus(on details: PetDetails) {
        status.statusDescription = "\(details.title) was last seen at \(details.location)."
    }
}
