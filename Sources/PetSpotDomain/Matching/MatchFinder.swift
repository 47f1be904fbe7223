// SPDX-License-Identifier: GPL-3.0-or-later

/// Finds the reports that may be the same pet as a given one: the opposite
/// status (a lost dog and found dogs), the same species, last seen nearby and
/// at a plausible time, with no known sex that differs. Closed reports are
/// never matched, and a closed report matches nothing.
public struct MatchFinder: Sendable {
    /// How far apart the two last-seen places may be.
    public var maximumKilometres: Double = 10
    /// How many days before a lost pet's last-seen day a found one may have
    /// been seen: dates are typed from memory, and a day or two out is common.
    public var foundDaysEarly = 2

    public init() {}

    /// Every candidate that passes the rules, likeliest first. Ties go to the
    /// nearer one, then to the id, so the order never changes between runs.
    public func matches(for report: Announcement, among candidates: [Announcement]) -> [PossibleMatch] {
        guard let wanted = Self.opposite(of: report.status) else { return [] }
        let reportFacts = Facts(report)
        // A degree of latitude is never less than 111 km: a cheap first cut
        // before the great-circle distance.
        let latitudeReach = maximumKilometres / 111
        var found: [PossibleMatch] = []
        // Fields are read in place: copying each report out of the array
        // would retain and release every one of its strings.
        for index in candidates.indices {
            guard candidates[index].status == wanted, candidates[index].species == report.species,
                abs(candidates[index].coordinate.latitude - report.coordinate.latitude) <= latitudeReach,
                !Self.sexesDiffer(report.sex, candidates[index].sex), candidates[index].id != report.id
            else { continue }
            let candidate = candidates[index]
            let kilometres = report.coordinate.distance(to: candidate.coordinate)
            guard kilometres <= maximumKilometres else { continue }
            let daysApart = report.lastSeenDate.days(until: candidate.lastSeenDate)
            guard isPlausible(daysApart: daysApart, reportStatus: report.status) else { continue }
            found.append(match(report: reportFacts, candidate: candidate, kilometres: kilometres, daysApart: daysApart))
        }
        return found.sorted { first, second in
            if first.score != second.score { return first.score > second.score }
            if first.kilometres != second.kilometres { return first.kilometres < second.kilometres }
            return first.announcement.id < second.announcement.id
        }
    }

    /// A found pet is seen after it was lost, give or take `foundDaysEarly`.
    private func isPlausible(daysApart: Int, reportStatus: AnnouncementStatus) -> Bool {
        // daysApart runs from the report to the candidate; turn it into found − lost.
        let foundMinusLost = reportStatus == .lost ? daysApart : -daysApart
        return foundMinusLost >= -foundDaysEarly
    }

    private func match(report: Facts, candidate: Announcement, kilometres: Double, daysApart: Int) -> PossibleMatch {
        let other = Facts(candidate)
        var reasons: [MatchReason] = [.distance(kilometres: kilometres), .daysApart(daysApart)]
        // Each part is between 0 and 1; nearness and time weigh most, as they
        // are what every pair has, and the words confirm.
        var score = 0.4 * (1 - kilometres / maximumKilometres)
        score += 0.3 / (1 + Double(abs(daysApart)) / 7)
        if report.sharesBreed(with: other) {
            reasons.append(.sameBreed)
            score += 0.2
        }
        let colours = report.colours.intersection(other.colours).sorted()
        if !colours.isEmpty {
            reasons.append(.sharedColours(colours))
            score += 0.1 * Double(min(colours.count, 3)) / 3
        }
        return PossibleMatch(announcement: candidate, score: score, reasons: reasons)
    }

    private static func opposite(of status: AnnouncementStatus) -> AnnouncementStatus? {
        switch status {
        case .lost: .found
        case .found: .lost
        case .closed: nil
        }
    }

    /// Only two known, different sexes rule a pair out: a finder often cannot tell.
    private static func sexesDiffer(_ first: Sex, _ second: Sex) -> Bool {
        first != .unknown && second != .unknown && first != second
    }
}

extension PossibleMatch {
    fileprivate var kilometres: Double {
        for case .distance(let kilometres) in reasons { return kilometres }
        return .infinity
    }
}

/// What matching compares of one report, folded once.
private struct Facts {
    /// The breed's words, without the ones that say it is not pure-bred.
    let breedWords: Set<Substring>
    /// The known breeds those words name, in either language.
    let breeds: Set<BreedName>
    let colours: Set<ColourWord>

    private static let mixedBreedWords: Set<Substring> = [
        "mix", "mixed", "cross", "crossbreed", "mongrel", "mieszaniec", "mieszanka", "kundel", "typu", "type", "like",
    ]

    init(_ announcement: Announcement) {
        let breed = announcement.breed.map(\.folded) ?? ""
        breedWords = Set(breed.split(whereSeparator: { !$0.isLetter })).subtracting(Self.mixedBreedWords)
        breeds = BreedName.named(byFolded: breedWords)
        colours = ColourWord.mentioned(inFolded: announcement.description.map(\.folded) ?? "")
    }

    /// Both name a breed, and either both name one known breed, in any
    /// language ("German Shepherd" and "owczarek niemiecki"), or every word
    /// of the shorter name is in the longer ("Golden Retriever" and "golden
    /// retriever mix").
    func sharesBreed(with other: Facts) -> Bool {
        guard !breedWords.isEmpty, !other.breedWords.isEmpty else { return false }
        return !breeds.isDisjoint(with: other.breeds) || breedWords.isSubset(of: other.breedWords)
            || other.breedWords.isSubset(of: breedWords)
    }
}
