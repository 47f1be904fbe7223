import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationEssentialsCompat
import NIOHTTP1
import PetSpotDomain

/// One request with a body (a POST), within the same limits as `BoundedGet`:
/// the process-wide client's connect timeout, and one deadline over the whole
/// exchange, the response body included.
struct BoundedSend {
    let url: String
    let method: HTTPMethod
    let headers: [(name: String, value: String)]
    let body: ByteBuffer
    let connectTimeout: Duration
    let deadline: Duration

    func send() async throws -> BoundedGet.Response {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "PetSpot-GNOME/\(PetSpotVersion.current)")
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        request.body = .bytes(body)
        let bodyDeadline = ContinuousClock.now + deadline
        let client = ProcessWideHTTPClients.client(connectTimeout: connectTimeout)
        let head = try await client.execute(request, deadline: .now() + TimeAmount(deadline))
        return BoundedGet.Response(head: head, bodyDeadline: bodyDeadline)
    }
}
