// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import Logging
import PetSpotDomain

/// GeoClue's own D-Bus API (`org.freedesktop.GeoClue2`), for desktops without
/// a location portal: a client object that reports each new location object.
@MainActor
final class GeoClueSession: LocationServiceSession {
    static let busName = "org.freedesktop.GeoClue2"
    static let managerPath = "/org/freedesktop/GeoClue2/Manager"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"
    private static let properties = "org.freedesktop.DBus.Properties"

    private let bus: DBusConnection
    private let timeout: Duration
    private let logger: Logger
    private var clientPath: String?
    private var subscription: DBusSignalSubscription?
    private var isClosed = false

    init(bus: DBusConnection, timeout: Duration, logger: Logger) {
        self.bus = bus
        self.timeout = timeout
        self.logger = logger
    }

    func begin(
        desktopID: String, accuracy: LocationAccuracy, report: @escaping @MainActor (Coordinate) -> Void
    ) async -> LocationServiceOutcome {
        guard await serviceIsReachable(Self.busName, on: bus, timeout: timeout) else {
            return .unavailable("no GeoClue on the bus")
        }
        let client: String
        do {
            // GeoClue is normally started on demand by the system bus.
            let reply = try await bus.call(
                Self.busName, path: Self.managerPath, interface: "org.freedesktop.GeoClue2.Manager",
                method: "GetClient", timeout: timeout, startsService: true)
            guard let path = reply.first?.stringValue else { return .unavailable("GetClient gave no client") }
            client = path
        } catch {
            return .unavailable("GetClient failed: \(error)")
        }
        guard !isClosed else { return .refused("closed meanwhile") }
        clientPath = client
        subscription = bus.subscribe(interface: Self.clientInterface, member: "LocationUpdated", path: client) {
            [weak self] _, arguments in
            guard let self, let location = arguments.dropFirst().first?.stringValue else { return }
            Task { await self.read(location: location, report: report) }
        }
        do {
            try await setClientProperty("DesktopId", .string(desktopID))
            try await setClientProperty("RequestedAccuracyLevel", .uint32(accuracy.geoClueLevel))
            _ = try await bus.call(
                Self.busName, path: client, interface: Self.clientInterface, method: "Start", timeout: timeout)
        } catch {
            close()
            // The agent denies access this way: that is an answer, not an absence.
            return .refused("GeoClue refused: \(error)")
        }
        return isClosed ? .refused("closed meanwhile") : .started
    }

    private func setClientProperty(_ name: String, _ value: DBusValue) async throws(DBusError) {
        guard let clientPath else { return }
        _ = try await bus.call(
            Self.busName, path: clientPath, interface: Self.properties, method: "Set",
            arguments: [.string(Self.clientInterface), .string(name), .variant(value)], timeout: timeout)
    }

    private func read(location path: String, report: @MainActor (Coordinate) -> Void) async {
        do {
            let reply = try await bus.call(
                Self.busName, path: path, interface: Self.properties, method: "GetAll",
                arguments: [.string("org.freedesktop.GeoClue2.Location")], timeout: timeout)
            guard !isClosed, let properties = reply.first?.dictionaryValue,
                let coordinate = Coordinate(locationProperties: properties)
            else { return }
            logger.debug("GeoClue: a fix with accuracy \(properties["Accuracy"]?.doubleValue ?? -1) m")
            report(coordinate)
        } catch {
            logger.debug("GeoClue: reading the location failed: \(error)")
        }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        subscription?.cancel()
        subscription = nil
        guard let clientPath else { return }
        bus.send(Self.busName, path: clientPath, interface: Self.clientInterface, method: "Stop")
    }
}
