// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Everything `PetSpotHTTPServer.start` needs to know. The defaults suit tests and
/// the embedded demo backend: loopback only, an ephemeral port, no seeding.
public struct ServerConfiguration: Sendable {
    /// Address to bind. Loopback by default: the server has no authentication.
    public var host: String = "127.0.0.1"
    /// TCP port; 0 lets the kernel choose a free one (read it from `RunningServer.port`).
    public var port: Int = 0
    /// The engine and its database: a SQLite file (created with its parent
    /// directory when missing) or a PostgreSQL database.
    public var database: DatabaseLocation
    /// SQLite only: where photos live; nil means `<directory of the database>/images`.
    /// PostgreSQL keeps them in the database and refuses one.
    public var imagesDirectory: String?
    /// A `{"data": [...]}` file whose announcements are upserted at start.
    public var seedFile: URL?
    /// Insert the bundled demo announcements and photos when the database is empty.
    public var seedDemoDataIfEmpty: Bool
    /// Delete every announcement before seeding.
    public var reset: Bool
    /// Deadlines and the cap that keep stalled clients from holding the server.
    public var connectionLimits: ConnectionLimits
    /// How management passwords are hashed (tests use fewer iterations).
    public var passwordHashing: PasswordHashing
    /// The largest photo a report may get: the contract's 20 MiB. Tests lower
    /// it, since a debug build parses 20 MiB of multipart in seconds, not milliseconds.
    public var maximumPhotoBytes: Int = ReportPhoto.maximumBytes
    /// New reports per client address: five at once, then one every 20 s.
    public var reportCreationLimit = ReportCreationLimit()
    /// New sightings per client address: ten at once, then one every 6 minutes.
    public var sightingLimit = SightingLimit()
    /// Uploaded photos that may wait while another is decoded; past that an
    /// upload is a `503 BUSY`, since each one waiting holds its whole body.
    public var maximumPhotosWaitingToDecode = PhotoCheck.defaultMaximumWaiting
    /// Answer as a backend of the original contract does, for trying clients
    /// against one: `limit` and the other page parameters are ignored (the
    /// plain list), and there are no possible matches or sightings (404).
    public var answersAsOriginalBackend = false
    /// Runs once an upload has its place in the decoder's line: tests use it
    /// to keep the decoder busy.
    var beforeDecodingPhoto: (@Sendable () async -> Void)?

    /// A server over the SQLite file at `databasePath`: the shorthand for callers
    /// that name only the file, the port and a seed; the other settings are the
    /// full initialiser's defaults (set them afterwards or use that one).
    public init(port: Int = 0, databasePath: String, seedFile: URL? = nil, seedDemoDataIfEmpty: Bool = false) {
        self.init(
            port: port, database: .sqlite(path: databasePath), seedFile: seedFile,
            seedDemoDataIfEmpty: seedDemoDataIfEmpty)
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        database: DatabaseLocation,
        imagesDirectory: String? = nil,
        seedFile: URL? = nil,
        seedDemoDataIfEmpty: Bool = false,
        reset: Bool = false,
        connectionLimits: ConnectionLimits = ConnectionLimits(),
        passwordHashing: PasswordHashing = PasswordHashing()
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.imagesDirectory = imagesDirectory
        self.seedFile = seedFile
        self.seedDemoDataIfEmpty = seedDemoDataIfEmpty
        self.reset = reset
        self.connectionLimits = connectionLimits
        self.passwordHashing = passwordHashing
    }
}
