// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PetSpotPresentation

/// GNOME Shell's search over every decoded report: the index built once per
/// list, then what each keystroke in the Shell costs (it gives up on slow
/// providers; the goal is 100 ms).
enum ShellSearchBenchmark {
    static func run(over announcements: [Announcement]) -> (figure: Figure, details: [Measurement]) {
        var index = ReportSearchIndex([])
        let build = measure("Shell search: index of \(announcements.count) reports", runs: 3) {
            index = ReportSearchIndex(announcements)
        }
        let built = index
        let search = measure("Shell search: two terms over \(announcements.count) reports", runs: 7) {
            _ = built.search(["zaginiony", "pies"])
        }
        var figure = Figure(search)
        figure.goal = .atMost(0.100)
        let none = measure("Shell search: a name nobody has, over \(announcements.count) reports", runs: 7) {
            _ = built.search(["qwxz"])
        }
        return (figure, [build, none])
    }
}
