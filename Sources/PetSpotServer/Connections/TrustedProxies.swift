// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore

/// The reverse proxies (nginx in front of several server processes) whose
/// word on the client's address the server takes. Behind one, every
/// connection comes from the proxy, so the per-client limits would count the
/// whole country as one client: a connection from a trusted proxy is not held
/// to the per-address connection cap (the total cap still holds), and the new
/// report and sighting allowances are counted against the address the proxy
/// names in `X-Forwarded-For`. Anyone else's `X-Forwarded-For` is ignored, so
/// a client cannot pick its own address.
public struct TrustedProxies: Sendable, Equatable {
    /// Canonical texts (as `SocketAddress.ipAddress` writes them).
    private let addresses: Set<String>

    public static let none = TrustedProxies(canonical: [])

    private init(canonical addresses: Set<String>) {
        self.addresses = addresses
    }

    /// IP addresses as written on the command line (`127.0.0.1`, `::1`).
    public init(_ texts: [String]) throws(TrustedProxyError) {
        var canonical: Set<String> = []
        for text in texts {
            guard let address = Self.canonical(text) else { throw TrustedProxyError.notAnIPAddress(text) }
            canonical.insert(address)
        }
        self.init(canonical: canonical)
    }

    public var isEmpty: Bool { addresses.isEmpty }

    func trusts(_ peer: SocketAddress?) -> Bool {
        guard !addresses.isEmpty, let address = peer?.ipAddress else { return false }
        return addresses.contains(address)
    }

    /// The address a per-client allowance counts: the peer's, unless the peer
    /// is a trusted proxy; then, reading `X-Forwarded-For` from its end (the
    /// entry the nearest proxy added), the first address that is not itself a
    /// trusted proxy. A missing or unreadable entry leaves the proxy's address:
    /// all such requests then share one allowance, never a fresh one each.
    func clientAddress(peer: SocketAddress?, forwardedFor values: [String]) -> String {
        let peerAddress = peer?.ipAddress ?? ""
        guard trusts(peer) else { return peerAddress }
        let entries = values.flatMap { $0.split(separator: ",") }
        var client = peerAddress
        for entry in entries.reversed() {
            guard let address = Self.canonical(entry.trimmingCharacters(in: .whitespaces)) else { return client }
            client = address
            if !addresses.contains(address) { return address }
        }
        return client
    }

    /// The canonical text of an IPv4 or IPv6 literal, or nil.
    private static func canonical(_ text: some StringProtocol) -> String? {
        guard !text.isEmpty, text.count <= 64 else { return nil }
        return (try? SocketAddress(ipAddress: String(text), port: 0))?.ipAddress
    }
}

public enum TrustedProxyError: Error, Equatable, CustomStringConvertible {
    case notAnIPAddress(String)

    public var description: String {
        switch self {
        case .notAnIPAddress(let text): "“\(text)” is not an IP address"
        }
    }
}
