// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// Lays a `PosterContent` out on one page, for the print dialog and for
/// `petspot --poster` alike: a coloured heading band, the photo as large as
/// the rest leaves room for, the pet, the description, and at the foot the
/// contact in large type beside the QR code. Sizes are in points and scale
/// with the page, by the side that leaves less room, so A4 and Letter look
/// the same and a landscape page keeps it all on the page.
@MainActor
enum PosterDrawing {
    /// A4's printable area with the PDF's margins, where every size below is as written.
    private static let baseWidth = 523.0
    private static let baseHeight = 770.0

    static func draw(_ poster: PosterContent, photo: Texture?, on canvas: PrintCanvas, margin: Double) {
        let page = PrintRect(
            x: margin, y: margin, width: canvas.width - 2 * margin, height: canvas.height - 2 * margin)
        // 1 on A4; every size below is multiplied by it.
        let unit = min(page.width / baseWidth, page.height / baseHeight)
        let gap = 14 * unit

        // The heading band, its word as large as fits.
        let bandHeight = 118 * unit
        canvas.fill(PrintRect(x: page.x, y: page.y, width: page.width, height: bandHeight), colour(poster.status))
        let headingStyle = fitted(
            poster.heading, PrintTextStyle(size: 96 * unit, isBold: true, colour: .white, alignment: .centre),
            width: page.width - 32 * unit, on: canvas)
        let headingHeight = canvas.measure(poster.heading, width: page.width, style: headingStyle)
        canvas.draw(
            poster.heading, x: page.x, y: page.y + (bandHeight - headingHeight) / 2, width: page.width,
            style: headingStyle)

        // The foot, from the bottom up: contact on the left, the QR code on the right.
        let footTop = drawFoot(poster, on: canvas, in: page, unit: unit)
        canvas.fill(PrintRect(x: page.x, y: footTop - gap, width: page.width, height: 1.5 * unit), grey)

        // The middle: the photo takes what the texts leave.
        let top = page.y + bandHeight + gap
        let bottom = footTop - 2 * gap
        let hasPhoto = photo != nil
        let texts = middleTexts(poster, unit: unit, hasPhoto: hasPhoto)
        var descriptionLines = hasPhoto ? 5 : 14
        func textsHeight() -> Double {
            texts.reduce(0) { total, text in
                var style = text.style
                if text.isDescription { style.maximumLines = descriptionLines }
                return total + canvas.measure(text.text, width: page.width, style: style) + text.spaceAfter
            }
        }
        var height = textsHeight()
        // A photo keeps at least 40 % of the middle: a long description gives way.
        while hasPhoto, descriptionLines > 2, bottom - top - height < 0.4 * (bottom - top) {
            descriptionLines -= 1
            height = textsHeight()
        }
        var y = top
        if let photo {
            let box = PrintRect(x: page.x, y: top, width: page.width, height: max(0, bottom - top - height - gap))
            if let drawn = canvas.draw(photo, fittingIn: box) { y = drawn.y + drawn.height + gap }
        } else {
            y = top + max(0, (bottom - top - height) / 3)
        }
        for text in texts {
            var style = text.style
            if text.isDescription { style.maximumLines = descriptionLines }
            y += canvas.draw(text.text, x: page.x, y: y, width: page.width, style: style) + text.spaceAfter
        }
    }

    private struct PosterText {
        let text: String
        let style: PrintTextStyle
        let spaceAfter: Double
        var isDescription = false
    }

    private static func middleTexts(_ poster: PosterContent, unit: Double, hasPhoto: Bool) -> [PosterText] {
        let scale = hasPhoto ? 1 : 1.25
        var texts: [PosterText] = []
        if let name = poster.name {
            texts.append(
                PosterText(
                    text: name,
                    style: PrintTextStyle(size: 44 * unit * scale, isBold: true, alignment: .centre, maximumLines: 2),
                    spaceAfter: 4 * unit))
        }
        let nameless = poster.name == nil
        texts.append(
            PosterText(
                text: poster.facts,
                style: PrintTextStyle(
                    size: (nameless ? 30 : 20) * unit * scale, isBold: nameless, alignment: .centre, maximumLines: 2),
                spaceAfter: 4 * unit))
        texts.append(
            PosterText(
                text: poster.lastSeen,
                style: PrintTextStyle(size: 20 * unit * scale, isBold: true, alignment: .centre, maximumLines: 1),
                spaceAfter: 10 * unit))
        if let description = poster.description {
            texts.append(
                PosterText(
                    text: description,
                    style: PrintTextStyle(size: 14 * unit * scale, alignment: .centre),
                    spaceAfter: 0, isDescription: true))
        }
        return texts
    }

    /// Draws the contact and the QR code at the bottom of `page`; returns the foot's top.
    private static func drawFoot(_ poster: PosterContent, on canvas: PrintCanvas, in page: PrintRect, unit: Double)
        -> Double
    {
        let qrSide = poster.qrCode == nil ? 0 : 150 * unit
        let captionStyle = PrintTextStyle(size: 11 * unit, colour: grey, alignment: .centre, maximumLines: 2)
        let captionHeight = poster.qrCode.map { canvas.measure($0.caption, width: qrSide, style: captionStyle) } ?? 0
        let columnWidth = page.width - (qrSide > 0 ? qrSide + 20 * unit : 0)

        var contact: [(String, PrintTextStyle, Double)] = []
        if let callToAction = poster.callToAction {
            contact.append((callToAction, PrintTextStyle(size: 16 * unit, colour: grey, maximumLines: 2), 4 * unit))
        }
        if let phone = poster.phone {
            let style = PrintTextStyle(size: 38 * unit, isBold: true, maximumLines: 1)
            contact.append((phone, fitted(phone, style, width: columnWidth, on: canvas), 6 * unit))
        }
        if let email = poster.email {
            // The e-mail is the whole contact when there is no phone: as large as a phone.
            let alone = poster.phone == nil
            // Shrunk rather than broken: an address split over two lines is misread.
            let style = PrintTextStyle(size: (alone ? 28 : 20) * unit, isBold: alone, maximumLines: 2)
            contact.append((email, fitted(email, style, width: columnWidth, on: canvas), 10 * unit))
        }
        if let reward = poster.reward {
            contact.append(
                (
                    reward,
                    PrintTextStyle(size: 26 * unit, isBold: true, colour: colour(poster.status), maximumLines: 2), 0
                ))
        }
        let contactHeight = contact.reduce(0) { $0 + canvas.measure($1.0, width: columnWidth, style: $1.1) + $1.2 }
        let footHeight = max(qrSide + captionHeight + 4 * unit, contactHeight)
        let top = page.y + page.height - footHeight

        var y = top + max(0, (footHeight - contactHeight) / 2)
        for (text, style, spaceAfter) in contact {
            y += canvas.draw(text, x: page.x, y: y, width: columnWidth, style: style) + spaceAfter
        }
        if let qr = poster.qrCode {
            let x = page.x + page.width - qrSide
            drawQRCode(qr, on: canvas, in: PrintRect(x: x, y: top, width: qrSide, height: qrSide))
            canvas.draw(qr.caption, x: x, y: top + qrSide + 4 * unit, width: qrSide, style: captionStyle)
        }
        return top
    }

    /// `style` made small enough for `text` to fit `width` on one line (never
    /// below half its size: past that it wraps or ends in an ellipsis).
    private static func fitted(_ text: String, _ style: PrintTextStyle, width: Double, on canvas: PrintCanvas)
        -> PrintTextStyle
    {
        let natural = canvas.naturalWidth(text, style: style)
        guard natural > width, natural > 0 else { return style }
        var smaller = style
        // A little under the exact ratio: hinting does not scale text quite linearly.
        smaller.size *= max(0.5, 0.97 * width / natural)
        return smaller
    }

    /// The modules as black squares on white, with the four-module quiet zone
    /// the standard asks for inside `box`.
    private static func drawQRCode(_ qr: PosterQRCode, on canvas: PrintCanvas, in box: PrintRect) {
        let quietZone = 4
        let size = qr.size
        let module = box.width / Double(size + 2 * quietZone)
        canvas.fill(box, .white)
        var modules: [PrintRect] = []
        for row in 0..<size {
            for column in 0..<size where qr.isDark(row: row, column: column) {
                modules.append(
                    PrintRect(
                        x: box.x + Double(column + quietZone) * module, y: box.y + Double(row + quietZone) * module,
                        width: module, height: module))
            }
        }
        canvas.fill(modules, .black)
    }

    private static let grey = PrintColour(red: 0.37, green: 0.36, blue: 0.39)

    /// The status badges' colours, darkened for paper: red lost, green found.
    private static func colour(_ status: AnnouncementStatus) -> PrintColour {
        switch status {
        case .lost: PrintColour(red: 0.75, green: 0.11, blue: 0.16)
        case .found: PrintColour(red: 0.15, green: 0.55, blue: 0.30)
        case .closed: grey
        }
    }
}
