// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PetSpotPresentation

/// Possible matches over every decoded report: what a details page costs, and
/// what My Reports costs when it counts the matches of each of its reports.
enum MatchesBenchmark {
    /// How many reports a person keeps in My Reports, generously.
    static let myReportsCount = 10

    @MainActor
    static func run(over announcements: [Announcement]) -> (figure: Figure?, details: [Measurement]) {
        let finder = MatchFinder()
        let open = announcements.filter { $0.status != .closed }
        guard let report = open.first else { return (nil, []) }
        let one = measure("possible matches: one report against all (\(announcements.count))", runs: 7) {
            _ = finder.matches(for: report, among: announcements)
        }
        var figure = Figure(one)
        figure.goal = .atMost(0.020)
        let mine = Array(open.prefix(myReportsCount))
        let all = measure("possible matches: My Reports' \(mine.count) reports against all") {
            for report in mine { _ = finder.matches(for: report, among: announcements) }
        }
        return (figure, [all])
    }
}
