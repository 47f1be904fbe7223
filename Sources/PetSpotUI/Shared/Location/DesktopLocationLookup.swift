// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import Logging
import PetSpotDomain
import PetSpotPresentation

/// Asks the desktop where the user is: the location portal when it is there,
/// else GeoClue. Everything it does ends by itself: absent services are not
/// started, every call has a timeout, and without a first fix within
/// `patience` it stops. None of it is an error the user sees; it is logged.
@MainActor
final class DesktopLocationLookup: UserLocationLookup {
    private let options: DesktopLocationOptions
    private let desktopID: String
    private let logger = Logger(label: "io.github.petspot.location")
    private var session: (any LocationServiceSession)?
    private var lookup: Task<Void, Never>?
    private var deadline: Task<Void, Never>?
    private var hasFix = false
    private var isStopped = false

    init(options: DesktopLocationOptions, desktopID: String) {
        self.options = options
        self.desktopID = desktopID
    }

    func start(reporting report: @escaping @MainActor (Coordinate) -> Void) {
        let deliver: @MainActor (Coordinate) -> Void = { [weak self] coordinate in
            guard let self, !isStopped else { return }
            if !hasFix { logger.info("Location: known; distances and the Nearest sort are available") }
            hasFix = true
            report(coordinate)
        }
        lookup = Task { [weak self] in await self?.lookUp(deliver) }
        deadline = Task { [weak self, patience = options.patience] in
            try? await Task.sleep(for: patience)
            guard let self, !Task.isCancelled, !hasFix, !isStopped else { return }
            logger.info("Location: no answer within \(patience); going on without one")
            stop()
        }
    }

    private func lookUp(_ deliver: @escaping @MainActor (Coordinate) -> Void) async {
        if let bus = await connect(to: .session) {
            let portal = LocationPortalSession(bus: bus, timeout: options.callTimeout, logger: logger)
            session = portal  // so that stop() ends a request still waiting for the user
            let outcome = await portal.begin(accuracy: options.accuracy, report: deliver)
            if adopt(portal, outcome: outcome, service: "portal") { return }
        }
        guard !isStopped, let bus = await connect(to: options.geoClueBus == .session ? .session : .system) else {
            return
        }
        let geoClue = GeoClueSession(bus: bus, timeout: options.callTimeout, logger: logger)
        session = geoClue
        let outcome = await geoClue.begin(desktopID: desktopID, accuracy: options.accuracy, report: deliver)
        _ = adopt(geoClue, outcome: outcome, service: "GeoClue")
    }

    /// Keeps `session` if it started (closing it if the lookup was stopped
    /// meanwhile), else lets it go; returns whether the lookup is settled
    /// (started or refused), false to try the next service.
    private func adopt(_ session: any LocationServiceSession, outcome: LocationServiceOutcome, service: String) -> Bool
    {
        switch outcome {
        case .started:
            if isStopped {
                session.close()
            } else {
                logger.debug("Location: asked the \(service); waiting for a fix")
            }
            return true
        case .refused(let reason):
            self.session = nil
            logger.info("Location: the \(service) gave none (\(reason)); going on without one")
            return true
        case .unavailable(let reason):
            self.session = nil
            logger.debug("Location: \(reason)")
            return isStopped
        }
    }

    private func connect(to bus: DBusConnection.Bus) async -> DBusConnection? {
        do {
            return try await DBusConnection.connect(to: bus)
        } catch {
            logger.debug("Location: no \(bus == .session ? "session" : "system") bus: \(error)")
            return nil
        }
    }

    /// The window closed, or the lookup took too long: nothing more is reported.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        deadline?.cancel()
        lookup?.cancel()
        session?.close()
        session = nil
    }
}
