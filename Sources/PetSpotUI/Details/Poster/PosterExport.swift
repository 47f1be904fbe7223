// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotPresentation

/// `petspot --poster`: the poster written as a PDF without a window, drawn by
/// the same `PosterDrawing` as the print dialog.
public enum PosterExport {
    /// The largest the photo is decoded for a poster: about 250 dpi across an A4 page.
    public static let photoPixels = 1800
    /// `petspot --poster`'s wait for the photo: a poster without its photo is
    /// better than none.
    public static let photoDeadline: Duration = .seconds(15)
    /// The margin a PDF page gets (a printer's own margins come from its page setup).
    static let pdfMargin = 36.0
    /// The margin inside a printer's printable area.
    static let printMargin = 12.0

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Writes an A4 poster of `poster` to `path`; `photo` is the photo's
    /// encoded bytes, checked and decoded here (nil, or not an image: no photo).
    @MainActor
    public static func writePDF(_ poster: PosterContent, photo: Data?, to path: String) throws(Failure) {
        let texture = photo.flatMap { Texture.decode($0, maxWidth: photoPixels, maxHeight: photoPixels) }
        do {
            try PDFDocument.write(to: path, size: .a4) { canvas in
                PosterDrawing.draw(poster, photo: texture, on: canvas, margin: pdfMargin)
            }
        } catch {
            throw Failure(description: error.description)
        }
    }
}
