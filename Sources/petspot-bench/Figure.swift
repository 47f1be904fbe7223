// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// One line of the bench's results table: PetSpot's figure, the reference run
/// beside it (if there is one), and the goal it is held to.
struct Figure: Encodable {
    enum Goal: Encodable {
        case atMost(Double)
        case atLeast(Double)
        /// value ≤ factor × reference
        case atMostTimesReference(Double)
        /// value ≥ factor × reference
        case atLeastTimesReference(Double)
        /// value ≤ reference + margin
        case atMostReferencePlus(Double)

        func isMet(value: Double, reference: Double?) -> Bool? {
            switch self {
            case .atMost(let limit): return value <= limit
            case .atLeast(let limit): return value >= limit
            case .atMostTimesReference(let factor): return reference.map { value <= factor * $0 }
            case .atLeastTimesReference(let factor): return reference.map { value >= factor * $0 }
            case .atMostReferencePlus(let margin): return reference.map { value <= $0 + margin }
            }
        }

        func text(unit: String) -> String {
            switch self {
            case .atMost(let limit): "≤ \(Figure.format(limit, unit))"
            case .atLeast(let limit): "≥ \(Figure.format(limit, unit))"
            case .atMostTimesReference(let factor): "≤ \(factor)× ref"
            case .atLeastTimesReference(let factor): "≥ \(factor)× ref"
            case .atMostReferencePlus(let margin): "≤ ref + \(Figure.format(margin, unit))"
            }
        }
    }

    let name: String
    let unit: String
    let value: Double
    var reference: Double?
    var referenceName: String?
    var goal: Goal?
    /// How many runs the median was taken over.
    var runs = 1

    var ratio: Double? { reference.flatMap { $0 > 0 ? value / $0 : nil } }
    var passed: Bool? { goal?.isMet(value: value, reference: reference) }

    enum CodingKeys: String, CodingKey {
        case name, unit, value, reference, referenceName, ratio, goal, passed, runs
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(unit, forKey: .unit)
        try container.encode(value, forKey: .value)
        try container.encodeIfPresent(reference, forKey: .reference)
        try container.encodeIfPresent(referenceName, forKey: .referenceName)
        try container.encodeIfPresent(ratio, forKey: .ratio)
        try container.encodeIfPresent(goal?.text(unit: unit), forKey: .goal)
        try container.encodeIfPresent(passed, forKey: .passed)
        try container.encode(runs, forKey: .runs)
    }

    static func format(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "s" where value < 1: String(format: "%.0f ms", value * 1e3)
        case "s": String(format: "%.2f s", value)
        case "ms": String(format: "%.1f ms", value)
        case "MiB": String(format: "%.0f MiB", value)
        case "MB/s": String(format: "%.0f MB/s", value)
        case "req/s": String(format: "%.0f req/s", value)
        case "reports": String(format: "%.0f reports", value)
        // A figure the server under test cannot give (a feature it lacks).
        case "n/a": "not available"
        default: String(format: "%.3g %@", value, unit)
        }
    }
}

extension Figure {
    /// A timing measured without a goal, as a figure of the table.
    init(_ measurement: Measurement) {
        let components = measurement.median.components
        self.init(
            name: measurement.name, unit: "s",
            value: Double(components.seconds) + Double(components.attoseconds) / 1e18, runs: measurement.runs)
    }
}

/// The table `make bench` ends with, and the same as JSON.
enum ResultsTable {
    static func print(_ figures: [Figure]) {
        let header = ["figure", "PetSpot", "reference", "ratio", "goal", "result"]
        let rows = figures.map { figure in
            [
                figure.name,
                Figure.format(figure.value, figure.unit),
                figure.reference.map { Figure.format($0, figure.unit) } ?? "—",
                figure.ratio.map { String(format: "%.2f×", $0) } ?? "—",
                figure.goal?.text(unit: figure.unit) ?? "—",
                figure.passed.map { $0 ? "pass" : "FAIL" } ?? "—",
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        for row in [header] + rows {
            let cells = row.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            Swift.print(cells.joined(separator: "  "))
        }
        let references = figures.compactMap { figure in figure.referenceName.map { "\(figure.name): \($0)" } }
        if !references.isEmpty { Swift.print("references — " + references.joined(separator: "; ")) }
    }

    static func write(_ figures: [Figure], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(figures).write(to: url)
    }
}
