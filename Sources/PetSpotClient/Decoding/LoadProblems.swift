// SPDX-License-Identifier: GPL-3.0-or-later

import Logging

/// What one load of a list left out or merged, told in a few lines however many
/// items share a problem: one line per problem with a count and a few example ids.
struct LoadProblems {
    fileprivate struct Tally {
        var count = 0
        var examples: [String] = []
    }

    static let exampleCount = 3
    private var skips: [AnnouncementSkipReason: Tally] = [:]
    private var duplicates = Tally()

    mutating func noteSkip(_ skip: SkippedAnnouncement) {
        skips[skip.reason, default: Tally()].add(skip.id.map { "id \($0)" } ?? "item #\(skip.index)")
    }

    mutating func noteDuplicate(id: String) {
        duplicates.add("id \(id)")
    }

    /// One warning per problem. A line already logged word for word (the same
    /// bad data, refreshed) is not repeated.
    func log(to logger: Logger, once registry: LogOnceRegistry) {
        for reason in AnnouncementSkipReason.allCases {
            guard let tally = skips[reason] else { continue }
            warn("Skipped \(tally.count) \(Self.items(tally.count)): \(reason) (\(tally.listed))", logger, registry)
        }
        if duplicates.count > 0 {
            warn(
                "\(duplicates.count) \(Self.items(duplicates.count)) repeated an id seen earlier in the list; "
                    + "kept the most recently updated of each (\(duplicates.listed))",
                logger, registry)
        }
    }

    private func warn(_ line: String, _ logger: Logger, _ registry: LogOnceRegistry) {
        guard registry.isFirstOccurrence(of: line) else { return }
        logger.warning("\(line)")
    }

    private static func items(_ count: Int) -> String { count == 1 ? "announcement" : "announcements" }
}

extension LoadProblems.Tally {
    fileprivate mutating func add(_ example: String) {
        count += 1
        if examples.count < LoadProblems.exampleCount { examples.append(example) }
    }

    fileprivate var listed: String {
        let more = count - examples.count
        return (more > 0 ? "e.g. " : "") + examples.joined(separator: ", ")
    }
}
