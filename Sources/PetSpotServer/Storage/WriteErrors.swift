// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Why a new report or photo could not be stored.
enum ReportWriteError: Error, Equatable {
    /// Another report has this microchip number.
    case microchipTaken
    /// No report with this id (it may have been deleted meanwhile).
    case noSuchReport
}

/// Why a sighting could not be stored.
enum SightingWriteError: Error, Equatable {
    /// No report with this id.
    case noSuchReport
    /// The report is closed: its pet is home.
    case reportClosed
}
