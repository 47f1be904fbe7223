// SPDX-License-Identifier: GPL-3.0-or-later

import ArgumentParser
import Foundation
import GLibKit
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotLogging
import PetSpotPresentation
import PetSpotUI

Milestones.mark("main-entered")

PetSpotLog.bootstrap(level: LogLevelFromEnvironment.value)
Localization.start(localeDirectory: LocaleDirectory.find())

let options = PetSpotOptions.parseOrExit()
let apiURL: URL?
let location: Coordinate?
do {
    apiURL = try options.apiURL(environment: ProcessInfo.processInfo.environment)
    location = try options.location
} catch {
    PetSpotOptions.exit(withError: error)
}
let backend = Backend(
    apiURL: apiURL,
    configuration: HTTPAnnouncementRepository.Configuration(
        listSizeLimitBytes: ListSizeLimitSetting.megabytes().map { $0 * 1_000_000 }
            ?? HTTPAnnouncementRepository.Configuration.standardListSizeLimitBytes),
    logger: Logger(label: "io.github.petspot.app"))
if let posterID = options.posterID, let outputPath = options.outputPath {
    let status = PosterCommand.run(reportID: posterID, output: outputPath, backend: backend)
    backend.shutdown()
    exit(status)
}
var environment = AppEnvironment(
    repository: backend.repository, photoFetcher: HTTPPhotoFetcher(), userLocation: location,
    desktopLocation: DesktopLocationOptions(environment: ProcessInfo.processInfo.environment),
    isDemoData: backend.isDemo,
    reporting: ReportingServices(
        publisher: backend.publisher, passwords: KeyringPasswords(), backend: backend.identity,
        draftFile: ReportDraftFile(), pendingReportFile: PendingReportFile()),
    reportPages: ProbedReportPages(ReportPageProbe { try? await backend.baseURL() }),
    offlineCache: OfflineCache(backend: backend.identity))
environment.startsInBackground = options.background
environment.backgroundCommandLine = options.backgroundCommandLine(apiURL: apiURL)
environment.sightings = HTTPSightingsRepository { try await backend.baseURL() }
MainLoopReport.startIfAsked(environment: ProcessInfo.processInfo.environment)
let status = PetSpotApplication(environment: environment).run(asService: options.service)
environment.offlineCache?.finishWrites()
backend.shutdown()
exit(status)
