// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Sustained load on one endpoint over `connections` keep-alive connections
/// for `duration`. Without `rate` (a closed loop) each connection sends its
/// next request as soon as the previous answer has arrived whole: the server
/// is kept saturated, so latency is mostly the queue (connections ÷
/// throughput) and the figure that matters is throughput. With `rate`
/// (requests a second, all connections together) request n is due at
/// n ÷ rate from the start, taken by connection n mod `connections`, and its
/// latency runs from when it was due, not from when it was sent: a server
/// that falls behind is charged for the wait it causes. Reports throughput,
/// the median and 99th percentile latency and how many requests failed (a
/// status other than 200 counts as a failure).
struct ServerLoad {
    let connections: Int
    let duration: Duration
    var rate: Double?

    struct Result {
        let requests: Int
        let errors: Int
        let requestsPerSecond: Double
        /// Seconds.
        let p50: Double
        /// Seconds.
        let p99: Double
    }

    /// `path(n)` is the n-th request's path and query, so requests can vary.
    func run(baseURL: URL, path: @escaping @Sendable (Int) -> String) async throws -> Result {
        var configuration = HTTPClient.Configuration()
        configuration.httpVersion = .http1Only
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let base = baseURL.absoluteString
        let started = ContinuousClock.now
        let end = started + duration
        let interval = rate.map { Duration.seconds(1 / $0) }
        let perConnection = try await withThrowingTaskGroup(of: ([Double], Int).self) { group in
            for worker in 0..<connections {
                group.addTask {
                    var latencies: [Double] = []
                    var errors = 0
                    var sequence = worker
                    while ContinuousClock.now < end {
                        var due = ContinuousClock.now
                        if let interval {
                            due = started + interval * sequence
                            guard due < end else { break }
                            try? await Task.sleep(until: due, clock: .continuous)
                        }
                        if await Self.fetch(client, url: base + path(sequence)) {
                            latencies.append(seconds(ContinuousClock.now - due))
                        } else {
                            errors += 1
                        }
                        sequence += connections
                    }
                    return (latencies, errors)
                }
            }
            var all: [([Double], Int)] = []
            for try await result in group { all.append(result) }
            return all
        }
        let elapsed = seconds(ContinuousClock.now - started)
        try await client.shutdown()
        let latencies = perConnection.flatMap(\.0).sorted()
        let errors = perConnection.map(\.1).reduce(0, +)
        func percentile(_ share: Int) -> Double {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, latencies.count * share / 100)]
        }
        return Result(
            requests: latencies.count + errors, errors: errors,
            requestsPerSecond: Double(latencies.count) / elapsed, p50: percentile(50), p99: percentile(99))
    }

    /// One GET with its body read to the end (and dropped); false on any failure.
    private static func fetch(_ client: HTTPClient, url: String) async -> Bool {
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
            for try await _ in response.body {}
            return response.status == .ok
        } catch {
            return false
        }
    }
}
