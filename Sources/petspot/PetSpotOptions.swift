// SPDX-License-Identifier: GPL-3.0-or-later

import ArgumentParser
import Foundation
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotPresentation

/// `petspot [--api-url URL] [--location LAT,LNG] [--poster ID --output FILE]`,
/// parsed before GTK starts so that GApplication never sees (or rejects) our options.
struct PetSpotOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petspot",
        abstract: "PetSpot: find lost pets near you.",
        discussion: """
            Without --api-url (or PETSPOT_API_URL) PetSpot starts its built-in demo \
            server on 127.0.0.1, with demo reports kept in $XDG_DATA_HOME/petspot.
            """,
        version: PetSpotVersion.current)

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "Base URL of a PetSpot backend, e.g. http://localhost:3000 (overrides PETSPOT_API_URL).",
            valueName: "url"))
    var apiURLArgument: String?

    @Option(
        name: .customLong("location"),
        help: ArgumentHelp(
            "Your location as latitude,longitude, e.g. 52.2297,21.0122. Without it, PetSpot asks the desktop's location service.",
            valueName: "lat,lng"))
    var locationArgument: String?

    @Flag(
        name: .customLong("background"),
        help: "Start without a window to check for new reports nearby (used by the autostart entry)."
    )
    var background = false

    @Flag(
        name: .customLong("gapplication-service"),
        help: "Start as a D-Bus service without a window (D-Bus activation, for GNOME Shell's search).")
    var service = false

    @Option(
        name: .customLong("poster"),
        help: ArgumentHelp(
            "Write the report with this id as a printable A4 poster (PDF) to --output, without opening a window.",
            valueName: "id"))
    var posterID: String?

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp("Where --poster writes its PDF.", valueName: "file"))
    var outputPath: String?

    /// How the autostart entry starts the app without a window, on the same
    /// backend and location as now.
    func backgroundCommandLine(apiURL: URL?) -> [String] {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "petspot"
        return [executable, "--background"] + (apiURL.map { ["--api-url", $0.absoluteString] } ?? [])
            + (locationArgument.map { ["--location", $0] } ?? [])
    }

    /// The backend chosen: the flag wins over the environment.
    func apiURL(environment: [String: String]) throws -> URL? {
        guard let text = apiURLArgument ?? environment["PETSPOT_API_URL"].flatMap({ $0.isEmpty ? nil : $0 })
        else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw ValidationError(
                "The API URL must be an http or https URL such as http://localhost:3000, not “\(text)”.")
        }
        return url
    }

    var location: Coordinate? {
        get throws {
            guard let text = locationArgument else { return nil }
            let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            else {
                throw ValidationError("--location takes latitude,longitude within ±90,±180, e.g. 52.2297,21.0122.")
            }
            return coordinate
        }
    }

    func validate() throws {
        _ = try apiURL(environment: ProcessInfo.processInfo.environment)
        _ = try location
        if posterID != nil, outputPath == nil { throw ValidationError("--poster needs --output, the PDF to write.") }
        if posterID == nil, outputPath != nil { throw ValidationError("--output is where --poster writes its PDF.") }
        if posterID?.isEmpty == true { throw ValidationError("--poster takes a report's id.") }
    }
}

enum LogLevelFromEnvironment {
    /// `PETSPOT_LOG_LEVEL=debug` for detail; info and above by default.
    static var value: Logger.Level {
        ProcessInfo.processInfo.environment["PETSPOT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
    }
}
