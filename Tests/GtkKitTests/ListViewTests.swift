// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// The recycling list: rows are bound by position, a long list is handed to
/// GTK a screenful per frame, and a splice keeps the rows it does not touch.
final class ListViewTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    /// A row: a label showing the item it is bound to.
    @MainActor
    final class Row {
        let label = Label("")
        var position: Int?
    }

    /// A list of `names` in a shown window, keeping every row it built.
    @MainActor
    final class ShownList {
        let list = ListView<Row>(accessibleLabel: "Items")
        let scrolled: ScrolledWindow
        let window: PlainWindow
        var names: [String]
        private(set) var rows: [Row] = []

        init(names: [String], height: Int32) {
            self.names = names
            scrolled = ScrolledWindow(accessibleLabel: "Item list", child: list.widget)
            window = PlainWindow.showing(scrolled, width: 400, height: height)
            list.makeRow = { [unowned self] in
                let row = Row()
                rows.append(row)
                return (row, AnyWidget(row.label))
            }
            list.bindRow = { [unowned self] row, position in
                row.position = position
                row.label.text = self.names[position]
            }
        }

        /// Whether every bound row shows the name at its position.
        var allShowTheirItem: Bool {
            rows.allSatisfy { row in row.position.map { row.label.text == names[$0] } ?? true }
        }
    }

    func testALongListReachesGTKAScreenfulPerFrameAndThenWhole() {
        MainActor.assumeIsolated {
            let shown = ShownList(names: (0..<10_000).map { "Item \($0)" }, height: 600)
            defer { shown.window.destroy() }

            shown.list.splice(at: 0, removed: 0, added: 10_000)
            XCTAssertEqual(shown.list.count, 10_000)
            // GTK builds the rows it is told about at once: a screenful, not 200.
            XCTAssertGreaterThan(shown.rows.count, 0)
            XCTAssertLessThanOrEqual(shown.rows.count, 12)

            // Then GTK gets every row: the last one can be scrolled to.
            XCTAssertTrue(
                runMainLoop(until: {
                    shown.scrolled.verticalOffset = 1e9
                    return shown.rows.contains { $0.position == 9_999 }
                }), "rows bound: \(shown.rows.compactMap(\.position).max() ?? -1)")
        }
    }

    func testRowsReplacedOneForOneAreBoundAgainInPlace() {
        MainActor.assumeIsolated {
            let shown = ShownList(names: (0..<10).map { "a\($0)" }, height: 600)
            defer { shown.window.destroy() }
            shown.list.splice(at: 0, removed: 0, added: 10)
            XCTAssertTrue(runMainLoop(until: { shown.rows.filter { $0.position != nil }.count == 10 }))
            let builtBefore = shown.rows.count

            shown.names = (0..<8).map { "b\($0)" }
            shown.list.splice(at: 0, removed: 10, added: 8)
            XCTAssertEqual(shown.list.count, 8)
            let texts = { shown.list.widget.shownLabelTexts }
            XCTAssertTrue(runMainLoop(until: { texts() == shown.names }), "\(texts())")
            XCTAssertEqual(shown.rows.count, builtBefore, "no row widget was built again")
        }
    }

    func testRowsOffScreenAreBoundAgainSoonAfterThoseOnScreen() {
        MainActor.assumeIsolated {
            let shown = ShownList(names: (0..<300).map { "a\($0)" }, height: 300)
            defer { shown.window.destroy() }
            shown.list.splice(at: 0, removed: 0, added: 300)
            XCTAssertTrue(
                runMainLoop(until: { shown.rows.count > 100 }), "GTK keeps many rows bound: \(shown.rows.count)")
            XCTAssertTrue(runMainLoop(until: { shown.allShowTheirItem }))

            shown.names = (0..<300).map { "b\($0)" }
            shown.list.splice(at: 0, removed: 300, added: 300)
            XCTAssertEqual(shown.rows.first { $0.position == 0 }?.label.text, "b0", "a row on screen is bound at once")
            XCTAssertFalse(shown.allShowTheirItem, "rows off screen wait for later iterations")
            XCTAssertTrue(runMainLoop(until: { shown.allShowTheirItem }), "and are all bound again")
        }
    }
}
