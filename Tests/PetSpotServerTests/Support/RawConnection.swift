// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Glibc

/// A plain TCP connection to 127.0.0.1, for what an HTTP client will not do:
/// send half a request or bytes that are not HTTP, and see whether and when
/// the server hangs up. Every wait has a generous bound so a test never hangs,
/// and waits happen off Swift's cooperative threads, which the in-process
/// server's handlers need.
final class RawConnection: Sendable {
    private let descriptor: Int32

    /// `source` is the local address to connect from, another loopback address
    /// such as 127.0.0.2 to play a second client; the kernel's choice when nil.
    init(port: Int, from source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError.socket(errno) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                close(descriptor)
                throw RawConnectionError.bind(EINVAL)
            }
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let error = errno
                close(descriptor)
                throw RawConnectionError.bind(error)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw RawConnectionError.connect(errno)
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw RawConnectionError.send(errno) }
            sent += count
        }
    }

    /// Everything the server sends until it closes the connection, or nil if it
    /// is still open after `limit` (a safety bound, not a timing under test).
    func readUntilClosed(limit: Duration = .seconds(10)) async -> Data? {
        await offCooperativeThreads { self.blockingReadUntilClosed(limit: limit) }
    }

    /// One complete response with a Content-Length body, leaving the connection
    /// open; nil if it does not arrive within `limit`.
    func readResponse(limit: Duration = .seconds(10)) async -> RawResponse? {
        await offCooperativeThreads { self.blockingReadResponse(limit: limit) }
    }

    private func offCooperativeThreads<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    private func blockingReadUntilClosed(limit: Duration) -> Data? {
        var received = Data()
        while true {
            guard let chunk = readChunk(limit: limit) else { return nil }
            if chunk.isEmpty { return received }
            received.append(chunk)
        }
    }

    private func blockingReadResponse(limit: Duration) -> RawResponse? {
        var received = Data()
        while true {
            if let response = RawResponse(parsing: received) { return response }
            guard let chunk = readChunk(limit: limit), !chunk.isEmpty else { return nil }
            received.append(chunk)
        }
    }

    /// Bytes available within `limit`: empty at end of stream, nil if none came.
    private func readChunk(limit: Duration) -> Data? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&poller, 1, milliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        // A reset counts as closed: the server hung up.
        return count > 0 ? Data(buffer[0..<count]) : Data()
    }
}

enum RawConnectionError: Error {
    case socket(Int32)
    case bind(Int32)
    case connect(Int32)
    case send(Int32)
}

/// An HTTP/1.1 response read off a `RawConnection`.
struct RawResponse: Sendable {
    let status: Int
    /// Header names lowercased.
    let headers: [String: String]
    let body: Data

    init?(parsing data: Data) {
        guard let separator = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: data[..<separator.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = separator.upperBound
        guard data.count - bodyStart >= length else { return nil }
        self.status = status
        self.headers = headers
        self.body = data[bodyStart..<(bodyStart + length)]
    }
}
