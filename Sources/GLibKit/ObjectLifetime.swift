// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// Ties Swift objects to a GObject's lifetime: the GObject keeps them alive and
/// releases them when it is finalized. A widget's Swift controller is attached to
/// its root widget this way, so the widget tree owns the controllers, and closures
/// may capture their controller without forming a cycle with a Swift owner.
@MainActor
package enum ObjectLifetime {
    package static func attach(_ object: AnyObject, to instance: UnsafeMutableRawPointer) {
        // One fixed key per object: GLib interns keys as quarks forever, so a
        // key per attachment would grow without bound.
        let target = gobject(instance)
        if let existing = g_object_get_data(target, key), let bag = ClosureBox<KeptObjects>.from(existing) {
            bag.value.objects.append(object)
            return
        }
        let bag = KeptObjects()
        bag.objects.append(object)
        g_object_set_data_full(target, key, ClosureBox(bag).retainedPointer(), releaseBox)
    }

    private static let key = "petspot-kept-alive"
}

/// The Swift objects one GObject keeps alive.
@MainActor
private final class KeptObjects {
    var objects: [AnyObject] = []
}
