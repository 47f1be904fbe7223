import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// Hummingbird's HTTP/1 connection with our handlers just after the request
/// decoder: connection deadlines and cap (`ConnectionGuardHandler`) and the
/// error envelope for requests too malformed to reach the router.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let limits: ConnectionLimits
    let registry: ConnectionRegistry

    static func builder(limits: ConnectionLimits) -> HTTPServerBuilder {
        let registry = ConnectionRegistry(
            maximumConnections: limits.maximumConnections,
            maximumConnectionsPerAddress: limits.maximumConnectionsPerAddress)
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder), limits: limits, registry: registry)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { [limits, registry] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(
                ConnectionGuardHandler(limits: limits, registry: registry), position: .after(decoder))
            try pipeline.addHandler(MalformedRequestHandler(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
