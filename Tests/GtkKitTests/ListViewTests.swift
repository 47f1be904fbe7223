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

    func testALongListReachesGTKAScreenfulPerFrameAndThenWhole() {
        MainActor.assumeIsolated {
            let list = ListView<Row>(accessibleLabel: "Items")
            var rows: [Row] = []
            list.makeRow = {
                let row = Row()
                rows.append(row)
                return (row, AnyWidget(row.label))
            }
            list.bindRow = { row, position in
                row.position = position
                row.label.text = "Item \(position)"
            }
            let scrolled = ScrolledWindow(accessibleLabel: "Item list", child: list.widget)
            let window = PlainWindow.showing(scrolled, width: 400, height: 600)
            defer { window.destroy() }

            list.splice(at: 0, removed: 0, added: 10_000)
            XCTAssertEqual(list.count, 10_000)
            // GTK builds the rows it is told about at once: a screenful, not 200.
            XCTAssertGreaterThan(rows.count, 0)
            XCTAssertLessThanOrEqual(rows.count, 12)

            // Then GTK gets every row: the last one can be scrolled to.
            XCTAssertTrue(runMainLoop(until: {
                scrolled.verticalOffset = 1e9
                return rows.contains { $0.position == 9_999 }
            }), "rows bound: \(rows.compactMap(\.position).max() ?? -1)")
        }
    }

    func testRowsReplacedOneForOneAreBoundAgainInPlace() {
        MainActor.assumeIsolated {
            let list = ListView<Row>(accessibleLabel: "Items")
            var names = (0..<10).map { "a\($0)" }
            var rows: [Row] = []
            list.makeRow = {
                let row = Row()
                rows.append(row)
                return (row, AnyWidget(row.label))
            }
            list.bindRow = { row, position in
                row.position = position
                row.label.text = names[position]
            }
            let window = PlainWindow.showing(ScrolledWindow(accessibleLabel: "Item list", child: list.widget),
                                             width: 400, height: 600)
            defer { window.destroy() }
            list.splice(at: 0, removed: 0, added: 10)
            XCTAssertTrue(runMainLoop(until: { rows.filter { $0.position != nil }.count == 10 }))
            let builtBefore = rows.count

            names = (0..<8).map { "b\($0)" }
            list.splice(at: 0, removed: 10, added: 8)
            XCTAssertEqual(list.count, 8)
            XCTAssertTrue(runMainLoop(until: { list.widget.shownLabelTexts == names }), "\(list.widget.shownLabelTexts)")
            XCTAssertEqual(rows.count, builtBefore, "no row widget was built again")
        }
    }

    func testRowsOffScreenAreBoundAgainSoonAfterThoseOnScreen() {
        MainActor.assumeIsolated {
            let list = ListView<Row>(accessibleLabel: "Items")
            var names = (0..<300).map { "a\($0)" }
            var rows: [Row] = []
            list.makeRow = {
                let row = Row()
                rows.append(row)
                return (row, AnyWidget(row.label))
            }
            list.bindRow = { row, position in
                row.position = position
                row.label.text = names[position]
            }
            let window = PlainWindow.showing(ScrolledWindow(accessibleLabel: "Item list", child: list.widget),
                                             width: 400, height: 300)
            defer { window.destroy() }
            list.splice(at: 0, removed: 0, added: 300)
            XCTAssertTrue(runMainLoop(until: { rows.count > 100 }), "GTK keeps many rows bound: \(rows.count)")
            let allShowTheirItem = {
                rows.allSatisfy { row in row.position.map { row.label.text == names[$0] } ?? true }
            }
            XCTAssertTrue(runMainLoop(until: allShowTheirItem))

            names = (0..<300).map { "b\($0)" }
            list.splice(at: 0, removed: 300, added: 300)
            XCTAssertEqual(rows.first { $0.position == 0 }?.label.text, "b0", "a row on screen is bound at once")
            XCTAssertFalse(allShowTheirItem(), "rows off screen wait for later iterations")
            XCTAssertTrue(runMainLoop(until: allShowTheirItem), "and are all bound again")
        }
    }
}
