// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Glibc
import PetSpotLocking

/// A minimal HTTP server on 127.0.0.1 answering GETs for one path with a PNG
/// tile (every path when `path` is nil) and 404 otherwise, on a thread of its
/// own, so the map's tile source can be probed without the network.
final class LoopbackTileServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let paths = Locked<[String]>([])

    /// The request paths received so far ("/10/571/337.png?…").
    var requestedPaths: [String] { paths.withLock { $0 } }

    private let servedPath: String?

    init(serving tile: [UInt8], onlyAt path: String? = nil) throws {
        servedPath = path
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve(tile: tile) }
    }

    /// Stops accepting connections (the serving thread then ends).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(tile: [UInt8]) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var request: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.ends(with: Array("\r\n\r\n".utf8)) {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { break }
                request += buffer[0..<count]
            }
            let requestLine = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
            let parts = requestLine.split(separator: " ")
            let path = parts.count >= 2 ? String(parts[1]) : ""
            paths.withLock { $0.append(path) }
            let found = servedPath == nil || servedPath == path
            let body = found ? tile : []
            let status = found ? "200 OK" : "404 Not Found"
            let header =
                "HTTP/1.1 \(status)\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let response = Array(header.utf8) + body
            response.withUnsafeBytes { bytes in
                var sent = 0
                while sent < bytes.count {
                    let count = write(connection, bytes.baseAddress! + sent, bytes.count - sent)
                    if count <= 0 { break }
                    sent += count
                }
            }
            close(connection)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
