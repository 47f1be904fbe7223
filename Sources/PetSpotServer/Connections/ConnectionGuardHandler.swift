import NIOCore
import NIOHTTP1
import PetSpotDomain

/// One per connection, just after the HTTP decoder: closes a connection whose
/// request does not arrive whole in time or that idles too long between
/// requests, and tells the registry when the connection waits for a request.
/// No deadline runs while the server itself is answering.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    private let registry: ConnectionRegistry
    private var isRegistered = false
    private var isReadingRequest = false
    /// Requests read (or being read) whose response has not ended yet: pipelining.
    private var unansweredRequests = 0
    private var deadline: Scheduled<Void>?

    init(limits: ConnectionLimits, registry: ConnectionRegistry) {
        self.limits = limits
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        if isRegistered { registry.closed(context.channel) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            isReadingRequest = true
            unansweredRequests += 1
            registry.startedRequest(context.channel)
            // The head came in time; the rest of the request gets its own
            // deadline, longer for a photo's upload.
            let isUpload = head.method == .POST && head.uri.split(separator: "?").first?.hasSuffix("/photos") == true
            close(context, unlessDoneWithin: isUpload ? limits.uploadTimeout : limits.requestTimeout)
        case .body:
            break
        case .end:
            isReadingRequest = false
            cancelDeadline()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unansweredRequests = max(0, unansweredRequests - 1)
            if unansweredRequests == 0, !isReadingRequest {
                registry.waitingForRequest(context.channel)
                close(context, unlessDoneWithin: limits.idleTimeout)
            }
        }
        context.write(data, promise: promise)
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard !isRegistered else { return }
        isRegistered = true
        registry.opened(context.channel)
        close(context, unlessDoneWithin: limits.requestTimeout)
    }

    /// Replaces the running deadline; a request's end or the next one cancels it.
    private func close(_ context: ChannelHandlerContext, unlessDoneWithin timeout: Duration) {
        cancelDeadline()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) {
            context.close(promise: nil)
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}
