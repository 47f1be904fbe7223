// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// GtkPicture showing a `Texture` scaled to cover its area (photos, thumbnails).
public struct Picture: Widget {
    public let handle: WidgetHandle
    private var picture: OpaquePointer { opaque(widgetPointer) }

    public init(width: Int32, height: Int32) {
        handle = WidgetHandle(gtk_picture_new())
        gtk_picture_set_content_fit(picture, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(picture, 1)
        setSizeRequest(width: width, height: height)
    }

    /// Shows `texture` (nil clears it). The picture keeps its own reference.
    public func setTexture(_ texture: Texture?) {
        gtk_picture_set_paintable(picture, texture?.pointer)
    }

    /// What a screen reader says for the image.
    public func setAlternativeText(_ text: String?) {
        gtk_picture_set_alternative_text(picture, text)
    }
}
