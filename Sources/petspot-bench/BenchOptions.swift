// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// `petspot-bench [COUNT] [--only SECTION] [--floor PATH] [--python-reference PATH] [--driver PATH]
/// [--results PATH] [--scale REPORTS] [--scale-list REPORTS]`.
struct BenchOptions {
    var count = 100_000
    /// The floor window's executable (bench/floor-window.c, built by make bench).
    var floor: URL?
    /// bench/decode_reference.py.
    var pythonReference: URL?
    /// bench/drive_reports.py, which drives the Reports tab.
    var driver: URL?
    var resultsPath = ".build/bench/results.json"
    /// server-scale: reports in the large databases (PostgreSQL; SQLite too up to a million).
    var scaleReports = 1_000_000
    /// server-scale: reports in the databases whose whole unpaged list is fetched.
    var scaleListReports = 100_000
    /// One section only (decoding, server, startup, reports, map, server-scale), for quicker runs while optimising.
    var only: String?
    /// PetSpot's executable: the one built beside this bench.
    var app: URL?

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--floor": floor = arguments.popFirst().map(Self.existingFile) ?? nil
            case "--python-reference": pythonReference = arguments.popFirst().map(Self.existingFile) ?? nil
            case "--driver": driver = arguments.popFirst().map(Self.existingFile) ?? nil
            case "--results": resultsPath = arguments.popFirst() ?? resultsPath
            case "--only": only = arguments.popFirst()
            case "--scale": scaleReports = arguments.popFirst().flatMap(Int.init).map { max(1, $0) } ?? scaleReports
            case "--scale-list":
                scaleListReports = arguments.popFirst().flatMap(Int.init).map { max(1, $0) } ?? scaleListReports
            default: if let number = Int(argument), number > 0 { count = number }
            }
        }
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        app = Self.existingFile(bench.deletingLastPathComponent().appendingPathComponent("petspot").path)
    }

    func includes(_ section: String) -> Bool { only == nil || only == section }

    private static func existingFile(_ path: String) -> URL? {
        FileManager.default.isExecutableFile(atPath: path) || FileManager.default.fileExists(atPath: path)
            ? URL(fileURLWithPath: path) : nil
    }
}
