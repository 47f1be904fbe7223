import ArgumentParser
import Foundation
import Logging

/// `petspot [--api-url URL] [--location LAT,LNG]`, parsed before GTK starts so
/// that GApplication never sees (or rejects) our options.
struct PetSpotOptions: ParsableArguments {
    static let configuration = CommandConfiguration(
        commandName: "petspot",
        abstract: "PetSpot: find lost pets near you.",
        discussion: """
            Without --api-url (or PETSPOT_API_URL) PetSpot starts its built-in demo \
            server on 127.0.0.1 with demo data kept in $XDG_DATA_HOME/petspot.
            """)

    @Option(name: .customLong("api-url"), help: ArgumentHelp(
        "Base URL of a PetSpot backend, e.g. http://localhost:3000 (overrides PETSPOT_API_URL).",
        valueName: "url"))
    var apiURLArgument: String?

    @Option(name: .customLong("location"), help: ArgumentHelp(
        "Your location as latitude,longitude, e.g. 52.2297,21.0122.", valueName: "lat,lng"))
    var locationArgument: String?

    @Flag(name: .customLong("version"), help: "Print the version and exit.")
    var printVersion = false
}

enum LogLevelFromEnvironment {
    /// `PETSPOT_LOG_LEVEL=debug` for detail; warnings and errors by default.
    static var value: Logger.Level {
        ProcessInfo.processInfo.environment["PETSPOT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
    }
}
