// SPDX-License-Identifier: GPL-3.0-or-later

import ArgumentParser
import Foundation
import Logging
import PetSpotLogging
import PetSpotServer

/// `petspot-server`: the PetSpot-compatible backend as a standalone program.
@main
struct PetSpotServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petspot-server",
        abstract: "Serve PetSpot announcements over HTTP from a SQLite or PostgreSQL database.",
        discussion: """
            Once listening, prints one line to standard output:
              petspot-server listening on http://HOST:PORT
            Logs go to standard error. SIGINT or SIGTERM stops the server gracefully.
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "TCP port; 0 picks a free one (read it from the listening line).")
    var port = 3000

    @Option(
        name: .customLong("db"), help: ArgumentHelp("SQLite database file (created when missing).", valueName: "file"))
    var databasePath: String?

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "The database instead of --db: postgres://user@host:port/db for PostgreSQL, "
                + "or a SQLite file (a path or sqlite:PATH).",
            valueName: "url"))
    var databaseURL: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A reverse proxy's IP address: the client it names in X-Forwarded-For is counted, not it (repeatable).",
            valueName: "address"))
    var trustedProxies: [String] = []

    @Option(help: ArgumentHelp("Photos directory (default: <database directory>/images).", valueName: "dir"))
    var images: String?

    @Option(
        help: ArgumentHelp("Upsert the announcements of a {\"data\": [...]} JSON file at start.", valueName: "file"))
    var seed: String?

    @Flag(help: "Delete every announcement before seeding.")
    var reset = false

    @Flag(help: "Seed the bundled demo announcements and photos when the database is empty.")
    var demo = false

    @Flag(
        help: """
            Answer as a backend of the original contract, to try a client against one: \
            no pages (limit is ignored), no matches and no sightings.
            """)
    var originalContract = false

    @Option(
        help: ArgumentHelp(
            "PBKDF2-SHA256 iterations for the hashes of new reports' management passwords.", valueName: "count"))
    var passwordIterations = PasswordHashing.defaultIterations

    @Option(help: ArgumentHelp("Lowest level of the log lines written to standard error.", valueName: "level"))
    var logLevel: Logger.Level = .info

    /// `--database` from the environment, so a password need not be on the
    /// command line, where `ps` shows it to every user.
    static let databaseURLVariable = "PETSPOT_DATABASE_URL"

    /// `--database`, else the environment's.
    private var givenDatabaseURL: String? {
        databaseURL ?? ProcessInfo.processInfo.environment[Self.databaseURLVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    func validate() throws {
        do {
            _ = try TrustedProxies(trustedProxies)
        } catch {
            throw ValidationError("--trusted-proxy: \(error)")
        }
        switch (databasePath, databaseURL ?? (databasePath == nil ? givenDatabaseURL : nil)) {
        case (nil, nil):
            throw ValidationError("Missing the database: --db FILE, --database URL or \(Self.databaseURLVariable).")
        case (.some, .some):
            throw ValidationError("Give the database once: --db FILE or --database URL, not both.")
        case (nil, .some(let text)):
            do {
                _ = try DatabaseLocation(parsing: text)
            } catch {
                throw ValidationError("\(databaseURL == nil ? Self.databaseURLVariable : "--database"): \(error)")
            }
        case (.some, nil):
            break
        }
    }

    /// The database `validate()` accepted.
    private var database: DatabaseLocation {
        if databasePath == nil, let url = givenDatabaseURL, let location = try? DatabaseLocation(parsing: url) {
            return location
        }
        return .sqlite(path: databasePath ?? "")
    }

    func run() async throws {
        PetSpotLog.bootstrap(level: logLevel)
        let logger = Logger(label: "petspot-server")
        let shutdownRequest = ShutdownSignals.trap([SIGINT, SIGTERM])

        let server: RunningServer
        do {
            server = try await PetSpotHTTPServer.start(serverConfiguration, logger: logger)
        } catch {
            StandardStreams.writeError("petspot-server: error: \(error)\n")
            throw ExitCode.failure
        }
        StandardStreams.writeOutput(ListeningLine.text(for: server.baseURL) + "\n")

        // A signal stops the server gracefully; the server may also stop by itself
        // (a fatal error), and then the watcher is cancelled instead.
        let signalWatcher = Task {
            await shutdownRequest.wait()
            guard !Task.isCancelled else { return false }
            await server.stop()
            return true
        }
        await server.waitUntilStopped()
        signalWatcher.cancel()
        let stoppedBySignal = await signalWatcher.value
        await server.stop()  // releases the database when the server failed by itself
        guard stoppedBySignal else {
            StandardStreams.writeError("petspot-server: error: the server stopped unexpectedly\n")
            throw ExitCode.failure
        }
        logger.info("Stopped")
    }

    private var serverConfiguration: ServerConfiguration {
        var configuration = ServerConfiguration(
            host: host,
            port: port,
            database: database,
            imagesDirectory: images,
            seedFile: seed.map { URL(fileURLWithPath: $0) },
            seedDemoDataIfEmpty: demo,
            reset: reset,
            passwordHashing: PasswordHashing(iterations: passwordIterations)
        )
        configuration.connectionLimits.trustedProxies = (try? TrustedProxies(trustedProxies)) ?? .none
        configuration.answersAsOriginalBackend = originalContract
        return configuration
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
