// SPDX-License-Identifier: GPL-3.0-or-later

import NIOCore
import Testing

@testable import PetSpotServer

@Suite("Behind a trusted reverse proxy, the client is the one it names")
struct TrustedProxiesTests {
    private static let proxy = try! SocketAddress(ipAddress: "127.0.0.1", port: 40000)
    private static let stranger = try! SocketAddress(ipAddress: "192.0.2.7", port: 40000)

    @Test("addresses are IP literals, compared in canonical form; anything else is refused with its text")
    func parsing() throws {
        let proxies = try TrustedProxies(["127.0.0.1", "0:0::1"])
        #expect(proxies.trusts(try SocketAddress(ipAddress: "::1", port: 1)))
        #expect(!proxies.trusts(Self.stranger))
        #expect(!TrustedProxies.none.trusts(Self.proxy))
        #expect(throws: TrustedProxyError.notAnIPAddress("proxy.example")) {
            try TrustedProxies(["127.0.0.1", "proxy.example"])
        }
        #expect(throws: TrustedProxyError.notAnIPAddress("")) { try TrustedProxies([""]) }
    }

    @Test(
        "the client is the last X-Forwarded-For entry that is not a trusted proxy",
        arguments: [
            (["203.0.113.5"], "203.0.113.5"),
            (["198.51.100.1, 203.0.113.5"], "203.0.113.5"),
            (["203.0.113.5, 127.0.0.2"], "203.0.113.5"),  // a second trusted hop is skipped
            (["198.51.100.1", "203.0.113.5"], "203.0.113.5"),  // repeated header lines are one list
            (["2001:DB8::1"], "2001:db8::1"),
            ([], "127.0.0.1"),  // no header: the proxy itself
            (["not-an-address"], "127.0.0.1"),  // unreadable: the proxy, never a fresh client
            (["203.0.113.5, junk"], "127.0.0.1"),
            (["junk, 203.0.113.5"], "203.0.113.5"),
            (["127.0.0.2"], "127.0.0.2"),  // only proxies named: the farthest one
        ])
    func forwardedFor(values: [String], expected: String) throws {
        let proxies = try TrustedProxies(["127.0.0.1", "127.0.0.2"])
        #expect(proxies.clientAddress(peer: Self.proxy, forwardedFor: values) == expected)
    }

    @Test("a client that is not a trusted proxy cannot pick its address")
    func strangerIsItself() throws {
        let proxies = try TrustedProxies(["127.0.0.1"])
        #expect(proxies.clientAddress(peer: Self.stranger, forwardedFor: ["203.0.113.5"]) == "192.0.2.7")
        #expect(TrustedProxies.none.clientAddress(peer: Self.proxy, forwardedFor: ["203.0.113.5"]) == "127.0.0.1")
    }

    private static func create(_ body: ReportBody, forwardedFor: String?) -> String {
        RawRequest.createReport(body, headers: forwardedFor.map { "X-Forwarded-For: \($0)\r\n" } ?? "")
    }

    private static func status(_ request: String, port: Int, from source: String = "127.0.0.1") async throws -> Int? {
        let connection = try RawConnection(port: port, from: source)
        try connection.send(request)
        return await connection.readResponse()?.status
    }

    @Test("new reports through a trusted proxy are counted per forwarded client; from elsewhere the header is ignored")
    func allowancePerForwardedClient() async throws {
        try await ServerFixture.with(configure: { configuration, _ in
            configuration.reportCreationLimit = ReportCreationLimit(burst: 1, interval: .seconds(3600))
            configuration.connectionLimits.trustedProxies = try TrustedProxies(["127.0.0.1"])
        }) { fixture in
            let body = ReportBody.valid.without("microchipNumber")
            var statuses: [Int?] = []
            for (forwarded, source) in [
                ("203.0.113.5", "127.0.0.1"), ("203.0.113.5", "127.0.0.1"), ("203.0.113.6", "127.0.0.1"),
                // 127.0.0.3 is no proxy: what it forwards is ignored, so it is one client.
                ("203.0.113.7", "127.0.0.3"), ("203.0.113.8", "127.0.0.3"),
            ] {
                statuses.append(
                    try await Self.status(
                        Self.create(body, forwardedFor: forwarded), port: fixture.server.port, from: source))
            }
            #expect(statuses == [201, 429, 201, 201, 429])
        }
    }

    @Test("a trusted proxy may hold more connections than one client may; the total cap still holds")
    func proxyIsNotHeldToThePerClientCap() async throws {
        var limits = ConnectionLimits(maximumConnections: 8, maximumConnectionsPerAddress: 2)
        limits.trustedProxies = try TrustedProxies(["127.0.0.1"])
        try await ServerFixture.with(limits) { fixture in
            let port = fixture.server.port
            // Six keep-alive connections from the proxy, each answered once: over
            // the per-client cap, under the total.
            let proxied = try await Self.answeredConnections(6, port: port, from: "127.0.0.1")
            for connection in proxied {
                try connection.send(Self.health)
                #expect(await connection.readResponse()?.status == 200, "a proxy connection was pushed out")
            }
            // From an ordinary client, the third connection pushes out its first.
            let client = try await Self.answeredConnections(3, port: port, from: "127.0.0.4")
            #expect(await client[0].readUntilClosed() != nil, "the client's oldest connection stayed open")
            // The total cap (8) holds for the proxy too: its oldest goes next.
            _ = try await Self.answeredConnections(1, port: port, from: "127.0.0.1")
            #expect(await proxied[0].readUntilClosed() != nil, "past the total cap, the proxy's oldest stayed open")
        }
    }

    private static let health = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// Connections opened one after another, each answered once, so they wait in this order.
    private static func answeredConnections(_ count: Int, port: Int, from source: String) async throws
        -> [RawConnection]
    {
        var connections: [RawConnection] = []
        for _ in 0..<count {
            let connection = try RawConnection(port: port, from: source)
            try connection.send(health)
            #expect(await connection.readResponse()?.status == 200)
            connections.append(connection)
        }
        return connections
    }
}
