// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// The details page's "Possible Matches": the reports the shared store holds
/// that may be the same pet as the one shown (docs/BEHAVIOUR.md §1.4,
/// decision 0052). Nothing is fetched for it: it is searched again when the
/// store's list changes and when another report is shown.
@MainActor
@Observable
public final class PossibleMatchesViewModel {
    public enum State: Equatable, Sendable {
        /// No section: no report shown, a closed one, or no reports fetched yet.
        case hidden
        /// "No possible matches nearby".
        case empty
        /// The likeliest matches, likeliest first, each card with its reasons.
        case matches([AnnouncementCard])
    }

    /// At most this many matches are shown.
    nonisolated public static let shownLimit = 6

    public private(set) var state = State.hidden

    /// The empty state's text.
    public var emptyText: String { tr("No possible matches nearby") }

    @ObservationIgnored private let store: AnnouncementStore
    @ObservationIgnored private let finder: MatchFinder
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private var report: Announcement?
    @ObservationIgnored private var currentSearch: Task<Void, Never>?
    /// Counts searches: a late one never replaces a newer one's matches.
    @ObservationIgnored private var searchGeneration = 0

    public init(store: AnnouncementStore, finder: MatchFinder = MatchFinder(), locale: Locale = Localization.locale) {
        self.store = store
        self.finder = finder
        self.locale = locale
        store.subscribe { [weak self] snapshot in self?.search(in: snapshot) }
    }

    /// The report the details page shows; nil while it loads or once it is left.
    public func show(_ report: Announcement?) {
        if report?.id != self.report?.id { state = .hidden }
        self.report = report
        search(in: store.latest)
    }

    /// Completes when the search under way has finished (for tests).
    public func waitForCurrentSearch() async {
        await currentSearch?.value
    }

    private func search(in snapshot: AnnouncementSnapshot?) {
        currentSearch?.cancel()
        searchGeneration += 1
        guard let report, report.status != .closed, let snapshot else {
            state = .hidden
            return
        }
        if !snapshot.isLarge {
            finish(finder.matches(for: report, among: snapshot.announcements), snapshot: snapshot)
            return
        }
        // 100 000 reports take milliseconds: a frame's worth, off the main thread.
        let generation = searchGeneration
        currentSearch = Task { [finder] in
            let matches = await Self.matches(finder, for: report, among: snapshot.announcements)
            guard let matches, generation == self.searchGeneration else { return }
            self.finish(matches, snapshot: snapshot)
        }
    }

    @concurrent
    private nonisolated static func matches(
        _ finder: MatchFinder, for report: Announcement, among candidates: [Announcement]
    ) async -> [PossibleMatch]? {
        let matches = finder.matches(for: report, among: candidates)
        return Task.isCancelled ? nil : matches
    }

    private func finish(_ matches: [PossibleMatch], snapshot: AnnouncementSnapshot) {
        let cards = matches.prefix(Self.shownLimit).map { match in
            snapshot.formattedCards.card(for: match.announcement).showingReasons(of: match, locale: locale)
        }
        state = cards.isEmpty ? .empty : .matches(cards)
    }
}
