import CGtk

/// Ties Swift objects to a GObject's lifetime: the GObject keeps them alive and
/// releases them when it is finalized. A widget's Swift controller is attached to
/// its root widget this way, so the widget tree owns the controllers, and closures
/// may capture their controller without forming a cycle with a Swift owner.
@MainActor
public enum ObjectLifetime {
    public static func attach(_ object: AnyObject, to instance: UnsafeMutableRawPointer) {
        let key = "petspot-attached-\(nextKey)"
        nextKey += 1
        g_object_set_data_full(
            gobject(instance), key, ClosureBox(object).retainedPointer(), releaseBox)
    }

    private static var nextKey = 0
}
