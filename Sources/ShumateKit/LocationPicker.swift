// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

/// A map for choosing one place ("where was the pet last seen?"): a click
/// (primary button, without dragging) puts the pin there, or moves it; a drag
/// still pans and the scroll wheel still zooms. From the keyboard, the arrows
/// pan and + / - zoom (`enableKeyboardNavigation`), and Enter or Space puts
/// the pin at the centre, which a crosshair marks while the map has the focus.
///
/// Without network the tiles stay blank, but picking works the same: the pin
/// is a widget above the tiles.
///
/// `onPicked` reports the user's picks only: `setPicked` from code does not
/// call it.
public struct LocationPicker: Widget {
    /// An overlay: the map, and the crosshair above it.
    public let handle: WidgetHandle
    /// The map itself, for its camera (`goTo`, `fit`, `zoomIn`…).
    public let map: SimpleMap
    private let state: PickerState

    /// `accessibleLabel` names the map ("Where the pet was last seen");
    /// `pin` is drawn with its centre on the picked place (pad an icon so its
    /// tip is the centre): by default a 32-pixel `mark-location-symbolic`
    /// with the style class `location-pin`, blue with a white edge, which
    /// reads on OpenStreetMap's light tiles in the light and dark styles
    /// alike. The picker is a card (rounded, clipped), as a form's rows are.
    public init(accessibleLabel: String, pin: (some Widget)? = AnyWidget?.none) {
        Styles.installDefault("location-picker", css: Self.css)
        map = SimpleMap(accessibleLabel: accessibleLabel)
        let overlay = Overlay(child: map)
        overlay.addCSSClass("card")
        overlay.addCSSClass("location-picker")
        overlay.clipToBounds()
        handle = overlay.handle
        let pinWidget = pin.map(AnyWidget.init) ?? AnyWidget(Self.defaultPin())
        // Decoration: the map's description and the form say where it is.
        Accessibility.setRole(pinWidget.widgetPointer, GTK_ACCESSIBLE_ROLE_PRESENTATION)
        let marker = Marker(location: MapLocation(latitude: 0, longitude: 0), child: pinWidget)
        marker.isVisible = false  // nothing picked yet
        let layer = map.addMarkerLayer()
        layer.add(marker)

        let crosshair = Image(iconName: "find-location-symbolic", pixelSize: 24)
        crosshair.addCSSClass("location-picker-crosshair")
        crosshair.setAlign(horizontal: .center, vertical: .center)
        gtk_widget_set_can_target(crosshair.widgetPointer, 0)  // clicks go through to the map
        Accessibility.setRole(crosshair.widgetPointer, GTK_ACCESSIBLE_ROLE_PRESENTATION)
        crosshair.isVisible = false
        overlay.addOverlay(crosshair)

        state = PickerState(layer: layer, marker: marker)
        // A double click picks twice rather than zooming in under the pin.
        shumate_map_set_zoom_on_double_click(map.innerMap, 0)
        map.enableKeyboardNavigation()
        installClickGesture()
        installKeys(crosshair: crosshair)
        map.keepAlive(state)
    }

    /// The place picked, nil before the first pick.
    public var pickedLocation: MapLocation? { state.isPicked ? state.marker.location : nil }

    /// Puts the pin at `location` (nil removes it) and, with `centring`,
    /// moves the view there (animated when the map is on screen). Does not
    /// call the `onPicked` handlers.
    public func setPicked(_ location: MapLocation?, centring: Bool = true) {
        guard let location else {
            state.isPicked = false
            state.marker.isVisible = false
            return
        }
        place(at: location.clamped)
        if centring { map.goTo(latitude: location.latitude, longitude: location.longitude, zoom: map.zoomLevel) }
    }

    /// Called with the place the user picked: a click, or Enter/Space at the centre.
    public func onPicked(_ handler: @escaping @MainActor (MapLocation) -> Void) {
        state.handlers.append(handler)
    }

    /// Picks the place under (x, y), in this widget's coordinates, as a click
    /// there would; false (and nothing picked) when that point is not on the
    /// map's tiles (outside it, or on the attribution or the scale).
    @discardableResult
    package func pick(atX x: Double, y: Double) -> Bool {
        var mapX = 0.0
        var mapY = 0.0
        guard let size = map.innerMapSize,
            gtk_widget_translate_coordinates(widgetPointer, map.innerMapWidget, x, y, &mapX, &mapY) != 0,
            (0..<size.width).contains(mapX), (0..<size.height).contains(mapY), isOnTiles(x: x, y: y)
        else { return false }
        userPicked(map.location(atInnerMapX: mapX, y: mapY))
        return true
    }

    /// Picks the centre of the view, as Enter on the map does.
    package func pickCentre() { userPicked(map.centre.clamped) }

    /// The click gesture, for tests to emit `pressed` and `released` on.
    package var clickGesture: UnsafeMutableRawPointer { state.clickGesture! }

    /// The key controller for Enter and Space, for tests to emit `key-pressed` on.
    package var pickKeyController: UnsafeMutableRawPointer { state.keyController! }

    /// Whether the crosshair is shown (while the map has the focus), for tests.
    package var isCrosshairShown: Bool { state.crosshair?.isVisible ?? false }

    private func userPicked(_ location: MapLocation) {
        place(at: location.clamped)
        for handler in state.handlers { handler(state.marker.location) }
    }

    private func place(at location: MapLocation) {
        state.marker.location = location
        state.marker.isVisible = true
        state.isPicked = true
    }

    /// Whether (x, y) falls on the inner map (tiles, layers, the pin), not on
    /// the attribution, scale or compass drawn over it.
    private func isOnTiles(x: Double, y: Double) -> Bool {
        var widget = gtk_widget_pick(widgetPointer, x, y, GTK_PICK_DEFAULT)
        while let current = widget, current != widgetPointer {
            if current == map.innerMapWidget { return true }
            widget = gtk_widget_get_parent(current)
        }
        return false
    }

    /// A click without a drag picks: GtkGestureClick gives up once the
    /// pointer moves past the double-click distance, so a pan never picks. It
    /// sits on the map in the capture phase, as `MarkerClicks` does, and
    /// claims nothing, so the map's own gestures still pan and zoom.
    private func installClickGesture() {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gesture, guint(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        let picker = self
        Signals.connect(
            UnsafeMutableRawPointer(gesture), "released",
            arguments: { arguments in
                picker.pick(atX: arguments.double(at: 2), y: arguments.double(at: 3))
            })
        gtk_widget_add_controller(widgetPointer, gesture)  // the overlay owns it
        state.clickGesture = UnsafeMutableRawPointer(gesture)
    }

    /// Enter and Space pick the centre; the crosshair shows it while the map
    /// has the keyboard focus.
    private func installKeys(crosshair: Image) {
        let picker = self
        let keys = gtk_event_controller_key_new()!
        Signals.connect(
            UnsafeMutableRawPointer(keys), "key-pressed",
            key: { keyval, modifiers in
                guard modifiers & (Keys.control | Keys.alt | Keys.shift) == 0 else { return false }
                switch Int32(bitPattern: keyval) {
                case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
                    picker.pickCentre()
                    return true
                default:
                    return false
                }
            })
        gtk_widget_add_controller(map.widgetPointer, keys)  // the map owns it
        state.keyController = UnsafeMutableRawPointer(keys)
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(UnsafeMutableRawPointer(focus), "enter") { crosshair.isVisible = true }
        Signals.connect(UnsafeMutableRawPointer(focus), "leave") { crosshair.isVisible = false }
        gtk_widget_add_controller(map.widgetPointer, focus)
        state.crosshair = crosshair
    }

    /// Fixed colours: the tiles are light whatever the style.
    private static let css = """
        .location-pin { color: #1c71d8; -gtk-icon-shadow: 0 0 1px white, 0 0 2px white, 0 1px 3px rgba(0, 0, 0, 0.5); }
        .location-picker-crosshair { color: #241f31; -gtk-icon-shadow: 0 0 1px white, 0 0 2px white; }
        """

    private static func defaultPin() -> Image {
        let pin = Image(iconName: "mark-location-symbolic", pixelSize: 32)
        pin.addCSSClass("location-pin")
        // The icon's tip is its bottom centre: a bottom margin of its height
        // puts the tip at the marker's centre, which is the location.
        pin.setMargins(bottom: 32)
        return pin
    }
}

/// What a picker holds besides its widgets: kept alive by the map.
@MainActor
private final class PickerState {
    let layer: MarkerLayer
    let marker: Marker
    var isPicked = false
    var handlers: [@MainActor (MapLocation) -> Void] = []
    var clickGesture: UnsafeMutableRawPointer?
    var keyController: UnsafeMutableRawPointer?
    var crosshair: Image?

    init(layer: MarkerLayer, marker: Marker) {
        self.layer = layer
        self.marker = marker
    }
}
