// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Logging
import PetSpotDomain
import ServiceLifecycle

/// Entry point of the PetSpot-compatible backend: used in-process by the app for
/// its demo data, by `petspot-server`, and by the contract tests.
public enum PetSpotHTTPServer {
    /// How long stopping waits for requests in flight: a client that never
    /// finishes its request must not block shutdown forever.
    static let maximumGracefulShutdown: Duration = .seconds(5)

    /// Opens the database, applies the configured seeding, binds the socket and
    /// returns once the server is accepting connections. Cancelling the calling
    /// task stops the seeding at a safe point, closes the database and throws
    /// `CancellationError`.
    public static func start(_ configuration: ServerConfiguration, logger: Logger) async throws -> RunningServer {
        guard (0...65535).contains(configuration.port) else {
            throw ServerStartError.invalidPort(configuration.port)
        }
        guard baseURL(host: configuration.host, port: configuration.port) != nil else {
            throw ServerStartError.invalidHost(configuration.host)
        }
        let database = try await ReportDatabases.open(
            configuration.database,
            imagesDirectory: configuration.imagesDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
            logger: logger)
        do {
            try await Seeder(database: database, logger: logger).prepare(for: configuration)
            // Cancelled while seeding (the app quitting): do not start listening.
            try Task.checkCancellation()
            return try await listen(configuration, database: database, logger: logger)
        } catch {
            try? await database.close()
            throw error
        }
    }

    private static func listen(
        _ configuration: ServerConfiguration, database: any ReportDatabase, logger: Logger
    ) async throws -> RunningServer {
        let startup = StartupSignal()
        let hasher = PasswordHasher(hashing: configuration.passwordHashing)
        let application = Application(
            router: APIRouter.make(
                database: database, hasher: hasher,
                answersAsOriginalBackend: configuration.answersAsOriginalBackend,
                maximumPhotoBytes: configuration.maximumPhotoBytes,
                photoCheck: PhotoCheck(
                    maximumWaiting: configuration.maximumPhotosWaitingToDecode,
                    beforeDecoding: configuration.beforeDecodingPhoto)),
            server: GuardedHTTP1Channel.builder(
                limits: configuration.connectionLimits, reportCreation: configuration.reportCreationLimit,
                sightings: configuration.sightingLimit),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "petspot-server"
            ),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port {
                    startup.listening(on: port)
                } else {
                    startup.failed(ServerStartError.noLocalAddress)
                }
            },
            logger: logger
        )
        var groupConfiguration = ServiceGroupConfiguration(services: [application], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = maximumGracefulShutdown
        let serviceGroup = ServiceGroup(configuration: groupConfiguration)
        let runTask = Task {
            do {
                try await serviceGroup.run()
                startup.failed(ServerStartError.stoppedBeforeListening)
            } catch {
                logger.error("Server stopped with an error: \(error)")
                startup.failed(error)
            }
        }
        let port: Int
        do {
            port = try await startup.waitForPort()
        } catch {
            await hasher.shutdown()
            throw error
        }
        // The host was checked up front and the kernel's port is valid, so this
        // cannot fail in practice; if it ever did, do not leave a server running.
        guard let url = baseURL(host: configuration.host, port: port) else {
            await serviceGroup.triggerGracefulShutdown()
            await runTask.value
            await hasher.shutdown()
            throw ServerStartError.invalidHost(configuration.host)
        }
        return RunningServer(
            port: port, baseURL: url,
            serviceGroup: serviceGroup, runTask: runTask, database: database, hasher: hasher, logger: logger
        )
    }

    /// `http://host:port`; IPv6 literals get brackets.
    static func baseURL(host: String, port: Int) -> URL? {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(hostPart):\(port)")
    }
}
