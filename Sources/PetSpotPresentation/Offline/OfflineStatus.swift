// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// Whether the reports the pages show come from the offline cache because the
/// backend did not answer, and from when: Home, Reports and the Map say so in
/// a banner with Retry until the backend answers again.
@MainActor
@Observable
public final class OfflineStatus {
    /// When the cached reports shown were fetched; nil while the backend answers.
    public private(set) var showingReportsFetchedAt: Date?
    @ObservationIgnored private var recoveryListeners: [@MainActor () -> Void] = []

    public init() {}

    public var isOffline: Bool { showingReportsFetchedAt != nil }

    /// The banner's text; nil while online.
    public func bannerText(now: Date = Date(), locale: Locale = Localization.locale) -> String? {
        showingReportsFetchedAt.map { Self.bannerText(fetchedAt: $0, now: now, locale: locale) }
    }

    /// "Offline — showing reports from 14:05": the time in the user's locale,
    /// with the day too when it was not today (and the year when not this year).
    public static func bannerText(
        fetchedAt: Date, now: Date, locale: Locale, timeZone: TimeZone = .current
    ) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        var style = Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar)
        style.timeZone = timeZone
        if !calendar.isDate(fetchedAt, inSameDayAs: now) {
            let sameYear = calendar.component(.year, from: fetchedAt) == calendar.component(.year, from: now)
            style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone)
            style =
                sameYear
                ? style.day().month(.abbreviated).hour().minute()
                : style.day().month(.abbreviated).year().hour().minute()
        }
        // TRANSLATORS: a banner over the reports when the backend cannot be reached; {time} is
        // when the reports shown were fetched ("14:05", or "26 Nov, 14:05" when not today).
        return tr("Offline — showing reports from {time}", ["time": fetchedAt.formatted(style)])
    }

    /// `handler` runs each time the backend answers again after the cache was shown.
    public func onRecovered(_ handler: @escaping @MainActor () -> Void) {
        recoveryListeners.append(handler)
    }

    func showingCache(fetchedAt: Date) {
        if showingReportsFetchedAt != fetchedAt { showingReportsFetchedAt = fetchedAt }
    }

    func backendAnswered() {
        guard showingReportsFetchedAt != nil else { return }
        showingReportsFetchedAt = nil
        for listener in recoveryListeners { listener() }
    }
}

extension RepositoryError {
    /// Whether the backend could not be had (down, unreachable, too slow, an
    /// unusable answer), so the cached reports are better than none; not for
    /// a report that does not exist, nor for a request given up.
    public var isWorthTheOfflineCache: Bool {
        switch self {
        case .unreachable, .timedOut, .badResponse, .listTooLarge: true
        case .notFound, .cancelled: false
        }
    }
}
