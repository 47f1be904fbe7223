// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The embedded server's answer to the full list: the time until the whole
/// body has arrived over loopback, with no decoding on the client's side. The
/// first request after start encodes the body; later ones, while the table is
/// unchanged, are served the same bytes (`ListBodyCache`), so both are shown.
/// Then the list and details endpoints under sustained concurrent load.
enum ServerBenchmark {
    static func listAnswer(from baseURL: URL, reports: Int, runs: Int = 5) async throws -> [Figure] {
        let url = baseURL.appendingPathComponent("api/v1/announcements")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var samples: [Double] = []
        var size = 0
        for _ in 0...runs {
            let started = ContinuousClock.now
            let (data, _) = try await session.data(from: url)
            samples.append(seconds(ContinuousClock.now - started))
            size = data.count
        }
        print("server: GET /api/v1/announcements, \(reports) reports, \(size / 1_048_576) MiB body")
        return [
            Figure(
                name: "server: GET /api/v1/announcements, \(reports) reports, first after start", unit: "s",
                value: samples[0]),
            Figure(
                name: "server: GET /api/v1/announcements, \(reports) reports", unit: "s",
                value: median(Array(samples.dropFirst())) ?? 0, goal: .atMost(0.5), runs: runs),
        ]
    }

    /// Throughput and p99 latency of the list and the details endpoints under
    /// 64 keep-alive connections on loopback, a few seconds each; no request
    /// may fail.
    static func sustainedLoad(from baseURL: URL, reports: Int) async throws -> [Figure] {
        let load = ServerLoad(connections: 64, duration: .seconds(3))
        let endpoints: [(name: String, path: @Sendable (Int) -> String)] = [
            ("GET /api/v1/announcements", { _ in "/api/v1/announcements" }),
            ("GET /api/v1/announcements/{id}", { n in "/api/v1/announcements/bench-\(n % reports)" }),
        ]
        var figures: [Figure] = []
        for endpoint in endpoints {
            let result = try await load.run(baseURL: baseURL, path: endpoint.path)
            let name = "server: \(endpoint.name), \(load.connections) connections"
            print("\(name): \(result.requests) requests, \(result.errors) failed")
            figures += [
                Figure(name: "\(name), requests/s", unit: "req/s", value: result.requestsPerSecond),
                Figure(name: "\(name), p99 latency", unit: "s", value: result.p99),
                Figure(
                    name: "\(name), failed requests", unit: "failed", value: Double(result.errors),
                    goal: .atMost(0), runs: result.requests),
            ]
        }
        return figures
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
