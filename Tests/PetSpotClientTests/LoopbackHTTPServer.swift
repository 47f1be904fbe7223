// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Glibc
import PetSpotDomain
import PetSpotLocking
import PetSpotTestSupport

/// A deliberately dumb HTTP/1.1 server on 127.0.0.1 with an ephemeral port,
/// written with plain POSIX sockets and threads so that tests can make a
/// server misbehave in ways a real framework would not: never answer, stall
/// mid-body, stream far too much. One request per connection.
final class LoopbackHTTPServer: Sendable {
    enum Reply: Sendable {
        /// A complete response, then the connection is closed.
        case respond(status: Int, body: [UInt8])
        /// Accept and read the request, then never write anything.
        case neverAnswer
        /// Send the head announcing `contentLength` bytes, a few of them, then stall.
        case stallMidBody(contentLength: Int)
        /// A 200 streaming `totalBytes` bytes; with or without a Content-Length.
        case stream(totalBytes: Int, declareLength: Bool)
        /// These bytes as they are (a broken head, a redirect), then close.
        case raw(String)
    }

    struct State {
        var requestTargets: [String] = []
        var requestMethods: [String] = []
        var heldConnections: [Int32] = []
        var stopped = false
    }

    let port: Int
    private let listener: Int32
    private let state = Locked(State())
    private let replyFor: @Sendable (_ method: String, _ target: String) -> Reply

    /// - Parameter reply: chooses the reply from the request target (`/path?query`).
    convenience init(reply: @escaping @Sendable (String) -> Reply) throws {
        try self.init(replyTo: { _, target in reply(target) })
    }

    /// - Parameter reply: chooses the reply from the method (`GET`, `PATCH`…) and the request target.
    init(replyTo reply: @escaping @Sendable (_ method: String, _ target: String) -> Reply) throws {
        replyFor = reply
        let (socket, port) = try Self.bindLoopback()
        guard listen(socket, 64) == 0 else {
            close(socket)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        listener = socket
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    convenience init(_ fixed: Reply) throws {
        try self.init { _ in fixed }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var requestTargets: [String] { state.withLock { $0.requestTargets } }
    /// The methods of the requests, in the order they arrived.
    var requestMethods: [String] { state.withLock { $0.requestMethods } }

    func stop() {
        let held = state.withLock { state -> [Int32]? in
            guard !state.stopped else { return nil }
            state.stopped = true
            defer { state.heldConnections = [] }
            return state.heldConnections
        }
        // Only the first call closes: a second close could hit a reused fd.
        guard let held else { return }
        // Wake the accept thread; it closes the listener itself. Closing it
        // here could let the fd number be reused by another test's socket
        // while that thread is about to call accept() on it.
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in held {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    /// A port on which nothing listens (bound, then closed).
    static func unusedPort() throws -> Int {
        let (socket, port) = try bindLoopback()
        close(socket)
        return port
    }

    // MARK: - Connections

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED, !state.withLock({ $0.stopped }) { continue }
                close(listener)
                return
            }
            if state.withLock({ $0.stopped }) {
                close(connection)
                close(listener)
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        // Bound every blocking read so no thread outlives the test by much.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let (method, target) = readRequestLine(connection) else {
            close(connection)
            return
        }
        state.withLock {
            $0.requestTargets.append(target)
            $0.requestMethods.append(method)
        }

        switch replyFor(method, target) {
        case .respond(let status, let body):
            _ = send(connection, head(status: status, length: body.count) + body)
            finish(connection)
        case .raw(let text):
            _ = send(connection, Array(text.utf8))
            finish(connection)
        case .neverAnswer:
            hold(connection)
        case .stallMidBody(let contentLength):
            _ = send(connection, head(status: 200, length: contentLength) + Array("{\"data\": [".utf8))
            hold(connection)
        case .stream(let totalBytes, let declareLength):
            guard send(connection, head(status: 200, length: declareLength ? totalBytes : nil)) else {
                return finish(connection)
            }
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
            var sent = 0
            while sent < totalBytes, send(connection, Array(chunk.prefix(totalBytes - sent))) {
                sent += min(chunk.count, totalBytes - sent)
            }
            finish(connection)
        }
    }

    private func head(status: Int, length: Int?) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Test\r\nContent-Type: application/json\r\nConnection: close\r\n"
        if let length { text += "Content-Length: \(length)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    private func readRequestLine(_ connection: Int32) -> (method: String, target: String)? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while received.count < 64 * 1024 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            received += buffer[0..<count]
            if received.count >= 4,
                received.indices.dropLast(3).contains(where: {
                    Array(received[$0..<($0 + 4)]) == terminator
                })
            {
                break
            }
        }
        let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? (String(parts[0]), String(parts[1])) : nil
    }

    /// Writes everything; `false` once the peer has gone (no SIGPIPE).
    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    private func hold(_ connection: Int32) {
        let stopped = state.withLock { state -> Bool in
            if !state.stopped { state.heldConnections.append(connection) }
            return state.stopped
        }
        if stopped { close(connection) }
    }

    private func finish(_ connection: Int32) {
        shutdown(connection, Int32(SHUT_WR))
        // Let the client read everything before the socket goes away.
        var scratch = [UInt8](repeating: 0, count: 1024)
        while scratch.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) > 0 {}
        close(connection)
    }

    private static func bindLoopback() throws -> (Int32, Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(socket)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }
}
