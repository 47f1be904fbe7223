// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// AdwComboRow over a list of strings: a row with a title that shows the
/// chosen item and opens a list of them. The row is what takes the focus,
/// and its title names it for screen readers.
///
/// `onSelected` reports the user's choices only: setting `selectedIndex` or
/// `items` from code does not call it. `errorMessage` marks the field invalid
/// (see `FieldValidation`).
public struct ComboRow: Widget {
    public let handle: WidgetHandle
    private var combo: UnsafeMutablePointer<AdwComboRow> { gcast(widgetPointer) }
    private let message: UnsafeMutablePointer<GtkWidget>
    private let changes = ChangesFromCode()

    /// `selectedIndex` nil starts with no item chosen (the row shows no value).
    public init(title: String, items: [String], selectedIndex: Int? = nil) {
        handle = WidgetHandle(adw_combo_row_new())
        message = FieldValidation.makeMessage(alignedTo: .end)
        adw_preferences_row_set_use_underline(gcast(widgetPointer), 0)
        adw_preferences_row_set_use_markup(gcast(widgetPointer), 0)
        adw_preferences_row_set_title(gcast(widgetPointer), title)
        adw_action_row_add_suffix(gcast(widgetPointer), message)
        // Before the chosen value and its arrow, which the row put first.
        gtk_box_reorder_child_after(gcast(gtk_widget_get_parent(message)), message, nil)
        self.items = items
        self.selectedIndex = selectedIndex
    }

    public var title: String {
        get { String(cString: adw_preferences_row_get_title(gcast(widgetPointer))) }
        nonmutating set { adw_preferences_row_set_title(gcast(widgetPointer), newValue) }
    }

    /// The choices, as shown. Replacing them keeps the chosen index when it
    /// still exists, else leaves nothing chosen; `onSelected` is not called.
    public var items: [String] {
        get {
            guard let model = adw_combo_row_get_model(combo) else { return [] }
            return (0..<g_list_model_get_n_items(model)).map { index in
                gtk_string_list_get_string(model, index).map { String(cString: $0) } ?? ""
            }
        }
        nonmutating set {
            let kept = selectedIndex.flatMap { newValue.indices.contains($0) ? $0 : nil }
            let list = withCStringArray(newValue) { gtk_string_list_new($0) }
            changes.perform {
                adw_combo_row_set_model(combo, list)
                select(kept)
            }
            g_object_unref(UnsafeMutableRawPointer(list))  // the row holds it
        }
    }

    /// The chosen item's index, nil when none is. Setting it does not call
    /// the `onSelected` handlers; an index out of range chooses nothing.
    public var selectedIndex: Int? {
        get {
            let selected = adw_combo_row_get_selected(combo)
            return selected == Self.noSelection ? nil : Int(selected)
        }
        nonmutating set {
            guard newValue != selectedIndex else { return }
            changes.perform { select(newValue) }
        }
    }

    /// Called with the index the user chose (from the list, the keyboard or
    /// assistive technology), not when the choice is set from code.
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        let changes = changes
        let combo = combo
        return Signals.connect(raw, "notify::selected") {
            let selected = adw_combo_row_get_selected(combo)
            guard !changes.isChangingFromCode, selected != Self.noSelection else { return }
            handler(Int(selected))
        }
    }

    /// A short message saying what is wrong with the choice ("Choose a
    /// species"), shown in the row and given to screen readers as its
    /// description; nil (or empty) when the choice is fine.
    public var errorMessage: String? {
        get { FieldValidation.message(in: message) }
        nonmutating set {
            FieldValidation.show(newValue, row: widgetPointer, messageBox: message, focusable: [widgetPointer])
        }
    }

    /// Chooses `index` as the user's pick from the list would, `onSelected`
    /// included: for tests.
    package func simulateSelection(_ index: Int) { select(index) }

    /// GTK_INVALID_LIST_POSITION: no item.
    private static var noSelection: guint { guint.max }

    private func select(_ index: Int?) {
        let count = adw_combo_row_get_model(combo).map { Int(g_list_model_get_n_items($0)) } ?? 0
        let position = index.flatMap { (0..<count).contains($0) ? guint($0) : nil } ?? Self.noSelection
        adw_combo_row_set_selected(combo, position)
    }
}
