// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation

/// A colour for printing, each channel from 0 to 1.
public struct PrintColour: Sendable, Hashable {
    public var red, green, blue: Double
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
    public static let black = PrintColour(red: 0, green: 0, blue: 0)
    public static let white = PrintColour(red: 1, green: 1, blue: 1)
}

/// A rectangle on the page, in points (1/72 inch) from the top-left corner.
public struct PrintRect: Sendable, Hashable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How a block of text is set: Pango's font, alignment, and how much of it
/// may be shown. Text that does not fit in `maximumLines` ends in an ellipsis.
public struct PrintTextStyle: Sendable, Hashable {
    public enum Alignment: Sendable { case start, centre, end }
    public var size: Double
    public var isBold: Bool
    public var colour: PrintColour
    public var alignment: Alignment
    /// 0: as many lines as the text needs.
    public var maximumLines: Int
    /// A family list Pango understands: the first one installed wins.
    public var family: String

    public init(
        size: Double, isBold: Bool = false, colour: PrintColour = .black, alignment: Alignment = .start,
        maximumLines: Int = 0, family: String = "Cantarell, sans-serif"
    ) {
        self.size = size
        self.isBold = isBold
        self.colour = colour
        self.alignment = alignment
        self.maximumLines = maximumLines
        self.family = family
    }
}

/// One page to draw on: cairo for shapes and images, Pango for text. Handed to
/// a drawing closure by `PrintJob` (the print dialog) and `PDFDocument`
/// (a file, without a window), so both print the same thing. Valid only while
/// that closure runs.
@MainActor
public struct PrintCanvas {
    let cairo: OpaquePointer  // cairo_t *, borrowed
    /// The page's printable size, in points.
    public let width: Double
    public let height: Double

    init(cairo: OpaquePointer, width: Double, height: Double) {
        self.cairo = cairo
        self.width = width
        self.height = height
    }

    public func fill(_ rect: PrintRect, _ colour: PrintColour) {
        fill([rect], colour)
    }

    /// Fills every rectangle as one path: touching rectangles (a QR code's
    /// modules) leave no hairline between them.
    public func fill(_ rects: [PrintRect], _ colour: PrintColour) {
        guard !rects.isEmpty else { return }
        cairo_save(cairo)
        setColour(colour)
        for rect in rects { cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height) }
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// The height `text` takes when set `width` wide.
    public func measure(_ text: String, width: Double, style: PrintTextStyle) -> Double {
        withLayout(text, width: width, style: style) { layout in layoutHeight(layout) }
    }

    /// The width `text` takes on one line, unwrapped.
    public func naturalWidth(_ text: String, style: PrintTextStyle) -> Double {
        withLayout(text, width: -1, style: style) { layout in
            var width: Int32 = 0
            var height: Int32 = 0
            pango_layout_get_size(layout, &width, &height)
            return Double(width) / Double(PANGO_SCALE)
        }
    }

    /// Draws `text` from `x`, `y` in a column `width` wide; returns its height.
    @discardableResult
    public func draw(_ text: String, x: Double, y: Double, width: Double, style: PrintTextStyle) -> Double {
        withLayout(text, width: width, style: style) { layout in
            cairo_save(cairo)
            setColour(style.colour)
            cairo_move_to(cairo, x, y)
            pango_cairo_show_layout(cairo, layout)
            cairo_restore(cairo)
            return layoutHeight(layout)
        }
    }

    /// Draws `texture` as large as fits inside `box`, centred, keeping its
    /// aspect ratio; returns where it went.
    @discardableResult
    public func draw(_ texture: Texture, fittingIn box: PrintRect) -> PrintRect? {
        guard texture.width > 0, texture.height > 0, box.width > 0, box.height > 0,
            let surface = Self.imageSurface(texture)
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        let scale = min(box.width / Double(texture.width), box.height / Double(texture.height))
        let drawn = PrintRect(
            x: box.x + (box.width - Double(texture.width) * scale) / 2,
            y: box.y + (box.height - Double(texture.height) * scale) / 2,
            width: Double(texture.width) * scale, height: Double(texture.height) * scale)
        cairo_save(cairo)
        cairo_translate(cairo, drawn.x, drawn.y)
        cairo_scale(cairo, scale, scale)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_rectangle(cairo, 0, 0, Double(texture.width), Double(texture.height))
        cairo_fill(cairo)
        cairo_restore(cairo)
        return drawn
    }

    private func setColour(_ colour: PrintColour) {
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
    }

    private func withLayout<Result>(
        _ text: String, width: Double, style: PrintTextStyle, _ body: (OpaquePointer) -> Result
    ) -> Result {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()!
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, style.family)
        pango_font_description_set_absolute_size(font, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, style.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        // A negative width: one line, as long as the text.
        pango_layout_set_width(layout, width < 0 ? -1 : Int32(clamping: Int(width * Double(PANGO_SCALE))))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        let alignment =
            switch style.alignment {
            case .start: PANGO_ALIGN_LEFT
            case .centre: PANGO_ALIGN_CENTER
            case .end: PANGO_ALIGN_RIGHT
            }
        pango_layout_set_alignment(layout, alignment)
        if style.maximumLines > 0 {
            // A negative height is a number of lines: Pango ellipsizes the last one.
            pango_layout_set_height(layout, Int32(-style.maximumLines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_text(layout, text, -1)
        return body(layout)
    }

    private func layoutHeight(_ layout: OpaquePointer) -> Double {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Double(height) / Double(PANGO_SCALE)
    }

    /// The texture's pixels in a cairo image surface (GDK's default memory
    /// format is cairo's ARGB32, premultiplied, in native byte order).
    private static func imageSurface(_ texture: Texture) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(texture.width), Int32(texture.height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        gdk_texture_download(texture.pointer, data, gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
