// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import ShumateKit
import XCTest

/// Arrow keys pan, + and - zoom by whole levels, through the map's key controller.
final class KeyboardNavigationTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireDisplay() }
    }

    @MainActor
    private static func press(_ keyval: Int32, on map: SimpleMap, modifiers: UInt32 = 0) -> Bool? {
        guard let controller = map.keyController else {
            XCTFail("no key controller")
            return nil
        }
        return Signals.emit(
            "key-pressed", on: controller, [UInt32(keyval), UInt32(0), ModifierFlags(modifiers)],
            returning: Bool.self)
    }

    func testTheMapBecomesFocusableWithOneKeyController() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            XCTAssertNil(map.keyController)
            XCTAssertFalse(map.canFocus)
            map.enableKeyboardNavigation()
            let controller = map.keyController
            XCTAssertNotNil(controller)
            XCTAssertTrue(map.canFocus)
            map.enableKeyboardNavigation()
            XCTAssertEqual(map.keyController, controller, "a second call adds nothing")
        }
    }

    func testArrowKeysPanByAQuarterOfTheView() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.enableKeyboardNavigation()
            map.zoomLevel = 10
            map.centre = Places.warsaw
            guard let corners = map.visibleCorners else { return XCTFail("no corners") }
            let viewWidth = corners[1].longitude - corners[0].longitude

            XCTAssertEqual(Self.press(GDK_KEY_Right, on: map), true)
            XCTAssertEqual(map.centre.longitude, Places.warsaw.longitude + viewWidth / 4, accuracy: viewWidth * 0.01)
            XCTAssertEqual(map.centre.latitude, Places.warsaw.latitude, accuracy: 1e-6)

            XCTAssertEqual(Self.press(GDK_KEY_Left, on: map), true)
            XCTAssertEqual(map.centre.longitude, Places.warsaw.longitude, accuracy: viewWidth * 0.01)

            XCTAssertEqual(Self.press(GDK_KEY_Up, on: map), true)
            XCTAssertGreaterThan(map.centre.latitude, Places.warsaw.latitude, "Up moves north")
            XCTAssertEqual(Self.press(GDK_KEY_KP_Down, on: map), true)
            XCTAssertEqual(Self.press(GDK_KEY_Down, on: map), true)
            XCTAssertLessThan(map.centre.latitude, Places.warsaw.latitude, "Down moves south")
        }
    }

    func testPlusAndMinusZoomByOneLevelAnimated() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.enableKeyboardNavigation()
            map.zoomLevel = 10
            map.centre = Places.warsaw

            XCTAssertEqual(Self.press(GDK_KEY_plus, on: map, modifiers: Keys.shift), true)
            XCTAssertTrue(runMainLoop(until: { abs(map.zoomLevel - 11) < 1e-6 }, timeout: 30), "zoom \(map.zoomLevel)")
            XCTAssertEqual(map.centre.latitude, Places.warsaw.latitude, accuracy: 1e-6, "zooms about the centre")

            XCTAssertEqual(Self.press(GDK_KEY_KP_Subtract, on: map), true)
            XCTAssertTrue(runMainLoop(until: { abs(map.zoomLevel - 10) < 1e-6 }, timeout: 30), "zoom \(map.zoomLevel)")

            // Two presses in a row go two levels, not one.
            XCTAssertEqual(Self.press(GDK_KEY_equal, on: map), true)
            XCTAssertEqual(Self.press(GDK_KEY_KP_Add, on: map), true)
            XCTAssertTrue(runMainLoop(until: { abs(map.zoomLevel - 12) < 1e-6 }, timeout: 30), "zoom \(map.zoomLevel)")
            XCTAssertFalse(conditionBecomesTrue(within: 0.4) { map.zoomLevel > 12 + 1e-6 })
        }
    }

    func testZoomStepsLandOnWholeLevelsWithinTheRange() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.zoomLevel = 10.4
            map.zoomIn()
            XCTAssertTrue(runMainLoop(until: { abs(map.zoomLevel - 11) < 1e-6 }, timeout: 30), "zoom \(map.zoomLevel)")
            map.zoomLevel = 10.4
            map.zoomOut()
            XCTAssertTrue(runMainLoop(until: { abs(map.zoomLevel - 10) < 1e-6 }, timeout: 30), "zoom \(map.zoomLevel)")
            map.zoomLevel = map.zoomRange.upperBound
            map.zoomIn()
            XCTAssertFalse(conditionBecomesTrue(within: 0.3) { map.zoomLevel > map.zoomRange.upperBound })
        }
    }

    func testOtherKeysAndShortcutsAreLeftAlone() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.enableKeyboardNavigation()
            map.zoomLevel = 10
            map.centre = Places.warsaw
            XCTAssertEqual(Self.press(GDK_KEY_Right, on: map, modifiers: Keys.control), false)
            XCTAssertEqual(Self.press(GDK_KEY_plus, on: map, modifiers: Keys.control), false)
            XCTAssertEqual(Self.press(GDK_KEY_a, on: map), false)
            XCTAssertEqual(Self.press(GDK_KEY_Tab, on: map), false)
            XCTAssertFalse(conditionBecomesTrue(within: 0.3) { abs(map.zoomLevel - 10) > 1e-9 })
            XCTAssertEqual(map.centre.longitude, Places.warsaw.longitude, accuracy: 1e-9)
        }
    }

    func testZoomStepsWithoutAWindowApplyAtOnce() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            map.zoomLevel = 5
            map.zoomIn()
            XCTAssertEqual(map.zoomLevel, 6, accuracy: 1e-9)
            map.zoomOut()
            map.zoomOut()
            XCTAssertEqual(map.zoomLevel, 4, accuracy: 1e-9)
        }
    }
}
