// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// Window (an AdwWindow with its own header bar), MessageDialog and the clipboard.
final class WindowTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testAWindowIsTransientModalAndSizedAsAsked() {
        MainActor.assumeIsolated {
            let parent = PlainWindow.showing(Label("Main"), width: 600, height: 400)
            defer { parent.destroy() }
            let window = Window(title: "Report a Pet", transientFor: parent, isModal: true, width: 420, height: 560)
            defer { window.destroy() }
            XCTAssertEqual(window.title, "Report a Pet")
            XCTAssertTrue(window.isModal)
            XCTAssertEqual(gtk_window_get_transient_for(gcast(window.raw)), gcast(parent.raw))
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_default_size(gcast(window.raw), &width, &height)
            XCTAssertEqual([width, height], [420, 560])
        }
    }

    func testTheHeaderHoldsItsButtonsAboveTheContent() {
        MainActor.assumeIsolated {
            let window = Window(title: "Report a Pet", showsWindowButtons: false)
            defer { window.destroy() }
            window.headerBar.packStart(Button(label: "Cancel"))
            window.headerBar.packEnd(Button(label: "Send", cssClasses: ["suggested-action"]))
            window.setContent(Label("Replaced"))
            let content = Label("Form")
            window.setContent(content)
            window.present()
            XCTAssertTrue(runMainLoop(until: { content.allocatedHeight > 1 && window.headerBar.allocatedHeight > 1 }))
            XCTAssertFalse(window.headerBar.showsWindowButtons)
            XCTAssertFalse(window.shownLabelTexts.contains("Replaced"))
            XCTAssertNotNil(window.headerBar.shownButton(labelled: "Cancel"))
            XCTAssertNotNil(window.headerBar.shownButton(labelled: "Send"))
            var header = graphene_rect_t()
            var body = graphene_rect_t()
            XCTAssertNotEqual(
                gtk_widget_compute_bounds(window.headerBar.handle.pointer, window.handle.pointer, &header), 0)
            XCTAssertNotEqual(gtk_widget_compute_bounds(content.handle.pointer, window.handle.pointer, &body), 0)
            XCTAssertGreaterThanOrEqual(
                body.origin.y, header.origin.y + header.size.height,
                "header \(header.origin.y) + \(header.size.height), body \(body.origin.y)")
        }
    }

    func testCloseRequestsAskTheHandler() {
        MainActor.assumeIsolated {
            let window = Window(title: "Report a Pet")
            var destroyed = false
            window.onDestroy { destroyed = true }
            let answers = CloseAnswers()
            window.onCloseRequest {
                answers.requests += 1
                return answers.decision
            }
            window.present()
            XCTAssertTrue(runMainLoop(until: { window.isMapped }))
            window.close()
            XCTAssertEqual(answers.requests, 1)
            XCTAssertTrue(window.isPresented, "kept open")
            answers.decision = .close
            window.close()
            XCTAssertTrue(runMainLoop(until: { destroyed }), "closed and destroyed")
        }
    }

    func testEscapeClosesTheWindow() {
        MainActor.assumeIsolated {
            let window = Window(title: "Report a Pet")
            defer { window.destroy() }
            var requests = 0
            window.onCloseRequest {
                requests += 1
                return .keepOpen
            }
            window.present()  // GTK closes only a realized window
            XCTAssertTrue(runMainLoop(until: { window.isMapped }))
            // GtkWindow has key controllers of its own: one of them is ours.
            let handled = keyControllers(of: window).filter { controller in
                Signals.emit(
                    "key-pressed", on: controller, [Keys.escape, UInt32(9), KeyModifiers()], returning: Bool.self)
                    == true
            }
            XCTAssertEqual(handled.count, 1)
            XCTAssertEqual(requests, 1)
            let withControl = keyControllers(of: window).filter { controller in
                Signals.emit(
                    "key-pressed", on: controller, [Keys.escape, UInt32(9), KeyModifiers(Keys.control)],
                    returning: Bool.self) == true
            }
            XCTAssertEqual(withControl.count, 0, "Ctrl+Escape is left to shortcuts")
            XCTAssertEqual(requests, 1)
        }
    }

    func testAMessageDialogReportsTheResponseChosen() {
        MainActor.assumeIsolated {
            let parent = PlainWindow.showing(Label("Main"), width: 600, height: 400)
            defer { parent.destroy() }
            let dialog = MessageDialog(
                transientFor: parent, heading: "Discard this report?", body: "Luna & Rex will be lost.")
            dialog.addResponse("cancel", label: "_Cancel")
            dialog.addResponse("discard", label: "_Discard", appearance: .destructive)
            dialog.defaultResponse = "cancel"
            dialog.closeResponse = "cancel"
            let extra = Label("Extra")
            dialog.setExtraChild(extra)
            XCTAssertEqual(dialog.heading, "Discard this report?")
            XCTAssertEqual(dialog.body, "Luna & Rex will be lost.")
            XCTAssertEqual(dialog.defaultResponse, "cancel")
            XCTAssertEqual(dialog.closeResponse, "cancel")
            XCTAssertEqual(
                adw_message_dialog_get_response_appearance(gcast(dialog.raw), "discard"), ADW_RESPONSE_DESTRUCTIVE)
            XCTAssertTrue(dialog.isResponseEnabled("discard"))
            dialog.setResponseEnabled("discard", false)
            XCTAssertFalse(dialog.isResponseEnabled("discard"))
            dialog.setResponseEnabled("discard", true)
            XCTAssertEqual(gtk_window_get_transient_for(gcast(dialog.raw)), gcast(parent.raw))
            XCTAssertNotEqual(gtk_window_get_modal(gcast(dialog.raw)), 0)

            var responses: [String] = []
            dialog.onResponse { responses.append($0) }
            var destroyed = false
            dialog.onDestroy { destroyed = true }
            dialog.present()
            XCTAssertTrue(runMainLoop(until: { extra.isMapped }))
            XCTAssertTrue(dialog.shownLabelTexts.contains("Luna & Rex will be lost."))
            dialog.respond("discard")
            XCTAssertEqual(responses, ["discard"])
            XCTAssertTrue(runMainLoop(until: { destroyed }), "a response closes the dialog, which goes")
        }
    }

    func testClosingAMessageDialogChoosesItsCloseResponse() {
        MainActor.assumeIsolated {
            let parent = PlainWindow.showing(Label("Main"), width: 600, height: 400)
            defer { parent.destroy() }
            let dialog = MessageDialog(transientFor: parent, heading: "Report sent")
            dialog.addResponse("ok", label: "_OK", appearance: .suggested)
            dialog.closeResponse = "ok"
            var responses: [String] = []
            dialog.onResponse { responses.append($0) }
            dialog.present()
            XCTAssertTrue(runMainLoop(until: { dialog.isMapped }))
            var destroyed = false
            dialog.onDestroy { destroyed = true }
            gtk_window_close(gcast(dialog.raw))  // Escape does this
            XCTAssertEqual(responses, ["ok"])
            XCTAssertTrue(runMainLoop(until: { destroyed }))
        }
    }

    func testCopiedTextIsOnTheClipboard() {
        MainActor.assumeIsolated {
            let label = Label("Password")
            let window = PlainWindow.showing(label, width: 200, height: 100)
            defer { window.destroy() }
            Clipboard.copy(text: "tZ8-q2 & <pass>", from: label)
            var read: String??
            Clipboard.readText(from: label) { read = .some($0) }
            XCTAssertTrue(runMainLoop(until: { read != nil }, timeout: 10))
            XCTAssertEqual(read, .some("tZ8-q2 & <pass>"))

            label.copyToClipboard("555-PETS")
            read = nil
            Clipboard.readText(from: window) { read = .some($0) }
            XCTAssertTrue(runMainLoop(until: { read != nil }, timeout: 10))
            XCTAssertEqual(read, .some("555-PETS"), "one clipboard per display")
        }
    }
}

/// What a close-request handler answers, changed by the test.
@MainActor
private final class CloseAnswers {
    var decision = CloseDecision.keepOpen
    var requests = 0
}

/// The window's GtkEventControllerKeys.
@MainActor
private func keyControllers(of widget: some Widget) -> [UnsafeMutableRawPointer] {
    let controllers = gtk_widget_observe_controllers(widget.handle.pointer)!
    defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
    return (0..<g_list_model_get_n_items(controllers)).compactMap { index in
        guard let item = g_list_model_get_item(controllers, index) else { return nil }
        g_object_unref(item)  // the widget still holds it
        let isKey =
            g_type_check_instance_is_a(
                item.assumingMemoryBound(to: GTypeInstance.self),
                gtk_event_controller_key_get_type()) != 0
        return isKey ? item : nil
    }
}

/// GdkModifierType as a GValue, to emit `key-pressed` as GDK does.
private struct KeyModifiers: GValueRepresentable {
    let rawValue: UInt32
    init(_ rawValue: UInt32 = 0) { self.rawValue = rawValue }
    init?(gValue: UnsafePointer<GValue>) { rawValue = g_value_get_flags(gValue) }
    var gValueType: GType { gdk_modifier_type_get_type() }
    func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_flags(gValue, rawValue) }
}
