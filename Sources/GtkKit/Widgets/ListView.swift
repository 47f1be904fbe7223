import CGtk
import GLibKit

/// A recycling GtkListView: GTK creates only as many row widgets as are on
/// screen and re-binds them while scrolling, so the list stays fast whatever its
/// length. Rows are Swift controllers made by `makeRow` and bound by position.
@MainActor
public final class ListView<Row: AnyObject> {
    public let widget: AnyWidget
    private let model: OpaquePointer  // GtkStringList of item keys
    private var count = 0
    private static var rowKey: String { "petspot-list-row" }

    /// A new row controller and the widget it manages. Set before the list is shown.
    public var makeRow: (@MainActor () -> (Row, AnyWidget))?
    /// Shows item `position` in a (possibly recycled) row.
    public var bindRow: (@MainActor (Row, Int) -> Void)?

    public init(accessibleLabel: String) {
        model = gtk_string_list_new(nil)
        let selection = gtk_no_selection_new(model)!
        let factory = gtk_signal_list_item_factory_new()!
        let listView = gtk_list_view_new(selection, factory)!
        widget = AnyWidget(listView)
        widget.setAccessibleLabel(accessibleLabel)
        g_object_ref(UnsafeMutableRawPointer(model))  // ours too: the selection owns the other

        let factoryPointer = UnsafeMutableRawPointer(factory)
        Signals.connect(factoryPointer, "setup", object: { [unowned self] listItem in
            guard let (row, rowWidget) = self.makeRow?() else { return }
            gtk_list_item_set_child(OpaquePointer(listItem), rowWidget.widgetPointer)
            // Rows activate themselves (a card is one button): the list item
            // itself is not activatable, so there is one action per row.
            gtk_list_item_set_activatable(OpaquePointer(listItem), 0)
            g_object_set_data_full(
                gobject(UnsafeMutableRawPointer(rowWidget.widgetPointer)), ListView.rowKey,
                ClosureBox(row).retainedPointer(), releaseBox)
        })
        Signals.connect(factoryPointer, "bind", object: { [unowned self] listItem in
            let item = OpaquePointer(listItem)
            guard let child = gtk_list_item_get_child(item),
                  let data = g_object_get_data(gobject(UnsafeMutableRawPointer(child)), ListView.rowKey),
                  let box = ClosureBox<Row>.from(data)
            else { return }
            let position = Int(gtk_list_item_get_position(item))
            if position < self.count { self.bindRow?(box.value, position) }
        })
        widget.keepAlive(self)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(model)) }

    /// Replaces the items: `keys` identify them (one per position).
    public func setItems(keys: [String]) {
        let removed = guint(count)
        count = keys.count
        withCStringArray(keys) { gtk_string_list_splice(model, 0, removed, $0) }
    }
}
