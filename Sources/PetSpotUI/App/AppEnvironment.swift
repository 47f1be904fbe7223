// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotClient
import PetSpotDomain
import PetSpotPresentation

/// What the UI needs from the outside world, decided at launch.
public struct AppEnvironment: Sendable {
    public var repository: any AnnouncementRepository
    public var photoFetcher: any PhotoFetching
    /// From `--location`; nil means unknown until (unless) the desktop tells.
    public var userLocation: Coordinate?
    /// Without `userLocation`, ask the desktop's location service with these;
    /// nil: never ask (tests, and no distances without `--location`).
    public var desktopLocation: DesktopLocationOptions?
    /// The built-in demo server is the source: the window says so, discreetly.
    public var isDemoData: Bool
    /// Sending reports; nil: the app only reads (Report a Pet and My Reports are hidden).
    public var reporting: ReportingServices?
    /// Where reports' public pages are, when the backend serves them (Copy Link).
    public var reportPages: any ReportPageLinks
    /// The last list, details and photos kept for reading offline; nil: none kept.
    public var offlineCache: OfflineCache?
    /// A report's sightings; nil: none shown, and no I Saw This Pet.
    public var sightings: (any SightingsRepository)?
    /// Started by the autostart entry (`--background`): alerts only, no
    /// window until the user opens PetSpot.
    public var startsInBackground = false
    /// How the autostart entry starts this app again without a window: its
    /// executable, `--background` and the options that chose its backend.
    public var backgroundCommandLine: [String] = ["petspot", "--background"]

    public init(
        repository: any AnnouncementRepository, photoFetcher: any PhotoFetching,
        userLocation: Coordinate?, desktopLocation: DesktopLocationOptions? = nil, isDemoData: Bool,
        reporting: ReportingServices? = nil, reportPages: any ReportPageLinks = NoReportPages(),
        offlineCache: OfflineCache? = nil
    ) {
        self.offlineCache = offlineCache
        self.reportPages = reportPages
        self.reporting = reporting
        self.desktopLocation = desktopLocation
        self.repository = repository
        self.photoFetcher = photoFetcher
        self.userLocation = userLocation
        self.isDemoData = isDemoData
    }
}
