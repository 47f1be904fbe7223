// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// AdwPreferencesPage: the scrollable form container. It scrolls vertically
/// (a GtkScrolledWindow), keeps its groups at a readable width (an AdwClamp),
/// and scrolls a focused field into view, so keyboard users never land on a
/// field they cannot see.
public struct PreferencesPage: Widget {
    public let handle: WidgetHandle
    private var page: UnsafeMutablePointer<AdwPreferencesPage> { gcast(widgetPointer) }

    public init(groups: [PreferencesGroup] = []) {
        handle = WidgetHandle(adw_preferences_page_new())
        groups.forEach(add)
    }

    /// Adds a group below the others.
    public func add(_ group: PreferencesGroup) { adw_preferences_page_add(page, gcast(group.widgetPointer)) }

    /// The vertical scroll offset (0 at the top), to show the form from its start.
    public var verticalOffset: Double {
        get { scrolledWindow.map { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment($0)) } ?? 0 }
        nonmutating set {
            guard let scrolledWindow else { return }
            gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scrolledWindow), newValue)
        }
    }

    /// The page's GtkScrolledWindow: its only child in libadwaita 1.2.
    private var scrolledWindow: OpaquePointer? { gtk_widget_get_first_child(widgetPointer).map(opaque) }
}

/// AdwPreferencesGroup: a titled section of a form. Rows (`EntryRow`,
/// `ComboRow`, `ActionRow`…) go into its boxed list, in order; any other
/// widget (a map, a button) goes below the list. A group made with a title
/// is a group named by it for screen readers (its list is labelled by the
/// title too); one made without is no landmark at all (the generic role), so
/// no type name is read.
public struct PreferencesGroup: Widget {
    public let handle: WidgetHandle
    private var group: UnsafeMutablePointer<AdwPreferencesGroup> { gcast(widgetPointer) }

    /// `title` and `description` are plain text; an empty title shows no header.
    public init(title: String = "", description: String? = nil) {
        handle = WidgetHandle(adw_preferences_group_new())
        // The role is fixed once GTK has the accessible: chosen now.
        Accessibility.setRole(widgetPointer, title.isEmpty ? GTK_ACCESSIBLE_ROLE_GENERIC : GTK_ACCESSIBLE_ROLE_GROUP)
        self.title = title
        self.groupDescription = description
    }

    /// The heading above the rows.
    public var title: String {
        // libadwaita reads both as markup: escaped on the way in ("Pets & owners").
        get { unescapedMarkup(adw_preferences_group_get_title(group).map { String(cString: $0) } ?? "") }
        nonmutating set {
            adw_preferences_group_set_title(group, escapedMarkup(newValue))
            if !newValue.isEmpty { setAccessibleLabel(newValue) }
        }
    }

    /// The dimmed text under the heading; nil for none.
    public var groupDescription: String? {
        get {
            guard let text = adw_preferences_group_get_description(group).map({ String(cString: $0) }), !text.isEmpty
            else { return nil }
            return unescapedMarkup(text)
        }
        nonmutating set { adw_preferences_group_set_description(group, newValue.map(escapedMarkup)) }
    }

    /// Adds a row to the list, or any other widget below it.
    public func add(_ widget: some Widget) { adw_preferences_group_add(group, widget.widgetPointer) }

    /// A widget at the end of the header, beside the title (a small button).
    public func setHeaderSuffix(_ widget: some Widget) {
        adw_preferences_group_set_header_suffix(group, widget.widgetPointer)
    }
}
