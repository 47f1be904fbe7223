// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

/// Pointer clicks on markers. ShumateMap's own gestures take every press in
/// the capture phase (to pan and to zoom on double click), so a button inside a
/// marker never sees a pointer click, only keyboard and assistive-technology
/// activation. This gesture sits on the SimpleMap, above the map, also in the
/// capture phase: a press on a marker is claimed, and its release over the same
/// marker activates the marker's child as a click would. Any other press is
/// left to the map.
@MainActor
enum MarkerClicks {
    /// Installs the gesture on `map` once.
    static func install(on map: SimpleMap) {
        let object = gobject(map.raw)
        guard g_object_get_data(object, installedKey) == nil else { return }
        let gesture = gtk_gesture_click_new()!
        let controller = gesture  // GtkGesture is a GtkEventController
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let state = PressState()
        let widget = map.widgetPointer
        Signals.connect(
            UnsafeMutableRawPointer(gesture), "pressed",
            arguments: { arguments in
                let target = markerChild(in: widget, atX: arguments.double(at: 2), y: arguments.double(at: 3))
                state.pressed = target
                gtk_gesture_set_state(
                    gesture,
                    target == nil ? GTK_EVENT_SEQUENCE_DENIED : GTK_EVENT_SEQUENCE_CLAIMED)
            })
        Signals.connect(
            UnsafeMutableRawPointer(gesture), "released",
            arguments: { arguments in
                defer { state.pressed = nil }
                guard let pressed = state.pressed,
                    markerChild(in: widget, atX: arguments.double(at: 2), y: arguments.double(at: 3)) == pressed
                else { return }
                gtk_widget_activate(pressed)
            })
        Signals.connect(UnsafeMutableRawPointer(gesture), "cancel", arguments: { _ in state.pressed = nil })
        gtk_widget_add_controller(widget, controller)  // the map owns it
        g_object_set_data(object, installedKey, UnsafeMutableRawPointer(gesture))
    }

    /// The child of the marker under (x, y) in `map`'s coordinates, if any.
    private static func markerChild(
        in map: UnsafeMutablePointer<GtkWidget>, atX x: Double, y: Double
    ) -> UnsafeMutablePointer<GtkWidget>? {
        var widget = gtk_widget_pick(map, x, y, GTK_PICK_DEFAULT)
        let markerType = shumate_marker_get_type()
        while let current = widget, current != map {
            if g_type_check_instance_is_a(gcast(UnsafeMutableRawPointer(current)), markerType) != 0 {
                return shumate_marker_get_child(gcast(UnsafeMutableRawPointer(current)))
            }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }

    private static let installedKey = "petspot-marker-clicks"

    /// The marker child a press landed on, until its release.
    @MainActor
    private final class PressState {
        var pressed: UnsafeMutablePointer<GtkWidget>?
    }
}
