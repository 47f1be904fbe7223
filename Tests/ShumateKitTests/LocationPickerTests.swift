// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import PetSpotDomain
import ShumateKit
import XCTest

/// LocationPicker: a click puts the pin at the place clicked, Enter at the
/// centre, and code can set it; all without tiles (the tests run offline).
final class LocationPickerTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireDisplay() }
    }

    /// A picker in a presented window, laid out, over Warsaw at zoom 12.
    @MainActor
    private struct ShownPicker {
        let picker = LocationPicker(accessibleLabel: "Where the pet was last seen")
        let window: PlainWindow
        var picks: Picks

        init() {
            window = PlainWindow.showing(picker, width: 640, height: 480)
            picks = Picks()
            let picks = picks
            picker.onPicked { picks.locations.append($0) }
        }

        func waitForSize() -> Bool {
            let ready = runMainLoop(until: { picker.map.isMapped && picker.map.visibleCorners != nil })
            XCTAssertTrue(ready, "the map never got a size")
            picker.map.zoomLevel = 12
            picker.map.centre = Places.warsaw
            return ready
        }

        var width: Double { Double(gtk_widget_get_width(picker.handle.pointer)) }
        var height: Double { Double(gtk_widget_get_height(picker.handle.pointer)) }

        /// A primary-button click at (x, y), as GTK's click gesture reports one.
        func click(atX x: Double, y: Double) {
            Signals.emit("pressed", on: picker.clickGesture, [Int32(1), x, y])
            Signals.emit("released", on: picker.clickGesture, [Int32(1), x, y])
        }

        func close() {
            window.destroy()
            _ = runMainLoop(until: { false }, timeout: 0.05)
        }
    }

    @MainActor
    final class Picks {
        var locations: [MapLocation] = []
    }

    func testAClickPicksThePlaceUnderThePointer() {
        MainActor.assumeIsolated {
            let shown = ShownPicker()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            XCTAssertNil(shown.picker.pickedLocation)

            // 100 px right of and 50 px below the centre, at zoom 12 (256-pixel tiles).
            let worldPixels = 256 * pow(2, 12.0)
            shown.click(atX: shown.width / 2 + 100, y: shown.height / 2 + 50)
            let expectedLongitude = Places.warsaw.longitude + 100 / worldPixels * 360
            let expectedLatitude = WebMercator.latitude(
                y: WebMercator.y(latitude: Places.warsaw.latitude) + 50 / worldPixels)
            XCTAssertEqual(shown.picks.locations.count, 1)
            guard let picked = shown.picks.locations.first else { return }
            // A pixel at zoom 12 is about 0.0003° of longitude.
            XCTAssertEqual(picked.longitude, expectedLongitude, accuracy: 0.0005)
            XCTAssertEqual(picked.latitude, expectedLatitude, accuracy: 0.0005)
            XCTAssertEqual(shown.picker.pickedLocation, picked)

            shown.click(atX: shown.width / 2, y: shown.height / 2)
            XCTAssertEqual(shown.picks.locations.count, 2, "a second click moves the pin")
            XCTAssertEqual(shown.picks.locations[1].longitude, Places.warsaw.longitude, accuracy: 0.0005)
            XCTAssertEqual(shown.picks.locations[1].latitude, Places.warsaw.latitude, accuracy: 0.0005)
        }
    }

    func testThePinIsDrawnWithItsTipOnThePickedPlace() {
        MainActor.assumeIsolated {
            let shown = ShownPicker()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let x = shown.width / 2 - 120
            let y = shown.height / 2 + 80
            shown.click(atX: x, y: y)
            guard let pin = shown.picker.shownWidgets(withCSSClass: "location-pin").first else {
                return XCTFail("no pin shown")
            }
            XCTAssertTrue(runMainLoop(until: { pin.isMapped && gtk_widget_get_width(pin.handle.pointer) > 0 }))
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(pin.handle.pointer, shown.picker.handle.pointer, &bounds), 0)
            XCTAssertEqual(Double(bounds.origin.x + bounds.size.width / 2), x, accuracy: 2, "centred across")
            XCTAssertEqual(Double(bounds.origin.y + bounds.size.height), y, accuracy: 2, "the tip on the place")
        }
    }

    func testClicksOffTheTilesPickNothing() {
        MainActor.assumeIsolated {
            let shown = ShownPicker()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let license = AnyWidget(shown.picker.map.licenseWidget)
            XCTAssertTrue(runMainLoop(until: { license.isMapped }))
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(
                gtk_widget_compute_bounds(license.handle.pointer, shown.picker.handle.pointer, &bounds), 0)
            shown.click(
                atX: Double(bounds.origin.x + bounds.size.width / 2),
                y: Double(bounds.origin.y + bounds.size.height / 2))
            shown.click(atX: -10, y: 10)
            XCTAssertEqual(shown.picks.locations, [], "the attribution and outside the map are not places")
            XCTAssertNil(shown.picker.pickedLocation)
        }
    }

    func testEnterPicksTheCentreAndShiftEnterDoesNot() {
        MainActor.assumeIsolated {
            let shown = ShownPicker()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            @MainActor func press(_ keyval: Int32, modifiers: UInt32 = 0) -> Bool? {
                Signals.emit(
                    "key-pressed", on: shown.picker.pickKeyController,
                    [UInt32(keyval), UInt32(36), ModifierFlags(modifiers)], returning: Bool.self)
            }
            XCTAssertTrue(shown.picker.map.canFocus, "the keyboard reaches the map")
            XCTAssertEqual(press(GDK_KEY_Return), true)
            XCTAssertEqual(shown.picks.locations.count, 1)
            XCTAssertEqual(shown.picks.locations[0].latitude, Places.warsaw.latitude, accuracy: 1e-6)
            XCTAssertEqual(shown.picks.locations[0].longitude, Places.warsaw.longitude, accuracy: 1e-6)
            XCTAssertEqual(press(GDK_KEY_space), true)
            XCTAssertEqual(shown.picks.locations.count, 2)
            XCTAssertEqual(press(GDK_KEY_Return, modifiers: Keys.shift), false)
            XCTAssertEqual(press(GDK_KEY_a), false)
            XCTAssertEqual(shown.picks.locations.count, 2)
        }
    }

    func testThePickerKeepsTheMapsArrowKeys() {
        MainActor.assumeIsolated {
            let shown = ShownPicker()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            XCTAssertNotNil(shown.picker.map.keyController, "the map's own keyboard navigation is on")
        }
    }

    func testSettingThePickFromCodeMovesThePinButIsNoPick() {
        MainActor.assumeIsolated {
            let shown = ShownPicker()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            shown.picker.setPicked(Places.krakow)
            XCTAssertEqual(shown.picker.pickedLocation, Places.krakow)
            XCTAssertEqual(shown.picks.locations, [], "set from code")
            XCTAssertTrue(
                runMainLoop(until: {
                    abs(shown.picker.map.centre.latitude - Places.krakow.latitude) < 1e-6
                        && abs(shown.picker.map.centre.longitude - Places.krakow.longitude) < 1e-6
                }), "the view centres on it")

            shown.picker.setPicked(Places.gdansk, centring: false)
            XCTAssertEqual(shown.picker.pickedLocation, Places.gdansk)
            XCTAssertEqual(shown.picker.map.centre.latitude, Places.krakow.latitude, accuracy: 1e-6)

            shown.picker.setPicked(nil)
            XCTAssertNil(shown.picker.pickedLocation)
            XCTAssertTrue(shown.picker.shownWidgets(withCSSClass: "location-pin").isEmpty)
        }
    }

    func testTheCrosshairShowsWhileTheMapHasTheFocus() {
        MainActor.assumeIsolated {
            let shown = ShownPicker()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            // The window gives the map, its only focusable widget, the focus at first.
            gtk_window_set_focus(gcast(shown.window.raw), nil)
            XCTAssertTrue(runMainLoop(until: { !shown.picker.isCrosshairShown }, timeout: 5))
            XCTAssertTrue(shown.picker.map.grabFocus())
            XCTAssertTrue(runMainLoop(until: { shown.picker.isCrosshairShown }, timeout: 5))
            gtk_window_set_focus(gcast(shown.window.raw), nil)
            XCTAssertTrue(runMainLoop(until: { !shown.picker.isCrosshairShown }, timeout: 5))
        }
    }
}
