// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import Logging
import PetSpotDomain

/// The XDG location portal (`org.freedesktop.portal.Location`): the desktop
/// asks the user, then reports fixes. A sandboxed app can only go this way.
@MainActor
final class LocationPortalSession: LocationServiceSession {
    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Location"

    private let bus: DBusConnection
    private let timeout: Duration
    private let logger: Logger
    private var sessionHandle: String?
    private var subscriptions: [DBusSignalSubscription] = []
    private var responses: AsyncStream<UInt32>.Continuation?
    private var isClosed = false

    init(bus: DBusConnection, timeout: Duration, logger: Logger) {
        self.bus = bus
        self.timeout = timeout
        self.logger = logger
    }

    /// Opens a session and starts it; fixes go to `report` once the user (or
    /// the desktop's policy) has allowed it.
    func begin(accuracy: LocationAccuracy, report: @escaping @MainActor (Coordinate) -> Void) async
        -> LocationServiceOutcome
    {
        guard await serviceIsReachable(Self.busName, on: bus, timeout: timeout) else {
            return .unavailable("no location portal on the session bus")
        }
        let token = "petspot_\(UInt32.random(in: 1...UInt32.max))"
        let session: String
        do {
            // Activation is fine here: on a desktop the portal may start on demand.
            let reply = try await bus.call(
                Self.busName, path: Self.objectPath, interface: Self.interface, method: "CreateSession",
                arguments: [
                    .dictionary([
                        "session_handle_token": .string(token), "accuracy": .uint32(accuracy.portalLevel),
                    ])
                ],
                timeout: timeout, startsService: true)
            guard let handle = reply.first?.stringValue else { return .unavailable("CreateSession gave no session") }
            session = handle
        } catch {
            return .unavailable("CreateSession failed: \(error)")
        }
        guard !isClosed else { return .refused("closed meanwhile") }
        sessionHandle = session
        subscriptions.append(
            bus.subscribe(interface: Self.interface, member: "LocationUpdated", path: Self.objectPath) {
                [weak self] _, arguments in
                guard let self, !isClosed, arguments.first?.stringValue == session,
                    let properties = arguments.dropFirst().first?.dictionaryValue,
                    let coordinate = Coordinate(locationProperties: properties)
                else { return }
                logger.debug("Location portal: a fix with accuracy \(properties["Accuracy"]?.doubleValue ?? -1) m")
                report(coordinate)
            })

        // The answer comes as a Response signal on a request object whose path
        // the portal derives from our name and token: listen before asking.
        let requestToken = "petspot_\(UInt32.random(in: 1...UInt32.max))"
        let (answers, continuation) = AsyncStream<UInt32>.makeStream()
        responses = continuation
        listenForResponse(on: requestPath(token: requestToken))
        do {
            let reply = try await bus.call(
                Self.busName, path: Self.objectPath, interface: Self.interface, method: "Start",
                arguments: [.objectPath(session), .string(""), .dictionary(["handle_token": .string(requestToken)])],
                timeout: timeout)
            // Portals older than the handle_token convention pick their own path.
            if let request = reply.first?.stringValue, request != requestPath(token: requestToken) {
                listenForResponse(on: request)
            }
        } catch {
            close()
            return .unavailable("Start failed: \(error)")
        }
        var answer: UInt32?
        for await code in answers {
            answer = code
            break
        }
        switch answer {
        case 0?: return .started
        case 1?:
            close()
            return .refused("the request was cancelled (denied)")
        case nil: return .refused("closed before an answer")
        case let code?:
            close()
            return .refused("the request failed (response \(code))")
        }
    }

    private func listenForResponse(on path: String) {
        subscriptions.append(
            bus.subscribe(interface: "org.freedesktop.portal.Request", member: "Response", path: path) {
                [weak self] _, arguments in
                self?.responses?.yield(arguments.first?.uint32Value ?? 2)
            })
    }

    /// `/org/freedesktop/portal/desktop/request/SENDER/TOKEN`, SENDER being our
    /// unique name without its colon and with dots as underscores.
    private func requestPath(token: String) -> String {
        let sender = String(bus.uniqueName.drop(while: { $0 == ":" }).map { $0 == "." ? "_" : $0 })
        return "\(Self.objectPath)/request/\(sender)/\(token)"
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        for subscription in subscriptions { subscription.cancel() }
        subscriptions = []
        responses?.finish()
        responses = nil
        guard let sessionHandle else { return }
        bus.send(Self.busName, path: sessionHandle, interface: "org.freedesktop.portal.Session", method: "Close")
        logger.debug("Location portal: session closed")
    }
}
