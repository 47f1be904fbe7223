// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// One per connection, after `ConnectionGuardHandler`: answers a request to a
/// limited route (a new report, `POST /api/v1/announcements`; a new sighting,
/// `POST /api/v1/announcements/{id}/sightings`) over its address's allowance
/// for that route with `429 TOO_MANY_REQUESTS` and `Retry-After`, at its
/// head, so a flood costs neither reading bodies nor hashing passwords. Here
/// rather than in the routes, because only the connection knows the address
/// (or, behind a trusted proxy, the proxy's `X-Forwarded-For`: `TrustedProxies`).
final class AddressThrottle: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// A `POST` route and the allowance every connection shares for it.
    struct Rule: Sendable {
        var route: RoutePathPattern
        var allowance: ReportCreationAllowance
        /// What is counted, in the refusal's message and the log ("new reports").
        var what: String
    }

    private let rules: [Rule]
    private let proxies: TrustedProxies
    private let logger: Logger
    /// Requests passed on whose response has not ended yet: pipelining.
    private var unansweredRequests = 0
    /// The request being read was answered here: its parts go no further.
    private var isDroppingRequest = false
    /// That request asked for the connection to end with it (`Connection:
    /// close`, or HTTP/1.0 without keep-alive): once its answer is out and
    /// its body is read, the connection is closed, as RFC 9112 requires.
    /// The router does the same for the requests it answers.
    private var answerClosesConnection: EventLoopFuture<Void>?

    init(rules: [Rule], proxies: TrustedProxies = .none, logger: Logger) {
        self.rules = rules
        self.proxies = proxies
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if head.method == .POST, let rule = rules.first(where: { $0.route.matches(requestTarget: head.uri) }) {
                let address = proxies.clientAddress(
                    peer: context.channel.remoteAddress, forwardedFor: head.headers["X-Forwarded-For"])
                if let wait = rule.allowance.take(for: address) {
                    logger.info("Refused \(rule.what) from \(address): too many lately")
                    refuse(context, retryAfter: wait, what: rule.what, keepAlive: head.isKeepAlive)
                    return
                }
            }
            unansweredRequests += 1
        case .body:
            if isDroppingRequest { return }
        case .end:
            if isDroppingRequest {
                isDroppingRequest = false
                if let answered = answerClosesConnection {
                    answerClosesConnection = nil
                    answered.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                }
                return
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unansweredRequests = max(0, unansweredRequests - 1) }
        context.write(data, promise: promise)
    }

    private func refuse(_ context: ChannelHandlerContext, retryAfter wait: Duration, what: String, keepAlive: Bool) {
        isDroppingRequest = true
        // A response now would be taken as an earlier request's: close instead.
        guard unansweredRequests == 0 else {
            context.close(promise: nil)
            return
        }
        let seconds = max(1, Int((wait / .seconds(1)).rounded(.up)))
        let error = APIError(
            status: .tooManyRequests, code: .tooManyRequests,
            message: "Too many \(what) from this address. Try again in \(seconds) s.", field: nil)
        let body = JSONResponse.errorBody(error, requestId: RequestID().description)
        var headers: HTTPHeaders = [
            "Content-Type": "application/json; charset=utf-8",
            "Content-Length": String(body.readableBytes),
            "Retry-After": String(seconds),
        ]
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: .tooManyRequests, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        // Closed once the body has been read too: closing with bytes unread
        // would reset the connection, and the client could lose the answer.
        if !keepAlive { answerClosesConnection = written }
    }
}
