// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CListModel
import GLibKit

/// A recycling GtkListView: GTK creates only as many row widgets as are on
/// screen and re-binds them while scrolling, so the list stays fast whatever its
/// length. Rows are Swift controllers made by `makeRow` and bound by position.
///
/// The model knows only how many rows there are (`PetSpotPositionModel`), so a
/// 100 000-row list costs no more than the rows on screen, and a change is
/// told as a splice: GTK re-binds the rows it moved or replaced, and keeps the
/// scroll position when rows are inserted above it.
@MainActor
public final class ListView<Row: AnyObject> {
    public let widget: AnyWidget
    private let model: OpaquePointer  // PetSpotPositionModel
    /// The rows on screen now, by their GtkListItem.
    private var boundRows: [UnsafeMutableRawPointer: Row] = [:]
    private static var rowKey: String { "petspot-list-row" }

    /// A new row controller and the widget it manages. Set before the list is shown.
    public var makeRow: (@MainActor () -> (Row, AnyWidget))?
    /// Shows item `position` in a (possibly recycled) row.
    public var bindRow: (@MainActor (Row, Int) -> Void)?

    /// How many rows the list has.
    public private(set) var count = 0
    /// How many of them the model has told GTK about: all of them, except
    /// while a long list is being built up a few rows per frame.
    private var modelCount: Int { Int(petspot_position_model_get_count(model)) }
    /// Rows are being added frame by frame: the next step waits for a frame.
    private var isGrowing = false

    /// GTK 4.8's list views keep a row widget for up to 200 items, however few
    /// are on screen, and build them all in the frame after the list grows:
    /// going from a few rows to 100 000 took one 60-100 ms frame. Past a
    /// screenful, new rows are told to GTK this many per frame until it holds
    /// its 200; the rest then come at once, as they build no widgets. Twelve
    /// cards took 20-30 ms on the software renderer, six 16-20.
    private static var rowsPerFrame: Int { 6 }
    private static var rowsGtkBuilds: Int { 200 }

    public init(accessibleLabel: String) {
        model = petspot_position_model_new()
        let selection = gtk_no_selection_new(model)!
        let factory = gtk_signal_list_item_factory_new()!
        let listView = gtk_list_view_new(selection, factory)!
        widget = AnyWidget(listView)
        widget.setAccessibleLabel(accessibleLabel)
        g_object_ref(UnsafeMutableRawPointer(model))  // ours too: the selection owns the other

        let factoryPointer = UnsafeMutableRawPointer(factory)
        Signals.connect(
            factoryPointer, "setup",
            object: { [unowned self] listItem in
                guard let (row, rowWidget) = self.makeRow?() else { return }
                gtk_list_item_set_child(OpaquePointer(listItem), rowWidget.widgetPointer)
                // Rows activate themselves (a card is one button): the list item
                // itself is not activatable, so there is one action per row.
                gtk_list_item_set_activatable(OpaquePointer(listItem), 0)
                g_object_set_data_full(
                    gobject(UnsafeMutableRawPointer(rowWidget.widgetPointer)), ListView.rowKey,
                    ClosureBox(row).retainedPointer(), releaseBox)
            })
        Signals.connect(
            factoryPointer, "bind",
            object: { [unowned self] listItem in
                guard let row = Self.row(of: listItem) else { return }
                self.boundRows[listItem] = row
                self.bind(row, to: listItem)
            })
        Signals.connect(
            factoryPointer, "unbind",
            object: { [unowned self] listItem in
                self.boundRows[listItem] = nil
            })
        widget.keepAlive(self)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(model)) }

    /// Replaces `removed` rows at `position` with `added` new ones, then
    /// binds the rows on screen again.
    ///
    /// Where old rows are replaced one for one, the model is not told: those
    /// positions show other items now, and rebinding their rows is all it
    /// takes. GTK 4.8 would instead destroy every row widget in a replaced
    /// range and build new ones (about 60 ms for a screenful of cards on a
    /// filter change); only the surplus is removed or inserted, after them.
    /// A report added on top is still an insertion, so the rows below keep
    /// their place on screen.
    public func splice(at position: Int, removed: Int, added: Int) {
        precondition(position >= 0 && removed >= 0 && added >= 0 && position + removed <= count)
        let shown = modelCount
        count += added - removed
        if !isGrowing && (count - shown <= Self.rowsPerFrame || shown >= Self.rowsGtkBuilds) {
            let replaced = min(removed, added)
            petspot_position_model_splice(
                model, guint(position + replaced), guint(removed - replaced),
                guint(added - replaced))
        } else {
            // The model keeps being the list's first rows: those it has now
            // show what is at their positions, and more follow frame by frame.
            if shown > count { petspot_position_model_splice(model, guint(count), guint(shown - count), 0) }
            if !isGrowing { growTowardCount() }
        }
        rebindBoundRows()
    }

    /// Binds the rows GTK keeps again after a change: those on screen now,
    /// the others (GTK 4.8 keeps up to 200 bound) a batch per main-loop
    /// iteration after it. Rebinding all 200 at once made the next frame
    /// measure every one of them again: 20-25 ms on the software renderer.
    private func rebindBoundRows() {
        var later: [UnsafeMutableRawPointer] = []
        for (listItem, row) in boundRows {
            if isOnScreen(listItem) { bind(row, to: listItem) } else { later.append(listItem) }
        }
        rowsToRebind = later
        guard !later.isEmpty, !isRebindScheduled else { return }
        isRebindScheduled = true
        MainLoop.post(priority: MainLoop.idlePriority) { [weak self] in self?.rebindSomeLaterRows() }
    }

    /// Rows still showing what they showed before the last change.
    private var rowsToRebind: [UnsafeMutableRawPointer] = []
    private var isRebindScheduled = false
    private static var rowsReboundPerIteration: Int { 12 }

    private func rebindSomeLaterRows() {
        isRebindScheduled = false
        for listItem in rowsToRebind.suffix(Self.rowsReboundPerIteration) {
            if let row = boundRows[listItem] { bind(row, to: listItem) }  // still bound: GTK may have let it go
        }
        rowsToRebind.removeLast(min(Self.rowsReboundPerIteration, rowsToRebind.count))
        guard !rowsToRebind.isEmpty else { return }
        isRebindScheduled = true
        MainLoop.post(priority: MainLoop.idlePriority) { [weak self] in self?.rebindSomeLaterRows() }
    }

    /// Whether the row of `listItem` was last laid out within the list's
    /// visible area. GTK gives rows outside it no size, so they count as off
    /// screen; a row GTK has just built is bound by GTK itself.
    private func isOnScreen(_ listItem: UnsafeMutableRawPointer) -> Bool {
        guard let child = gtk_list_item_get_child(OpaquePointer(listItem)) else { return true }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(child, widget.widgetPointer, &bounds) != 0 else { return true }
        let height = Float(gtk_widget_get_height(widget.widgetPointer))
        return bounds.origin.y < height && bounds.origin.y + bounds.size.height > 0
    }

    /// Tells GTK about the next rows, and comes back after the frame that
    /// lays them out until the model has every row.
    private func growTowardCount() {
        let missing = count - modelCount
        guard missing > 0 else {
            isGrowing = false
            return
        }
        let next = modelCount >= Self.rowsGtkBuilds ? missing : min(missing, Self.rowsPerFrame)
        petspot_position_model_splice(model, guint(modelCount), 0, guint(next))
        isGrowing = next < missing
        if isGrowing {
            widget.afterNextFramePainted { [weak self] in self?.growTowardCount() }
        }
    }

    private func bind(_ row: Row, to listItem: UnsafeMutableRawPointer) {
        let position = Int(gtk_list_item_get_position(OpaquePointer(listItem)))
        if position < count { bindRow?(row, position) }
    }

    private static func row(of listItem: UnsafeMutableRawPointer) -> Row? {
        guard let child = gtk_list_item_get_child(OpaquePointer(listItem)),
            let data = g_object_get_data(gobject(UnsafeMutableRawPointer(child)), rowKey)
        else { return nil }
        return ClosureBox<Row>.from(data)?.value
    }
}
