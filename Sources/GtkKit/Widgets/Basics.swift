// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

public struct Label: Widget {
    public let handle: WidgetHandle
    private var label: OpaquePointer { opaque(widgetPointer) }

    public init(_ text: String = "", cssClasses: [String] = []) {
        handle = WidgetHandle(gtk_label_new(text))
        cssClasses.forEach(addCSSClass)
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        nonmutating set { gtk_label_set_text(label, newValue) }
    }

    public func setWrap(_ wrap: Bool) {
        gtk_label_set_wrap(label, wrap ? 1 : 0)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
    }

    /// The widest the label asks to be, in characters; a wrapping label
    /// otherwise asks for its whole text on one line and widens its container.
    public func setMaxWidthChars(_ count: Int32) { gtk_label_set_max_width_chars(label, count) }
    /// The narrowest the label may get, in characters (a wrapped label would
    /// otherwise break inside words when squeezed).
    public func setWidthChars(_ count: Int32) { gtk_label_set_width_chars(label, count) }

    public func setEllipsizeEnd() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END) }
    /// Wraps onto at most `count` lines, then ends with "…".
    public func setWrapping(atMostLines count: Int32) {
        setWrap(true)
        setEllipsizeEnd()
        gtk_label_set_lines(label, count)
    }
    public func setXAlign(_ value: Float) { gtk_label_set_xalign(label, value) }
    /// Centres every line of wrapped text, not just the block.
    public func setCentred() {
        gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
        gtk_label_set_xalign(label, 0.5)
    }
    public func setSelectable(_ value: Bool) { gtk_label_set_selectable(label, value ? 1 : 0) }
}

public struct Image: Widget {
    public let handle: WidgetHandle
    private var image: OpaquePointer { opaque(widgetPointer) }

    public init(iconName: String, pixelSize: Int32? = nil) {
        handle = WidgetHandle(gtk_image_new_from_icon_name(iconName))
        if let pixelSize { gtk_image_set_pixel_size(image, pixelSize) }
    }

    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(image, name) }

    /// Shows a texture at the image's pixel size (square, keeping aspect).
    public func setTexture(_ texture: Texture) { gtk_image_set_from_paintable(image, texture.pointer) }

    public func setPixelSize(_ size: Int32) { gtk_image_set_pixel_size(image, size) }
}

public struct Spinner: Widget {
    public let handle: WidgetHandle

    public init(accessibleLabel: String, size: Int32 = 32) {
        handle = WidgetHandle(gtk_spinner_new())
        setSizeRequest(width: size, height: size)
        setAccessibleLabel(accessibleLabel)
    }

    /// A spinner only costs CPU while spinning: stop it whenever it is hidden.
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(opaque(widgetPointer)) != 0 }
        nonmutating set { gtk_spinner_set_spinning(opaque(widgetPointer), newValue ? 1 : 0) }
    }
}

public struct Box: Widget {
    public let handle: WidgetHandle
    private var box: UnsafeMutablePointer<GtkBox> { gcast(widgetPointer) }

    public init(_ orientation: Orientation, spacing: Int32 = 0, cssClasses: [String] = []) {
        handle = WidgetHandle(gtk_box_new(orientation.gtk, spacing))
        cssClasses.forEach(addCSSClass)
    }

    public init(_ orientation: Orientation, spacing: Int32 = 0, children: [any Widget]) {
        self.init(orientation, spacing: spacing)
        for child in children { append(child) }
    }

    public func append(_ child: some Widget) { gtk_box_append(box, child.widgetPointer) }

    public func setHomogeneous(_ value: Bool) { gtk_box_set_homogeneous(box, value ? 1 : 0) }
}

/// Children side by side while they fit, wrapping to more lines when the
/// width runs out (a narrow window, large text, a longer translation). Not a
/// selectable grid: its cells take no focus, so Tab goes straight to the
/// children. A hidden child takes no cell, so the others close up.
@MainActor
public struct WrappingBox: Widget {
    public let handle: WidgetHandle
    private var flowBox: OpaquePointer { opaque(widgetPointer) }

    /// At most `maximumPerLine` children on a line, all as wide as the widest.
    public init(spacing: Int32, maximumPerLine: UInt32, children: [any Widget]) {
        handle = WidgetHandle(gtk_flow_box_new())
        gtk_flow_box_set_selection_mode(flowBox, GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(flowBox, 1)
        gtk_flow_box_set_max_children_per_line(flowBox, maximumPerLine)
        gtk_flow_box_set_column_spacing(flowBox, UInt32(spacing))
        gtk_flow_box_set_row_spacing(flowBox, UInt32(spacing))
        for child in children {
            gtk_flow_box_append(flowBox, child.widgetPointer)
            // The cell GTK wraps around each child would be a second Tab stop.
            guard let cell = gtk_widget_get_parent(child.widgetPointer) else { continue }
            gtk_widget_set_focusable(cell, 0)
            // GtkFlowBox lays out its cells, which stay visible when their child is
            // hidden. The cell is looked up each time: the child may have left it.
            gtk_widget_set_visible(cell, gtk_widget_get_visible(child.widgetPointer))
            // The handler lives as long as the child it is connected to, and no longer.
            let shown = child.widgetPointer
            Signals.connect(child.raw, "notify::visible") {
                guard let cell = gtk_widget_get_parent(shown),
                    g_type_check_instance_is_a(
                        UnsafeMutableRawPointer(cell).assumingMemoryBound(to: GTypeInstance.self),
                        gtk_flow_box_child_get_type()) != 0
                else { return }
                gtk_widget_set_visible(cell, gtk_widget_get_visible(shown))
            }
        }
    }
}
