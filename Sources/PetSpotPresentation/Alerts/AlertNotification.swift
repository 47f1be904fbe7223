// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// One desktop notification the alerts want shown.
public struct AlertNotification: Equatable, Sendable {
    /// Stable per report, so the desktop replaces rather than stacks a repeat.
    public var id: String
    public var title: String
    public var body: String
    /// The report **Open** shows; nil for the summary, which opens the window.
    public var reportID: String?
    /// The report's photo, used as the icon when it is already fetched.
    public var photoURL: URL?

    public init(id: String, title: String, body: String, reportID: String?, photoURL: URL? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.reportID = reportID
        self.photoURL = photoURL
    }
}

/// The words of the alerts. Each status and species is a whole sentence, so
/// a language can agree the adjective with the animal ("Zaginiona kotka").
public enum AlertTexts {
    /// "Lost dog nearby: Rex, 1.2 km away".
    public static func nearby(_ report: Announcement, distance: String) -> String {
        let values: KeyValuePairs<String, String> = ["name": report.displayName, "distance": distance]
        switch (report.status, report.species) {
        case (.found, .dog):
            return trc("alert", "Found dog nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (.found, .cat):
            return trc("alert", "Found cat nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (.found, .bird):
            return trc("alert", "Found bird nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (.found, .rabbit):
            return trc("alert", "Found rabbit nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (.found, .other):
            return trc("alert", "Found pet nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (_, .dog): return trc("alert", "Lost dog nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (_, .cat): return trc("alert", "Lost cat nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (_, .bird): return trc("alert", "Lost bird nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (_, .rabbit):
            return trc("alert", "Lost rabbit nearby: {name}, {distance} away").fillingPlaceholders(values)
        case (_, .other): return trc("alert", "Lost pet nearby: {name}, {distance} away").fillingPlaceholders(values)
        }
    }

    /// "Possible match for Rex: Found dog, 2.3 km away".
    public static func possibleMatch(for own: Announcement, candidate: Announcement, distance: String) -> String {
        trc("alert", "Possible match for {name}: {status} · {species}, {distance} away").fillingPlaceholders(
            [
                "name": own.displayName, "status": candidate.status.displayName,
                "species": candidate.species.displayName, "distance": distance,
            ])
    }

    /// "Rex was seen 0.8 km from where last seen".
    public static func sighting(of own: Announcement, distance: String) -> String {
        trc("alert", "{name} was seen {distance} from where last seen").fillingPlaceholders([
            "name": own.displayName, "distance": distance,
        ])
    }

    /// "5 new reports near you".
    public static func summary(count: Int) -> String {
        trn("{count} new report near you", "{count} new reports near you", count: count)
    }
}
