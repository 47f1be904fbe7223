// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GLibKit
import GtkKit
import XCTest

/// FileChooser through GTK's own dialog (what GtkFileChooserNative shows
/// outside a sandbox, as under the test runner's Xvfb): the answer reaches
/// the completion, and nothing stays alive afterwards.
final class FileChooserTests: XCTestCase {
    override func setUpWithError() throws {
        // GTK's dialog then tries to add the file to the recent files, and
        // warns that it cannot: the tests name no application. (With recent
        // files turned off, GTK 4.8's dialog never selects the file set.)
        try MainActor.assumeIsolated { try requireGtk() }
        // GTK's dialog leaks in libcloudproviders (its sidebar's cloud
        // accounts) and takes the process past GLib's first quark table,
        // which GLib keeps unfreed. LeakSanitizer reports both with stacks
        // that end in GLib (built without frame pointers), too short for a
        // suppression to match: `make sanitize-address` (which sets
        // LSAN_OPTIONS) runs without these tests; `make test` runs them.
        if ProcessInfo.processInfo.environment["LSAN_OPTIONS"] != nil {
            throw XCTSkip("GTK's file chooser dialog leaks where LeakSanitizer cannot tell it from ours")
        }
    }

    func testChoosingAFileGivesItsPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-chooser-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("luna.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: photo)

        MainActor.assumeIsolated {
            let parent = PlainWindow.showing(Label("Main"), width: 600, height: 400)
            defer { parent.destroy() }
            var result: FileChooser.Result?
            weak var released: FileChooser?
            do {
                let chooser = FileChooser(
                    title: "Choose a Photo", acceptLabel: "_Choose", filters: [.images(named: "Images")])
                released = chooser
                chooser.open(transientFor: parent) { result = $0 }
                XCTAssertTrue(chooser.isOpen)
                let native = OpaquePointer(chooser.nativeDialog!)
                XCTAssertEqual(filterNames(of: native), ["Images"])
                XCTAssertEqual(
                    gtk_native_dialog_get_title(gcast(UnsafeMutableRawPointer(native))).map { String(cString: $0) },
                    "Choose a Photo")
                XCTAssertNotEqual(gtk_native_dialog_get_modal(gcast(UnsafeMutableRawPointer(native))), 0)
            }
            XCTAssertNotNil(released, "kept alive while open, though the caller let go")

            guard let dialog = fallbackDialog() else { return XCTFail("no file chooser dialog") }
            XCTAssertEqual(gtk_window_get_transient_for(gcast(dialog)), gcast(parent.raw))
            let file = g_file_new_for_path(photo.path)!
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            gtk_file_chooser_set_file(OpaquePointer(dialog), file, nil)
            // The dialog selects the file once it has read the folder.
            XCTAssertTrue(runMainLoop(until: { chosenPath(in: dialog) == photo.path }, timeout: 10))
            gtk_dialog_response(gcast(dialog), GTK_RESPONSE_ACCEPT.rawValue)

            XCTAssertTrue(runMainLoop(until: { result != nil }, timeout: 10))
            XCTAssertEqual(result, .chosen(path: photo.path))
            XCTAssertTrue(runMainLoop(until: { released == nil }, timeout: 5), "released after the answer")
        }
    }

    func testCancellingGivesCancelled() {
        MainActor.assumeIsolated {
            let parent = PlainWindow.showing(Label("Main"), width: 600, height: 400)
            defer { parent.destroy() }
            let chooser = FileChooser(title: "Choose a Photo", acceptLabel: "_Choose")
            var results: [FileChooser.Result] = []
            chooser.open(transientFor: parent) { results.append($0) }
            chooser.open(transientFor: parent) { results.append($0) }  // ignored: already open
            guard let dialog = fallbackDialog() else { return XCTFail("no file chooser dialog") }
            gtk_dialog_response(gcast(dialog), GTK_RESPONSE_CANCEL.rawValue)
            XCTAssertTrue(runMainLoop(until: { !results.isEmpty }, timeout: 10))
            XCTAssertEqual(results, [.cancelled])
            XCTAssertFalse(chooser.isOpen)

            chooser.open(transientFor: parent) { results.append($0) }
            XCTAssertTrue(chooser.isOpen, "opens again")
            chooser.cancel()
            XCTAssertEqual(results, [.cancelled, .cancelled])
            XCTAssertFalse(chooser.isOpen)
        }
    }
}

/// The GtkFileChooserDialog on screen, if any.
@MainActor
private func fallbackDialog() -> UnsafeMutableRawPointer? {
    var found: UnsafeMutableRawPointer?
    _ = runMainLoop(
        until: {
            let toplevels = gtk_window_get_toplevels()!
            for index in 0..<g_list_model_get_n_items(toplevels) {
                guard let window = g_list_model_get_item(toplevels, index) else { continue }
                g_object_unref(window)  // GTK's list still holds it
                let isChooser =
                    g_type_check_instance_is_a(
                        window.assumingMemoryBound(to: GTypeInstance.self), gtk_file_chooser_dialog_get_type()) != 0
                // Mapped: answering a dialog GTK has not laid out yet makes it warn.
                if isChooser, gtk_widget_get_mapped(window.assumingMemoryBound(to: GtkWidget.self)) != 0 {
                    found = window
                }
            }
            return found != nil
        }, timeout: 10)
    return found
}

@MainActor
private func chosenPath(in dialog: UnsafeMutableRawPointer) -> String? {
    guard let file = gtk_file_chooser_get_file(OpaquePointer(dialog)) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    guard let path = g_file_get_path(file) else { return nil }
    defer { g_free(path) }
    return String(cString: path)
}

@MainActor
private func filterNames(of chooser: OpaquePointer) -> [String] {
    let filters = gtk_file_chooser_get_filters(chooser)!
    defer { g_object_unref(UnsafeMutableRawPointer(filters)) }
    return (0..<g_list_model_get_n_items(filters)).compactMap { index in
        guard let filter = g_list_model_get_item(filters, index) else { return nil }
        defer { g_object_unref(filter) }
        return gtk_file_filter_get_name(OpaquePointer(filter)).map { String(cString: $0) }
    }
}
