import GtkKit
import PetSpotPresentation

/// The button drawn for a marker: a coloured pin for one report, a count for a
/// cluster. It is what screen readers and the keyboard reach (Tab walks the
/// visible markers), so it carries the marker's sentence as its name. Public so
/// that `make bench` measures these very widgets.
@MainActor
public enum MapMarkerButton {
    public static func make(for marker: MapMarker, onActivate: @escaping @MainActor () -> Void) -> Button {
        let button: Button
        switch marker {
        case .pin(let pin):
            button = Button(
                child: Image(iconName: "mark-location-symbolic"), accessibleLabel: pin.accessibleName,
                cssClasses: ["map-pin", MapStyle.cssClass(for: pin.status)])
            button.setTooltip(pin.title)
        case .cluster(let cluster):
            button = Button(
                child: Label("\(cluster.pins.count)"), accessibleLabel: cluster.accessibleName,
                cssClasses: ["map-cluster"])
            button.setTooltip(cluster.accessibleName)
        }
        button.onClicked(onActivate)
        return button
    }
}
