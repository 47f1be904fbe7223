// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// Asks the user for one file to open, with the desktop's own file chooser
/// (GtkFileChooserNative: the XDG file chooser portal when sandboxed, so it
/// works in Flatpak; GTK's dialog otherwise). Modal, and transient for the
/// window given. The answer comes later, in the main loop.
///
/// The chooser keeps itself and GTK's native dialog alive until the answer
/// arrives: a caller need not hold on to it.
@MainActor
public final class FileChooser {
    /// A named choice of file types in the chooser ("Images").
    public struct Filter: Sendable, Equatable {
        public var name: String
        public var mimeTypes: [String]

        public init(name: String, mimeTypes: [String]) {
            self.name = name
            self.mimeTypes = mimeTypes
        }

        /// JPEG, PNG, GIF and WebP: the photos a PetSpot backend takes.
        public static func images(named name: String) -> Filter {
            Filter(name: name, mimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"])
        }
    }

    /// The user's answer.
    public enum Result: Sendable, Equatable {
        /// A file on this computer (for a portal, its path in the document portal).
        case chosen(path: String)
        case cancelled
        /// A file with no local path (on a network location GIO reaches by URI).
        case notLocal(uri: String)
    }

    private let title: String
    private let acceptLabel: String
    private let cancelLabel: String?
    private let filters: [Filter]
    /// GTK's native dialog while it is open; one reference of ours.
    private var native: OpaquePointer?
    private var completion: (@MainActor (Result) -> Void)?

    /// `acceptLabel` is the button that opens ("_Open", "_Choose"); the first
    /// filter is the one in use (the user can switch to the others).
    public init(title: String, acceptLabel: String, cancelLabel: String? = nil, filters: [Filter] = []) {
        self.title = title
        self.acceptLabel = acceptLabel
        self.cancelLabel = cancelLabel
        self.filters = filters
    }

    /// Whether the chooser is showing and no answer has come yet.
    public var isOpen: Bool { native != nil }

    /// Shows the chooser; `completion` gets the answer. While it is open,
    /// another call is ignored (and its completion never called): a caller
    /// that must know checks `isOpen` first.
    public func open(transientFor parent: (any Toplevel)?, _ completion: @escaping @MainActor (Result) -> Void) {
        guard native == nil else { return }
        let native = gtk_file_chooser_native_new(
            title, parent?.windowPointer, GTK_FILE_CHOOSER_ACTION_OPEN, acceptLabel, cancelLabel)!
        self.native = native
        self.completion = completion
        let chooser = native  // also a GtkFileChooser (an interface)
        for filter in filters {
            let gtkFilter = gtk_file_filter_new()!
            gtk_file_filter_set_name(gtkFilter, filter.name)
            for mimeType in filter.mimeTypes { gtk_file_filter_add_mime_type(gtkFilter, mimeType) }
            gtk_file_chooser_add_filter(chooser, gtkFilter)  // the chooser takes its own reference
            if filter == filters.first { gtk_file_chooser_set_filter(chooser, gtkFilter) }
            g_object_unref(UnsafeMutableRawPointer(gtkFilter))
        }
        gtk_native_dialog_set_modal(gcast(UnsafeMutableRawPointer(native)), 1)
        // The handler holds this object until GTK lets the dialog go (released
        // in `finish`): nothing else needs to keep either alive meanwhile.
        Signals.connect(
            UnsafeMutableRawPointer(native), "response",
            arguments: { [self] arguments in
                finish(responseID: arguments.int(at: 1))
            })
        gtk_native_dialog_show(gcast(UnsafeMutableRawPointer(native)))
    }

    /// Closes the chooser without a file, as Cancel would.
    public func cancel() {
        guard let native else { return }
        gtk_native_dialog_hide(gcast(UnsafeMutableRawPointer(native)))  // GTK sends no response for this
        finish(responseID: Int32(GTK_RESPONSE_CANCEL.rawValue))
    }

    private func finish(responseID: Int32) {
        guard let native, let completion else { return }
        var result = Result.cancelled
        if responseID == Int32(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(native) {
            if let path = g_file_get_path(file) {
                result = .chosen(path: String(cString: path))
                g_free(path)
            } else if let uri = g_file_get_uri(file) {
                result = .notLocal(uri: String(cString: uri))
                g_free(uri)
            }
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        self.native = nil
        self.completion = nil
        // Last: the handler running now may hold the last reference to this
        // object; GLib keeps the dialog alive until the emission ends.
        g_object_unref(UnsafeMutableRawPointer(native))
        completion(result)
    }

    /// GTK's native dialog while open, for tests (to find its fallback dialog).
    package var nativeDialog: UnsafeMutableRawPointer? { native.map { UnsafeMutableRawPointer($0) } }
}
