// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// Hummingbird's HTTP/1 connection with our handlers just after the request
/// decoder: connection deadlines and caps (`ConnectionGuardHandler`), the
/// error envelope for requests too malformed to reach the router, and the
/// limits on new reports and sightings per client address (`AddressThrottle`).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let limits: ConnectionLimits
    let registry: ConnectionRegistry
    let throttled: [AddressThrottle.Rule]

    static func builder(
        limits: ConnectionLimits, reportCreation: ReportCreationLimit, sightings: SightingLimit
    ) -> HTTPServerBuilder {
        let registry = ConnectionRegistry(
            maximumConnections: limits.maximumConnections,
            maximumConnectionsPerAddress: limits.maximumConnectionsPerAddress, trustedProxies: limits.trustedProxies)
        let rules = [
            AddressThrottle.Rule(
                route: RoutePathPattern(APIRouter.announcementsPath),
                allowance: ReportCreationAllowance(reportCreation), what: "new reports"),
            AddressThrottle.Rule(
                route: RoutePathPattern(APIRouter.announcementsPath.appendingPath(SightingRoutes.path)),
                allowance: ReportCreationAllowance(sightings.bucket), what: "sightings"),
        ]
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                http1: HTTP1Channel(responder: responder), limits: limits, registry: registry, throttled: rules)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { [limits, registry, throttled] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let guardHandler = ConnectionGuardHandler(limits: limits, registry: registry)
            try pipeline.addHandler(guardHandler, position: .after(decoder))
            try pipeline.addHandler(MalformedRequestHandler(), position: .after(decoder))
            // After the guard, so the guard sees its answers like any other.
            try pipeline.addHandler(
                AddressThrottle(rules: throttled, proxies: limits.trustedProxies, logger: logger),
                position: .after(guardHandler))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
