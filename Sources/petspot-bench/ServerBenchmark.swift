import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The embedded server's answer to the full list: the time until the whole
/// body has arrived over loopback, with no decoding on the client's side. The
/// first request after start encodes the body; later ones, while the table is
/// unchanged, are served the same bytes (`ListBodyCache`), so both are shown.
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
            Figure(name: "server: GET /api/v1/announcements, \(reports) reports, first after start", unit: "s",
                   value: samples[0]),
            Figure(name: "server: GET /api/v1/announcements, \(reports) reports", unit: "s",
                   value: median(Array(samples.dropFirst())) ?? 0, goal: .atMost(0.5), runs: runs),
        ]
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
