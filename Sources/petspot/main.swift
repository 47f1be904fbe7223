import ArgumentParser
import Foundation
import GLibKit
import Logging
import PetSpotUI
import PetSpotDomain
import PetSpotClient
import PetSpotPresentation

Milestones.mark("main-entered")

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = LogLevelFromEnvironment.value
    return handler
}

let options = PetSpotOptions.parseOrExit()
let apiURL: URL?
let location: Coordinate?
do {
    apiURL = try options.apiURL(environment: ProcessInfo.processInfo.environment)
    location = try options.location
} catch {
    PetSpotOptions.exit(withError: error)
}
let backend = Backend(apiURL: apiURL, logger: Logger(label: "io.github.petspot.app"))
let environment = AppEnvironment(
    repository: backend.repository, photoFetcher: HTTPPhotoFetcher(), userLocation: location,
    isDemoData: backend.isDemo)
MainLoopReport.startIfAsked(environment: ProcessInfo.processInfo.environment)
let status = PetSpotApplication(environment: environment).run()
backend.shutdown()
exit(status)
