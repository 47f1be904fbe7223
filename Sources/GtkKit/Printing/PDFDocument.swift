// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation

/// A one-page PDF written straight through cairo: no window and no display,
/// so the command line can print what the print dialog prints.
public enum PDFDocument {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Writes one page of `size` (points) to `path`, drawn by `draw`.
    @MainActor
    public static func write(
        to path: String, size: PaperSize, _ draw: (PrintCanvas) -> Void
    ) throws(WriteError) {
        guard let surface = cairo_pdf_surface_create(path, size.width, size.height) else {
            throw WriteError(description: "cairo could not create \(path)")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw WriteError(description: Self.message(cairo_surface_status(surface)))
        }
        let cairo = cairo_create(surface)!
        draw(PrintCanvas(cairo: cairo, width: size.width, height: size.height))
        cairo_show_page(cairo)
        let drawn = cairo_status(cairo)
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        let finished = cairo_surface_status(surface)
        for status in [drawn, finished] where status != CAIRO_STATUS_SUCCESS {
            throw WriteError(description: Self.message(status))
        }
    }

    /// The area `draw` inks on a page of `size`, nothing clipped to the page
    /// (nil: nothing is drawn): whether a drawing stays on its page.
    @MainActor
    public static func inkExtents(size: PaperSize, _ draw: (PrintCanvas) -> Void) -> PrintRect? {
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        draw(PrintCanvas(cairo: cairo, width: size.width, height: size.height))
        cairo_destroy(cairo)
        var x = 0.0
        var y = 0.0
        var width = 0.0
        var height = 0.0
        cairo_recording_surface_ink_extents(surface, &x, &y, &width, &height)
        guard width > 0, height > 0 else { return nil }
        return PrintRect(x: x, y: y, width: width, height: height)
    }

    private static func message(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }
}

/// A sheet of paper, in points.
public struct PaperSize: Sendable, Hashable {
    public let width: Double
    public let height: Double

    /// ISO A4, 210 × 297 mm.
    public static let a4 = PaperSize(width: 595.276, height: 841.89)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PaperSize(width: 612, height: 792)

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The same sheet turned sideways.
    public var landscape: PaperSize { PaperSize(width: max(width, height), height: min(width, height)) }
}
