// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A report the backend has created, as the form's last page shows it.
public struct SubmittedReport: Sendable, Hashable {
    /// What became of the management password.
    public enum PasswordOutcome: Sendable, Hashable {
        /// Kept in the keyring: My Reports can add a photo later.
        case saved
        /// The keyring refused it: the page shows it, and asks the user to write it down.
        case notSaved
        /// The answer that carried it was lost (the report was found in the
        /// list after a failed request): there is no password to show.
        case missing
    }

    public let announcement: Announcement
    /// Six digits, shown this once; nil when it never arrived.
    public let password: String?
    public let passwordOutcome: PasswordOutcome

    public init(announcement: Announcement, password: String?, passwordOutcome: PasswordOutcome) {
        self.announcement = announcement
        self.password = password
        self.passwordOutcome = passwordOutcome
    }

    /// What the page says about the password, below it.
    public var passwordMessage: String {
        switch passwordOutcome {
        case .saved:
            tr("You need this number to add a photo later. It is saved in your keyring, where My Reports finds it.")
        case .notSaved:
            tr(
                "The password could not be saved in the keyring. Write this number down: you need it to add a photo later."
            )
        case .missing:
            tr("The report was published, but its password did not arrive.")
        }
    }
}
