// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// One per connection, just after the HTTP decoder: closes a connection whose
/// request does not arrive whole in time, whose body trickles in, or that idles
/// too long between requests, and tells the registry when the connection waits
/// for a request. No deadline runs while the server itself is answering.
///
/// A response sent before its request was read whole is a refusal (401, 404,
/// 413, 429…). The rest of that body is still read but dropped unparsed, and
/// the connection counts as waiting from then on: the caps may close it for a
/// newcomer, and the body's deadline and minimum rate still apply, so refused
/// requests hold no slot. It is not closed at once: a client still sending its
/// body (AsyncHTTPClient) would report the close instead of the answer.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The one route whose body may take `uploadTimeout` to arrive.
    private static let uploadRoute = RoutePathPattern(APIRouter.announcementsPath.appendingPath(PhotoUploadRoute.path))

    private let limits: ConnectionLimits
    private let registry: ConnectionRegistry
    private var isRegistered = false
    private var isReadingRequest = false
    /// Requests read (or being read) whose response has not ended yet: pipelining.
    private var unansweredRequests = 0
    private var deadline: Scheduled<Void>?
    private var bodyRate: BodyRateMeter
    private var bodyRateCheck: Scheduled<Void>?
    /// The request being read has been answered already: its body is dropped.
    private var isDroppingBody = false

    init(limits: ConnectionLimits, registry: ConnectionRegistry) {
        self.limits = limits
        self.registry = registry
        bodyRate = BodyRateMeter(minimumBytes: limits.minimumBodyBytes, window: limits.bodyRateWindow)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimers()
        if isRegistered { registry.closed(context.channel) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimers()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            isReadingRequest = true
            unansweredRequests += 1
            registry.startedRequest(context.channel)
            bodyRate.reset()
            // The head came in time; the rest of the request gets its own
            // deadline, longer for a photo's upload.
            let isUpload = head.method == .POST && Self.uploadRoute.matches(requestTarget: head.uri)
            close(context, unlessDoneWithin: isUpload ? limits.uploadTimeout : limits.requestTimeout)
        case .body(let bytes):
            if bodyRate.received(bytes.readableBytes, at: .now()) == .tooSlow {
                dropSlowBody(context)
                return
            }
            if isDroppingBody { return }
        case .end:
            isReadingRequest = false
            cancelTimers()
            if isDroppingBody {
                isDroppingBody = false
                close(context, unlessDoneWithin: limits.idleTimeout)
            }
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        if isReadingRequest, let window = bodyRate.readRequested(at: .now()) {
            checkBodyRate(context, in: window)
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unansweredRequests = max(0, unansweredRequests - 1)
            if unansweredRequests == 0 {
                registry.waitingForRequest(context.channel)
                if isReadingRequest {
                    isDroppingBody = true
                } else {
                    close(context, unlessDoneWithin: limits.idleTimeout)
                }
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

    private func dropSlowBody(_ context: ChannelHandlerContext) {
        cancelTimers()
        context.close(promise: nil)
    }

    private func checkBodyRate(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        bodyRateCheck?.cancel()
        bodyRateCheck = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            bodyRateCheck = nil
            let (verdict, next) = bodyRate.windowEnded(at: .now())
            if verdict == .tooSlow {
                dropSlowBody(context)
            } else if let next {
                checkBodyRate(context, in: next)
            }
        }
    }

    /// Replaces the running deadline; a request's end or the next one cancels it.
    private func close(_ context: ChannelHandlerContext, unlessDoneWithin timeout: Duration) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) {
            context.close(promise: nil)
        }
    }

    private func cancelTimers() {
        deadline?.cancel()
        deadline = nil
        bodyRateCheck?.cancel()
        bodyRateCheck = nil
    }
}
