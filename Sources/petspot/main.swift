import ArgumentParser
import Foundation
import Logging
import PetSpotCore
import PetSpotUI

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = LogLevelFromEnvironment.value
    return handler
}

let options = PetSpotOptions.parseOrExit()
exit(PetSpotApplication().run())
