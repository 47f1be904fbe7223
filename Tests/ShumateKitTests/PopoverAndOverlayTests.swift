// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import ShumateKit
import XCTest

/// GtkKit's Popover and Overlay as the map page uses them: a popover parented
/// to the map pointing at a pin, and widgets floating over the map.
final class PopoverAndOverlayTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireDisplay() }
    }

    func testPopupPopdownAndClosed() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.zoomLevel = 12
            map.centre = Places.warsaw
            // GTK 4.8 logs a critical when a popover opens in a window without a focus widget.
            map.enableKeyboardNavigation()
            map.grabFocus()
            let label = Label("Rex, lost near Praga")
            let popover = Popover(parent: map, child: label)
            var closed = 0
            popover.onClosed { closed += 1 }
            XCTAssertFalse(popover.isOpen)
            XCTAssertEqual(gtk_widget_get_parent(popover.handle.pointer), map.handle.pointer)
            XCTAssertEqual(
                gtk_popover_get_autohide(UnsafeMutableRawPointer(popover.raw).assumingMemoryBound(to: GtkPopover.self)),
                1)

            guard let point = map.widgetPoint(for: Places.pragaPoludnie) else { return XCTFail("no point") }
            popover.point(atX: point.x, y: point.y)
            popover.popup()
            XCTAssertTrue(popover.isOpen)
            XCTAssertTrue(runMainLoop(until: { label.isMapped }), "the popover's content was never shown")
            var rect = GdkRectangle()
            XCTAssertNotEqual(gtk_popover_get_pointing_to(gcast(popover.raw), &rect), 0)
            XCTAssertEqual(Double(rect.x), point.x.rounded(.down))
            XCTAssertEqual(Double(rect.y), point.y.rounded(.down))
            XCTAssertEqual(rect.width, 1)
            XCTAssertEqual(closed, 0)

            popover.point(atX: 10, y: 20)  // following its pin while open
            XCTAssertNotEqual(gtk_popover_get_pointing_to(gcast(popover.raw), &rect), 0)
            XCTAssertEqual(rect.x, 10)
            XCTAssertEqual(rect.y, 20)
            XCTAssertTrue(popover.isOpen)

            popover.popdown()
            XCTAssertFalse(popover.isOpen)
            XCTAssertTrue(runMainLoop(until: { closed == 1 }), "closed was not reported")
            XCTAssertFalse(label.isMapped)

            popover.popup()
            XCTAssertTrue(runMainLoop(until: { label.isMapped }))
            popover.popdown()
            XCTAssertTrue(runMainLoop(until: { closed == 2 }))
        }
    }

    func testTheSideAPopoverOpensOnIsGTKsPosition() {
        MainActor.assumeIsolated {
            let parent = Label("pin")
            let popover = Popover(parent: parent, child: Label("Rex"))
            defer { gtk_widget_unparent(popover.handle.pointer) }
            let gtkPopover: UnsafeMutablePointer<GtkPopover> = gcast(popover.raw)
            XCTAssertEqual(popover.side, .below, "GTK's default")
            popover.side = .above
            XCTAssertEqual(gtk_popover_get_position(gtkPopover), GTK_POS_TOP)
            XCTAssertEqual(popover.side, .above)
            popover.side = .below
            XCTAssertEqual(gtk_popover_get_position(gtkPopover), GTK_POS_BOTTOM)
        }
    }

    func testAPopoverGoesWithItsParent() {
        MainActor.assumeIsolated {
            let slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
            defer { slot.deallocate() }
            let shown = ShownMap()
            guard shown.waitForSize() else { return shown.close() }
            shown.map.enableKeyboardNavigation()
            shown.map.grabFocus()
            let popover = Popover(parent: shown.map, child: Label("Rex"))
            slot.initialize(to: popover.raw)
            g_object_add_weak_pointer(gobject(popover.raw), slot)
            var closed = 0
            popover.onClosed { closed += 1 }
            popover.popup()
            XCTAssertTrue(runMainLoop(until: { popover.isMapped }))
            shown.close()  // with the popover open
            XCTAssertTrue(
                runMainLoop(until: { slot.pointee == nil }, timeout: 30),
                "the popover outlived its parent")
            XCTAssertEqual(closed, 1, "closing the window closes the popover")
        }
    }

    func testPointingFarOutsideIsSafe() {
        MainActor.assumeIsolated {
            let box = Box(.vertical)
            g_object_ref_sink(box.raw)
            defer { g_object_unref(box.raw) }
            let popover = Popover(parent: box, child: Label("Rex"))
            popover.point(atX: 1e12, y: -1e12)
            popover.point(atX: .nan, y: 3)
            var rect = GdkRectangle()
            XCTAssertNotEqual(gtk_popover_get_pointing_to(gcast(popover.raw), &rect), 0)
            XCTAssertEqual(rect.x, 1_000_000)
            XCTAssertEqual(rect.y, -1_000_000)
            gtk_widget_unparent(popover.handle.pointer)
        }
    }

    func testOverlayFloatsWidgetsAboveItsChild() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            let overlay = Overlay(child: map)
            let banner = Label("Could not load reports")
            banner.setAlign(horizontal: .center, vertical: .start)
            overlay.addOverlay(banner)
            let window = PlainWindow.showing(overlay, width: 800, height: 600)
            defer { window.destroy() }
            XCTAssertEqual(gtk_overlay_get_child(OpaquePointer(overlay.handle.pointer)), map.handle.pointer)
            XCTAssertEqual(gtk_widget_get_parent(banner.handle.pointer), overlay.handle.pointer)
            XCTAssertTrue(runMainLoop(until: { banner.isMapped && map.visibleCorners != nil }))
            let width = gtk_widget_get_width(overlay.handle.pointer)
            XCTAssertEqual(gtk_widget_get_width(map.handle.pointer), width, "the child fills the overlay")
            XCTAssertLessThan(gtk_widget_get_width(banner.handle.pointer), width, "the banner keeps its own size")
            XCTAssertEqual(gtk_widget_get_last_child(overlay.handle.pointer), banner.handle.pointer, "drawn on top")
        }
    }
}
