// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

// Helpers for tests that render pages and check what a user would see. GTK 4.8
// has no getter for accessible names, so these read what is drawn: label
// texts, CSS classes and button labels. `package`, so only this package's test
// targets can reach them.

extension PlainWindow {
    /// A presented window of a fixed size showing `content`, so that what needs
    /// a size and a frame clock (GtkListView creating its rows) behaves as in the app.
    package static func showing(_ content: some Widget, width: Int32, height: Int32) -> PlainWindow {
        let window = PlainWindow(child: content, width: width, height: height)
        window.present()
        return window
    }
}

extension Widget {
    /// Whether the widget and every ancestor are visible and child-visible: a
    /// GtkStack keeps its hidden pages in the tree with child-visible = false.
    package var isShown: Bool {
        var current: UnsafeMutablePointer<GtkWidget>? = widgetPointer
        while let widget = current {
            if !Self.isShownInParent(widget) { return false }
            current = gtk_widget_get_parent(widget)
        }
        return true
    }

    /// The non-empty texts of the labels shown in this widget's tree, in tree
    /// order (AdwStatusPage titles and descriptions, button labels included).
    package var shownLabelTexts: [String] {
        shownDescendants().compactMap { widget in
            guard Self.isInstance(widget, of: gtk_label_get_type()),
                let text = gtk_label_get_text(opaque(widget)).map({ String(cString: $0) }),
                !text.isEmpty
            else { return nil }
            return text
        }
    }

    /// The icon names of the images shown in this widget's tree, in tree order.
    package var shownIconNames: [String] {
        shownDescendants().compactMap { widget in
            guard Self.isInstance(widget, of: gtk_image_get_type()) else { return nil }
            return gtk_image_get_icon_name(opaque(widget)).map { String(cString: $0) }
        }
    }

    /// Whether this widget carries `cssClass`.
    package func hasCSSClass(_ cssClass: String) -> Bool {
        gtk_widget_has_css_class(widgetPointer, cssClass) != 0
    }

    /// The shown widgets in this tree that carry `cssClass`, in tree order.
    package func shownWidgets(withCSSClass cssClass: String) -> [AnyWidget] {
        shownDescendants().filter { gtk_widget_has_css_class($0, cssClass) != 0 }.map(AnyWidget.init)
    }

    /// The shown widgets in this tree of the GType named `typeName` ("GtkSpinner")
    /// or a subtype of it.
    package func shownWidgets(ofType typeName: String) -> [AnyWidget] {
        let type = g_type_from_name(typeName)
        guard type != 0 else { return [] }  // not registered, so no such widget exists
        return shownDescendants().filter { Self.isInstance($0, of: type) }.map(AnyWidget.init)
    }

    /// The shown button in this tree whose label (plain, or an AdwButtonContent's) is `label`.
    package func shownButton(labelled label: String) -> AnyWidget? {
        shownDescendants().first { Self.buttonLabel(of: $0) == label }.map(AnyWidget.init)
    }

    /// Clicks the shown, sensitive button labelled `label`, as a pointer click
    /// would ("clicked" at once). False when there is no such button.
    @discardableResult
    package func clickButton(labelled label: String) -> Bool {
        guard let button = shownButton(labelled: label), gtk_widget_is_sensitive(button.widgetPointer) != 0 else {
            return false
        }
        Signals.emit("clicked", on: UnsafeMutableRawPointer(button.widgetPointer))
        return true
    }

    /// This widget and its shown descendants, depth first; nothing if it is not shown.
    private func shownDescendants() -> [UnsafeMutablePointer<GtkWidget>] {
        guard isShown else { return [] }
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
            found.append(widget)
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                if Self.isShownInParent(current) { visit(current) }
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(widgetPointer)
        return found
    }

    private static func isShownInParent(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_visible(widget) != 0 && gtk_widget_get_child_visible(widget) != 0
    }

    /// G_TYPE_CHECK_INSTANCE_TYPE is a macro; this is its meaning.
    private static func isInstance(_ widget: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type)
            != 0
    }

    private static func buttonLabel(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard isInstance(widget, of: gtk_button_get_type()) else { return nil }
        let button: UnsafeMutablePointer<GtkButton> = gcast(widget)
        if let label = gtk_button_get_label(button) { return String(cString: label) }
        guard let child = gtk_button_get_child(button), isInstance(child, of: adw_button_content_get_type()) else {
            return nil
        }
        return adw_button_content_get_label(opaque(child)).map { String(cString: $0) }
    }
}
