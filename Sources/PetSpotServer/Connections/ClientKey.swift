// SPDX-License-Identifier: GPL-3.0-or-later

import NIOCore

/// The client a per-client limit counts against. An IPv4 client is its
/// address; an IPv6 client is its /64 prefix, since one subscriber is
/// routinely given a whole /64 and could otherwise pick a fresh address for
/// every request; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is the IPv4
/// client it stands for. Connections without an IP address all share one key.
struct ClientKey: Hashable, Sendable, CustomStringConvertible {
    /// `a.b.c.d`, `xxxx:xxxx:xxxx:xxxx::/64`, or the text as given when it is
    /// no IP address.
    let description: String

    init(address: SocketAddress?) {
        self.init(ipAddress: address?.ipAddress ?? "")
    }

    init(ipAddress text: String) {
        guard text.contains(":"), let groups = Self.ipv6Groups(text) else {
            description = text
            return
        }
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            description = [groups[6] >> 8, groups[6] & 0xFF, groups[7] >> 8, groups[7] & 0xFF]
                .map(String.init).joined(separator: ".")
        } else {
            description = groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
        }
    }

    /// The eight 16-bit groups of an IPv6 address in text (RFC 4291 §2.2:
    /// one `::` at most, an IPv4 tail allowed, a `%zone` ignored), or nil.
    private static func ipv6Groups(_ text: String) -> [UInt16]? {
        let address = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = address.split(separator: "::", omittingEmptySubsequences: false)
        switch halves.count {
        case 1:
            guard let groups = groups(of: halves[0], ipv4TailAllowed: true), groups.count == 8 else { return nil }
            return groups
        case 2:
            guard let head = groups(of: halves[0], ipv4TailAllowed: false),
                let tail = groups(of: halves[1], ipv4TailAllowed: true),
                head.count + tail.count <= 7
            else { return nil }
            return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        default:
            return nil
        }
    }

    private static func groups(of part: Substring, ipv4TailAllowed: Bool) -> [UInt16]? {
        guard !part.isEmpty else { return [] }
        let fields = part.split(separator: ":", omittingEmptySubsequences: false)
        var groups: [UInt16] = []
        for (index, field) in fields.enumerated() {
            if ipv4TailAllowed, index == fields.count - 1, field.contains(".") {
                guard let bytes = ipv4Bytes(field) else { return nil }
                groups.append(UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
                groups.append(UInt16(bytes[2]) << 8 | UInt16(bytes[3]))
            } else {
                guard (1...4).contains(field.count), let group = UInt16(field, radix: 16) else { return nil }
                groups.append(group)
            }
        }
        return groups
    }

    private static func ipv4Bytes(_ text: Substring) -> [UInt8]? {
        let fields = text.split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        let bytes = fields.compactMap { field in (1...3).contains(field.count) ? UInt8(field) : nil }
        return bytes.count == 4 ? bytes : nil
    }
}
