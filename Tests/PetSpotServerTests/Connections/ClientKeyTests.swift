// SPDX-License-Identifier: GPL-3.0-or-later

import NIOCore
import Testing

@testable import PetSpotServer

/// Per-client limits count an IPv6 client by its /64: one subscriber has a
/// whole /64, so counting single addresses would let it dodge every limit.
@Suite("Per-client limits key IPv6 clients by their /64")
struct ClientKeyTests {
    @Test(
        "two addresses in one /64 are one client",
        arguments: [
            ("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff"),
            ("2001:db8:1:2::1", "2001:0db8:0001:0002:0:0:0:2"),
            ("fe80::1%eth0", "fe80::2"),
            ("::1", "::2"),
        ])
    func sameSlash64(_ first: String, _ second: String) {
        #expect(ClientKey(ipAddress: first) == ClientKey(ipAddress: second))
    }

    @Test(
        "addresses in different /64s, and different IPv4 addresses, are different clients",
        arguments: [
            ("2001:db8:1:2::1", "2001:db8:1:3::1"),
            ("2001:db8::1", "2001:db9::1"),
            ("203.0.113.7", "203.0.113.8"),
            ("203.0.113.7", "::ffff:203.0.113.8"),
            ("::203.0.113.7", "203.0.113.7"),
        ])
    func differentClients(_ first: String, _ second: String) {
        #expect(ClientKey(ipAddress: first) != ClientKey(ipAddress: second))
    }

    @Test("an IPv4-mapped IPv6 address is its IPv4 client")
    func ipv4Mapped() throws {
        #expect(ClientKey(ipAddress: "::ffff:203.0.113.7") == ClientKey(ipAddress: "203.0.113.7"))
        #expect(ClientKey(ipAddress: "::ffff:cb00:7107") == ClientKey(ipAddress: "203.0.113.7"))
        #expect(ClientKey(ipAddress: "::ffff:203.0.113.7").description == "203.0.113.7")
        let mapped = try SocketAddress(ipAddress: "::ffff:203.0.113.7", port: 443)
        let plain = try SocketAddress(ipAddress: "203.0.113.7", port: 80)
        #expect(ClientKey(address: mapped) == ClientKey(address: plain))
    }

    @Test("a socket address keys as its text does, whatever the port")
    func socketAddresses() throws {
        let one = try SocketAddress(ipAddress: "2001:db8:aa:bb::1", port: 1)
        let other = try SocketAddress(ipAddress: "2001:db8:aa:bb:1:2:3:4", port: 2)
        #expect(ClientKey(address: one) == ClientKey(address: other))
        #expect(ClientKey(address: one).description == "2001:db8:aa:bb::/64")
        #expect(ClientKey(address: nil) == ClientKey(ipAddress: ""))
    }

    @Test(
        "text that is no IP address is its own key", arguments: ["", "1::2::3", "2001:db8:::1", "12345::", "not:an:ip"])
    func unparseable(_ text: String) {
        #expect(ClientKey(ipAddress: text).description == text)
    }

    @Test("new reports from one /64 share one allowance; another /64 has its own")
    func allowanceSharedAcrossSlash64() {
        let allowance = ReportCreationAllowance(ReportCreationLimit(burst: 2, interval: .seconds(60)))
        let now = ContinuousClock.now
        #expect(allowance.take(for: "2001:db8:1:2::1", now: now) == nil)
        #expect(allowance.take(for: "2001:db8:1:2::2", now: now) == nil)
        #expect(allowance.take(for: "2001:db8:1:2:abcd::3", now: now) != nil)
        #expect(allowance.take(for: "2001:db8:1:3::1", now: now) == nil)
    }
}
