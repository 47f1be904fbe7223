// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

extension SimpleMap {
    /// Zooms in by one level, animated (the built-in buttons and the scroll
    /// wheel step only 0.2): to the next whole level above the current one, or
    /// one past the level an earlier `zoomIn` is still animating to.
    public func zoomIn() { zoom(step: 1) }

    /// Zooms out by one level, animated; see `zoomIn`.
    public func zoomOut() { zoom(step: -1) }

    /// Makes the map focusable and lets the keyboard move it (libshumate 1.0.3
    /// has no keyboard navigation): the arrow keys pan by a quarter of the view,
    /// + / = / keypad + zoom in and - / keypad - zoom out. Keys with Ctrl or Alt
    /// are left to shortcuts. Keys reaching the map from a focused marker button
    /// move the map too. Calling it again changes nothing.
    public func enableKeyboardNavigation() {
        let object = gobject(raw)
        guard g_object_get_data(object, Self.keyControllerKey) == nil else { return }
        canFocus = true
        let controller = gtk_event_controller_key_new()!
        let map = self
        Signals.connect(
            UnsafeMutableRawPointer(controller), "key-pressed",
            key: { keyval, modifiers in
                map.handleKey(keyval, modifiers: modifiers)
            })
        gtk_widget_add_controller(widgetPointer, controller)  // the map owns it
        g_object_set_data(object, Self.keyControllerKey, UnsafeMutableRawPointer(controller))
    }

    /// The GtkEventControllerKey `enableKeyboardNavigation` added, for tests to
    /// emit `key-pressed` on.
    package var keyController: UnsafeMutableRawPointer? { g_object_get_data(gobject(raw), Self.keyControllerKey) }

    /// Duration of a keyboard or button zoom step.
    static let zoomAnimationMilliseconds: guint = 250

    private static let keyControllerKey = "petspot-map-key-controller"

    /// What a key does to the map; true when it was one of the map's keys.
    func handleKey(_ keyval: UInt32, modifiers: UInt32) -> Bool {
        if modifiers & (Keys.control | Keys.alt) != 0 { return false }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: pan(byViewFraction: -0.25, 0)
        case GDK_KEY_Right, GDK_KEY_KP_Right: pan(byViewFraction: 0.25, 0)
        case GDK_KEY_Up, GDK_KEY_KP_Up: pan(byViewFraction: 0, -0.25)
        case GDK_KEY_Down, GDK_KEY_KP_Down: pan(byViewFraction: 0, 0.25)
        case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add: zoomIn()
        case GDK_KEY_minus, GDK_KEY_KP_Subtract: zoomOut()
        default: return false
        }
        return true
    }

    /// Moves the centre by a fraction of the view's width and height, at once;
    /// a zoom step under way carries on to its level around the new centre.
    func pan(byViewFraction dx: Double, _ dy: Double) {
        guard let size = innerMapSize else { return }
        let target = location(atInnerMapX: size.width * (0.5 + dx), y: size.height * (0.5 + dy)).clamped
        if let zoomTarget = zoomStepUnderWay {
            MapState.of(self).zoomTargetSetAt = g_get_monotonic_time()  // a new animation of the full duration
            shumate_map_go_to_full_with_duration(
                innerMap, target.latitude, target.longitude, zoomTarget, Self.zoomAnimationMilliseconds)
        } else {
            shumate_map_stop_go_to(innerMap)
            centre = target
        }
    }

    private func zoom(step: Double) {
        let current = zoomLevel
        // From the level a step under way goes to, if it goes the same way.
        var base = current
        if let target = zoomStepUnderWay, (target > current) == (step > 0) { base = target }
        let next = step > 0 ? (base + 1e-6).rounded(.down) + 1 : (base - 1e-6).rounded(.up) - 1
        let target = min(max(next, zoomRange.lowerBound), zoomRange.upperBound)
        guard abs(target - current) > 1e-9 else { return }
        let state = MapState.of(self)
        state.zoomTarget = target
        state.zoomTargetSetAt = g_get_monotonic_time()
        if isMapped {
            let centre = centre.clamped
            shumate_map_go_to_full_with_duration(
                innerMap, centre.latitude, centre.longitude, target, Self.zoomAnimationMilliseconds)
        } else {
            zoomLevel = target
        }
    }

    /// The level a zoom step is still animating to: one asked for less than its
    /// duration ago (plus a frame's slack) and not reached yet. libshumate does
    /// not say whether a go-to is under way, and a scroll may have moved the
    /// zoom level since, so neither test alone would do.
    private var zoomStepUnderWay: Double? {
        let state = MapState.of(self)
        let slack: gint64 = 100_000
        guard let target = state.zoomTarget, abs(zoomLevel - target) > 1e-6,
            g_get_monotonic_time() - state.zoomTargetSetAt < gint64(Self.zoomAnimationMilliseconds) * 1000 + slack
        else { return nil }
        return target
    }
}
