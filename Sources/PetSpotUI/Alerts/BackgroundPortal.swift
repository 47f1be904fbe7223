// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import Logging

/// The XDG Background portal (`org.freedesktop.portal.Background`): asks the
/// desktop to let PetSpot run in the background and start at login. Where it
/// answers, the desktop keeps the autostart entry itself (for a sandboxed
/// app it is the only way).
@MainActor
enum BackgroundPortal {
    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Background"
    /// Each call; the answer itself may wait on the user.
    static let callTimeout: Duration = .seconds(3)
    static let answerTimeout: Duration = .seconds(60)

    /// Whether the portal granted running in the background with `autostart`
    /// as asked; false when there is no portal, it refused or did not answer.
    static func request(autostart: Bool, commandLine: [String], reason: String, logger: Logger) async -> Bool {
        guard let bus = try? await DBusConnection.connect(to: .session),
            await serviceIsReachable(busName, on: bus, timeout: callTimeout)
        else {
            logger.debug("Alerts: no Background portal")
            return false
        }
        let token = "petspot_\(UInt32.random(in: 1...UInt32.max))"
        let sender = String(bus.uniqueName.drop(while: { $0 == ":" }).map { $0 == "." ? "_" : $0 })
        let (answers, continuation) = AsyncStream<(UInt32, [String: DBusValue])>.makeStream()
        var subscriptions: [DBusSignalSubscription] = []
        func listen(_ path: String) {
            subscriptions.append(
                bus.subscribe(interface: "org.freedesktop.portal.Request", member: "Response", path: path) {
                    _, arguments in
                    continuation.yield(
                        (arguments.first?.uint32Value ?? 2, arguments.dropFirst().first?.dictionaryValue ?? [:]))
                })
        }
        defer { for subscription in subscriptions { subscription.cancel() } }
        listen("\(objectPath)/request/\(sender)/\(token)")
        do {
            let reply = try await bus.call(
                busName, path: objectPath, interface: interface, method: "RequestBackground",
                arguments: [
                    .string(""),
                    .dictionary([
                        "handle_token": .string(token), "reason": .string(reason), "autostart": .boolean(autostart),
                        "commandline": .strings(commandLine), "dbus-activatable": .boolean(false),
                    ]),
                ],
                timeout: callTimeout, startsService: true)
            if let request = reply.first?.stringValue, request != "\(objectPath)/request/\(sender)/\(token)" {
                listen(request)
            }
        } catch {
            logger.info("Alerts: the Background portal could not be asked", metadata: ["error": "\(error)"])
            return false
        }
        let timeout = Task {
            try? await Task.sleep(for: answerTimeout)
            continuation.finish()
        }
        defer { timeout.cancel() }
        for await (code, results) in answers {
            let granted = code == 0 && results["autostart"]?.boolValue == autostart
            logger.info(
                "Alerts: the Background portal answered \(code), autostart \(results["autostart"]?.boolValue ?? false)")
            return granted
        }
        logger.info("Alerts: the Background portal did not answer")
        return false
    }
}
