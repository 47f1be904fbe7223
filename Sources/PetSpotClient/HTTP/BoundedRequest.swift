// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// One request within PetSpot's limits: the connect timeout of its
/// process-wide client, and one deadline over the whole exchange, the
/// response body included (`BoundedResponse`). A GET (`get`) or a request
/// with a body (`send`, a POST). Callers map the errors to what they mean
/// for them.
struct BoundedRequest {
    let url: String
    let method: HTTPMethod
    let accept: String
    let headers: [(name: String, value: String)]
    let body: ByteBuffer?
    let connectTimeout: Duration
    let deadline: Duration

    /// A GET of `url`, accepting `accept`.
    static func get(url: String, accept: String, connectTimeout: Duration, deadline: Duration) -> BoundedRequest {
        BoundedRequest(
            url: url, method: .GET, accept: accept, headers: [], body: nil, connectTimeout: connectTimeout,
            deadline: deadline)
    }

    /// A request with a body and its headers, whose answer is JSON.
    static func send(
        url: String, method: HTTPMethod, headers: [(name: String, value: String)], body: ByteBuffer,
        connectTimeout: Duration, deadline: Duration
    ) -> BoundedRequest {
        BoundedRequest(
            url: url, method: method, accept: "application/json", headers: headers, body: body,
            connectTimeout: connectTimeout, deadline: deadline)
    }

    /// The response head, once it has come within the deadline.
    func execute() async throws -> BoundedResponse {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "User-Agent", value: "PetSpot-GNOME/\(PetSpotVersion.current)")
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        if let body { request.body = .bytes(body) }
        let bodyDeadline = ContinuousClock.now + deadline
        let client = ProcessWideHTTPClients.client(connectTimeout: connectTimeout)
        let head = try await client.execute(request, deadline: .now() + TimeAmount(deadline))
        return BoundedResponse(head: head, bodyDeadline: bodyDeadline)
    }
}
