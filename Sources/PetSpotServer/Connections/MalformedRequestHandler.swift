// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// Answers a request the HTTP decoder rejects with the API's 400 error envelope
/// and closes the connection: such errors happen before routing, where
/// Hummingbird would send an empty 400. When an earlier request on the
/// connection is still being answered the connection is only closed, since a
/// response written now would be taken as that request's.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var unansweredRequests = 0
    private var hasFailed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { unansweredRequests += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unansweredRequests = max(0, unansweredRequests - 1) }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !hasFailed else { return }
        hasFailed = true
        guard unansweredRequests == 0 else {
            context.close(promise: nil)
            return
        }
        let body = JSONResponse.errorBody(.malformedRequest, requestId: RequestID().description)
        let head = HTTPResponseHead(
            version: .http1_1, status: .badRequest,
            headers: [
                "Content-Type": "application/json; charset=utf-8",
                "Content-Length": String(body.readableBytes),
                "Connection": "close",
            ]
        )
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        // Closing at once would drop the response still queued; close once it is out.
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
