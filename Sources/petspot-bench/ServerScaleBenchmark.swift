// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `make bench ONLY=server-scale` (decision 0075): the server with a
/// country's worth of reports on both engines, over real HTTP on loopback.
/// PostgreSQL is filled by COPY, SQLite by the server's own seeding; then a
/// city-sized region query at random city centres, the first page and a page
/// deep in the list, each under 64 keep-alive connections; the full unpaged
/// list at a smaller count; and the plans PostgreSQL ran for the region and
/// first-page queries, as `EXPLAIN (ANALYZE, BUFFERS)` prints them.
///
/// Needs a PostgreSQL cluster with PostGIS whose `petspot_template` database
/// has the extension: `PETSPOT_TEST_POSTGRES_URL`, as
/// Tests/postgres/with-test-postgres.sh sets it (the Makefile runs the bench
/// inside that script).
@MainActor
struct ServerScaleBenchmark {
    /// Reports in the large databases.
    let reports: Int
    /// Reports in the databases whose full, unpaged list is fetched.
    let listReports: Int
    let scratch: URL
    let psql: Psql

    /// The region query's radius: a 10 km × 10 km viewport, a city's centre
    /// on a phone's map, is within 5 km of its middle.
    static let rangeKilometres = 5
    static let connections = 64
    /// The paced load's rate, as a share of the saturated throughput
    /// measured just before it (decision 0075).
    static let fixedRateShare = 0.5
    static let loadDuration: Duration = .seconds(5)
    static let aloneDuration: Duration = .seconds(2)
    static let pageSize = 50
    /// How far the deep page is, at most: 2 000 pages of 50 is 100 000 reports in.
    static let deepPages = 2_000
    /// SQLite is held beside PostgreSQL at up to this many reports.
    static let largestSQLite = 1_000_000

    static let template = "petspot_template"

    init(options: BenchOptions, scratch: URL) throws {
        guard let url = ProcessInfo.processInfo.environment["PETSPOT_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw ScaleBenchError(
                description:
                    "server-scale needs PostgreSQL with PostGIS: run it as `make bench ONLY=server-scale`, "
                    + "which starts one (Tests/postgres/with-test-postgres.sh sets PETSPOT_TEST_POSTGRES_URL)")
        }
        reports = options.scaleReports
        listReports = options.scaleListReports
        self.scratch = scratch
        psql = Psql(clusterURL: url)
    }

    func run(into results: inout BenchResults) async throws {
        print("server-scale: \(Self.grouped(reports)) reports, region queries within \(Self.rangeKilometres) km")
        results.figures += try await postgreSQL(count: reports, queries: true)
        if reports <= Self.largestSQLite {
            results.figures += try await sqlite(count: reports, queries: true)
        } else {
            print("server-scale: SQLite skipped above \(Self.grouped(Self.largestSQLite)) reports")
        }
        results.figures += try await postgreSQL(count: listReports, queries: false)
        results.figures += try await sqlite(count: listReports, queries: false)
    }

    // MARK: - Engines

    /// A database of its own made from the template, migrated by the server,
    /// loaded, measured, and dropped however the measuring ends.
    private func postgreSQL(count: Int, queries: Bool) async throws -> [Figure] {
        let database = "petspot_scale_\(count)"
        try await psql.run("DROP DATABASE IF EXISTS \(database)", in: "postgres")
        try await psql.run("CREATE DATABASE \(database) TEMPLATE \(Self.template)", in: "postgres")
        do {
            let location = DatabaseLocation.postgreSQL(url: psql.url(of: database))
            // The server's own migrations make the schema the rows go into.
            try await startServer(ServerConfiguration(database: location)).stop()
            print("server-scale: PostgreSQL, COPY of \(Self.grouped(count)) reports…")
            let load = try await ScaleDataLoad.postgreSQL(count: count, database: database, psql: psql)
            let engine = "PostgreSQL, \(Self.grouped(count)) reports"
            print(
                String(
                    format:
                        "server-scale: %@: loaded in %.1f s (COPY %.1f s, indexes %.1f s, VACUUM ANALYZE %.1f s), %.0f MiB",
                    engine, load.seconds, load.copySeconds, load.indexSeconds, load.analyseSeconds,
                    load.databaseBytes / 1_048_576))
            var figures = [
                Figure(name: "server-scale: \(engine): load (COPY, indexes, ANALYZE)", unit: "s", value: load.seconds),
                Figure(
                    name: "server-scale: \(engine): database size", unit: "MiB", value: load.databaseBytes / 1_048_576),
            ]
            figures += try await measure(
                try await startServer(ServerConfiguration(database: location)), engine: engine, queries: queries)
            if queries {
                try await PlanCapture(psql: psql, database: database).print { [self] in
                    try await startServer(ServerConfiguration(database: location))
                }
            }
            try await psql.run("DROP DATABASE \(database)", in: "postgres")
            return figures
        } catch {
            _ = try? await psql.run("DROP DATABASE IF EXISTS \(database)", in: "postgres")
            throw error
        }
    }

    /// A file of its own, filled by the server's seeding at start: one
    /// transaction of prepared inserts through the engine's own code.
    private func sqlite(count: Int, queries: Bool) async throws -> [Figure] {
        let directory = scratch.appendingPathComponent("sqlite-\(count)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.json")
        let writing = try ContinuousClock().measure { try ScaleDataLoad.writeSeedFile(count: count, to: seed) }
        let seedBytes = (try? FileManager.default.attributesOfItem(atPath: seed.path)[.size] as? Int) ?? 0
        print(
            String(
                format: "server-scale: SQLite: seed file of %@ reports written in %.1f s (%.0f MiB), seeding…",
                Self.grouped(count), seconds(writing), Double(seedBytes) / 1_048_576))
        let databasePath = directory.appendingPathComponent("scale.sqlite").path
        let started = ContinuousClock.now
        var server = try await startServer(ServerConfiguration(databasePath: databasePath, seedFile: seed))
        let loading = seconds(ContinuousClock.now - started)
        try? FileManager.default.removeItem(at: seed)
        // Started again without the seed, as a server that already holds the reports starts.
        await server.stop()
        server = try await startServer(ServerConfiguration(databasePath: databasePath))
        let engine = "SQLite, \(Self.grouped(count)) reports"
        let size = Self.fileBytes(databasePath) + Self.fileBytes(databasePath + "-wal")
        print(String(format: "server-scale: %@: loaded in %.1f s, %.0f MiB", engine, loading, size / 1_048_576))
        var figures = [
            Figure(name: "server-scale: \(engine): load (server's seeding, JSON decoded)", unit: "s", value: loading),
            Figure(name: "server-scale: \(engine): database size", unit: "MiB", value: size / 1_048_576),
        ]
        figures += try await measure(server, engine: engine, queries: queries)
        return figures
    }

    private func startServer(_ configuration: ServerConfiguration) async throws -> RunningServer {
        try await PetSpotHTTPServer.start(configuration, logger: Logger(label: "bench.server-scale"))
    }

    // MARK: - Queries

    /// The queries (or the unpaged list) of a running server, which is
    /// stopped however the measuring ends.
    private func measure(_ server: RunningServer, engine: String, queries: Bool) async throws -> [Figure] {
        do {
            let figures =
                queries
                ? try await measureQueries(baseURL: server.baseURL, engine: engine)
                : try await measureList(baseURL: server.baseURL, engine: engine)
            await server.stop()
            return figures
        } catch {
            await server.stop()
            throw error
        }
    }

    private func measureQueries(baseURL: URL, engine: String) async throws -> [Figure] {
        var figures = try await regionQuery(baseURL: baseURL, engine: engine)
        figures += try await pages(baseURL: baseURL, engine: engine)
        return figures
    }

    /// The map's query at random city centres, each moved by up to 2 km as a
    /// pan would; first each city once, to show how much a viewport holds.
    private func regionQuery(baseURL: URL, engine: String) async throws -> [Figure] {
        var sizes: [(city: String, reports: Int, bytes: Int)] = []
        for city in ScaleReports.cities {
            let (reports, bytes) = try await Self.countReports(
                baseURL: baseURL, query: Self.regionQuery(latitude: city.latitude, longitude: city.longitude))
            sizes.append((city.name, reports, bytes))
        }
        sizes.sort { $0.reports < $1.reports }
        let middle = sizes[sizes.count / 2]
        let largest = sizes[sizes.count - 1]
        print(
            "server-scale: \(engine): a \(Self.rangeKilometres) km region at a city centre holds "
                + "\(Self.grouped(sizes[0].reports))–\(Self.grouped(largest.reports)) reports "
                + "(median \(Self.grouped(middle.reports)), \(middle.bytes / 1_024) KiB, \(middle.city); "
                + "largest \(largest.city), \(largest.bytes / 1_024) KiB)")
        let centres = Self.centres
        let name = "server-scale: \(engine): region (\(Self.rangeKilometres) km around a city centre)"
        var figures = try await load(name: name, baseURL: baseURL, p50Goal: 0.005, p99Goal: 0.025) { n in
            "/api/v1/announcements?" + centres[n % centres.count]
        }
        figures.append(
            Figure(
                name: "\(name): reports per answer, median of the cities", unit: "reports",
                value: Double(middle.reports)))
        return figures
    }

    /// The first page, then a page as deep as `deepPages` of `next` cursors
    /// lead, both under load; "not available" when the server has no paging
    /// (it would answer the whole list, which is never asked for here).
    private func pages(baseURL: URL, engine: String) async throws -> [Figure] {
        let first = "server-scale: \(engine): first page (limit=\(Self.pageSize))"
        let deepPages = max(1, min(Self.deepPages, reports / Self.pageSize / 2))
        let deep = "server-scale: \(engine): page \(Self.grouped(deepPages)) deep (limit=\(Self.pageSize), after=)"
        guard await Self.hasPaging(baseURL: baseURL) else {
            print("server-scale: \(engine): paging not available (the server ignores limit): page figures skipped")
            return [first, deep].map {
                Figure(name: Self.pacedP99Name($0), unit: "n/a", value: 0)
            }
        }
        let firstPage = "/api/v1/announcements?limit=\(Self.pageSize)"
        var figures = try await load(name: first, baseURL: baseURL, p50Goal: nil, p99Goal: 0.025) { _ in firstPage }
        let firstP99 = figures.first { $0.name == Self.pacedP99Name(first) }?.value
        // The region a page at a time: what a client sends when a viewport holds thousands.
        let centres = Self.centres
        let pageSize = Self.pageSize
        figures += try await load(
            name: "server-scale: \(engine): region's first page (\(Self.rangeKilometres) km, limit=\(Self.pageSize))",
            baseURL: baseURL, p50Goal: 0.005, p99Goal: 0.025
        ) { n in "/api/v1/announcements?limit=\(pageSize)&" + centres[n % centres.count] }
        figures += try await load(
            name:
                "server-scale: \(engine): region's nearest \(Self.pageSize) (\(Self.rangeKilometres) km, sort=nearest)",
            baseURL: baseURL, p50Goal: 0.005, p99Goal: 0.025
        ) { n in "/api/v1/announcements?limit=\(pageSize)&sort=nearest&" + centres[n % centres.count] }

        // Walked one page at a time, as a client scrolling would; the last
        // cursors are the ones the load asks for.
        let walking = ContinuousClock.now
        var cursors: [String] = []
        var after: String?
        for _ in 0..<deepPages {
            let query = "limit=\(Self.pageSize)" + (after.map { "&after=\(Self.queryValue($0))" } ?? "")
            guard let next = try await Self.page(baseURL: baseURL, query: query) else { break }
            after = next
            cursors.append(next)
            if cursors.count > Self.connections { cursors.removeFirst() }
        }
        print(
            String(
                format: "server-scale: %@: walked %d pages of %d in %.1f s", engine, deepPages, Self.pageSize,
                seconds(ContinuousClock.now - walking)))
        guard !cursors.isEmpty else {
            throw ScaleBenchError(description: "\(engine): the first page had no next cursor")
        }
        let paths = cursors.map { "/api/v1/announcements?limit=\(Self.pageSize)&after=\(Self.queryValue($0))" }
        var deepFigures = try await load(name: deep, baseURL: baseURL, p50Goal: nil, p99Goal: 0.025) { n in
            paths[n % paths.count]
        }
        // Keyset paging: a deep page costs what the first does.
        if let firstP99,
            let index = deepFigures.firstIndex(where: { $0.name == Self.pacedP99Name(deep) })
        {
            deepFigures[index].reference = firstP99
            deepFigures[index].referenceName = "the first page's p99"
        }
        figures += deepFigures
        return figures
    }

    /// The full list without paging, first after start (encoded) and then
    /// steady (the same bytes again), as `ServerBenchmark.listAnswer` measures it.
    private func measureList(baseURL: URL, engine: String) async throws -> [Figure] {
        try await ServerBenchmark.listAnswer(from: baseURL, reports: listReports).map { figure in
            var renamed = Figure(
                name: figure.name.replacingOccurrences(
                    of: "server: GET /api/v1/announcements, \(listReports) reports",
                    with: "server-scale: \(engine): GET /api/v1/announcements (unpaged)"),
                unit: figure.unit, value: figure.value, goal: figure.goal, runs: figure.runs)
            renamed.reference = figure.reference
            return renamed
        }
    }

    /// Each query three ways, over `connections` keep-alive connections
    /// except the last: saturated (each connection sends again as soon as
    /// its answer is whole), which gives the throughput, while its latency
    /// is mostly the queue (connections ÷ throughput); then at a fixed rate
    /// of half that throughput, latency counted from when each request was
    /// due, which the goals are held to; then on one connection alone, what
    /// a request itself costs. A failed request fails the figure.
    private func load(
        name: String, baseURL: URL, p50Goal: Double?, p99Goal: Double, path: @escaping @Sendable (Int) -> String
    ) async throws -> [Figure] {
        let connections = Self.connections
        let saturated = try await ServerLoad(connections: connections, duration: Self.loadDuration)
            .run(baseURL: baseURL, path: path)
        Self.printLoad("\(name), \(connections) connections, saturated", saturated)
        let rate = (saturated.requestsPerSecond * Self.fixedRateShare).rounded()
        let paced = try await ServerLoad(connections: connections, duration: Self.loadDuration, rate: max(1, rate))
            .run(baseURL: baseURL, path: path)
        let named = "\(name), \(connections) connections at \(Int(rate)) requests/s"
        Self.printLoad(named, paced)
        let alone = try await ServerLoad(connections: 1, duration: Self.aloneDuration).run(baseURL: baseURL, path: path)
        Self.printLoad("\(name), 1 connection", alone)
        let failed = saturated.errors + paced.errors + alone.errors
        return [
            Figure(
                name: "\(name), \(connections) connections at half their throughput, p50", unit: "s",
                value: paced.p50, goal: p50Goal.map(Figure.Goal.atMost)),
            Figure(name: Self.pacedP99Name(name), unit: "s", value: paced.p99, goal: .atMost(p99Goal)),
            Figure(
                name: "\(name), \(connections) connections saturated, requests/s", unit: "req/s",
                value: saturated.requestsPerSecond),
            Figure(name: "\(name), \(connections) connections saturated, p50", unit: "s", value: saturated.p50),
            Figure(name: "\(name), \(connections) connections saturated, p99", unit: "s", value: saturated.p99),
            Figure(
                name: "\(name), failed requests", unit: "failed", value: Double(failed), goal: .atMost(0),
                runs: saturated.requests + paced.requests + alone.requests),
            Figure(name: "\(name), 1 connection, p50", unit: "s", value: alone.p50),
            Figure(name: "\(name), 1 connection, p99", unit: "s", value: alone.p99),
        ]
    }

    private static func pacedP99Name(_ name: String) -> String {
        "\(name), \(connections) connections at half their throughput, p99"
    }

    private static func printLoad(_ name: String, _ result: ServerLoad.Result) {
        print(
            String(
                format: "%@: %d requests, %d failed, p50 %.1f ms, p99 %.1f ms, %.0f requests/s", name, result.requests,
                result.errors, result.p50 * 1e3, result.p99 * 1e3, result.requestsPerSecond))
    }

    // MARK: - Requests

    /// Random city centres, each moved by up to 2 km as a pan moves it: the
    /// region queries' `lat`, `lng` and `range`, taken in turn.
    static let centres: [String] = {
        var random = SplitMix(seed: 75)
        return (0..<4_096).map { _ in
            let city = random.pick(ScaleReports.cities)
            let latitude = city.latitude + (random.unit() - 0.5) * 4 / 111.2
            let longitude = city.longitude + (random.unit() - 0.5) * 4 / (111.2 * cos(city.latitude * .pi / 180))
            return regionQuery(latitude: latitude, longitude: longitude)
        }
    }()

    private static func regionQuery(latitude: Double, longitude: Double) -> String {
        String(format: "lat=%.5f&lng=%.5f&range=%d", latitude, longitude, rangeKilometres)
    }

    /// Whether `limit` is understood: asked of an area in the Gulf of Guinea,
    /// so that a server without paging answers an empty list, not every report.
    private static func hasPaging(baseURL: URL) async -> Bool {
        do {
            let (object, _) = try await json(baseURL: baseURL, query: "limit=1&lat=0&lng=0&range=1")
            return object["total"] != nil || object["next"] != nil
        } catch {
            print("server-scale: the paging probe failed: \(error)")
            return false
        }
    }

    /// One page's `next` cursor (nil at the end of the list).
    private static func page(baseURL: URL, query: String) async throws -> String? {
        let (object, _) = try await json(baseURL: baseURL, query: query)
        return object["next"] as? String
    }

    private static func countReports(baseURL: URL, query: String) async throws -> (reports: Int, bytes: Int) {
        let (object, bytes) = try await json(baseURL: baseURL, query: query)
        return ((object["data"] as? [Any])?.count ?? 0, bytes)
    }

    private static func json(baseURL: URL, query: String) async throws -> (object: [String: Any], bytes: Int) {
        guard let url = URL(string: baseURL.absoluteString + "/api/v1/announcements?" + query) else {
            throw ScaleBenchError(description: "not a URL: \(query)")
        }
        let (data, response) = try await URLSession.shared.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ScaleBenchError(
                description:
                    "GET \(url.path)?\(query) answered \(status): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return (object, data.count)
    }

    private static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }

    private static func fileBytes(_ path: String) -> Double {
        Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
    }

    /// 1000000 as "1 000 000".
    static func grouped(_ number: Int) -> String {
        var text = String(number)
        var position = text.count - 3
        while position > 0 {
            text.insert(" ", at: text.index(text.startIndex, offsetBy: position))
            position -= 3
        }
        return text
    }
}

/// The plans PostgreSQL ran for the engine's own region and first-page
/// queries: auto_explain, set on the database alone, logs each statement's
/// `EXPLAIN (ANALYZE, BUFFERS)` to the cluster's log, which is read back
/// through the database. This way the plans are those of the SQL the engine
/// really sends, with its parameters, not of a copy kept here.
struct PlanCapture {
    let psql: Psql
    let database: String

    @MainActor
    func print(startServer: () async throws -> RunningServer) async throws {
        // with-test-postgres.sh logs to server.log beside the data directory.
        let dataDirectory = try await psql.run("SELECT current_setting('data_directory')", in: database)
        let log = URL(fileURLWithPath: dataDirectory).deletingLastPathComponent().appendingPathComponent("server.log")
            .path
        guard try await logSize(log) != nil else {
            Swift.print("server-scale: EXPLAIN not available: the cluster's log is not at \(log)")
            return
        }
        for setting in [
            "session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = 0",
            "auto_explain.log_analyze = on", "auto_explain.log_buffers = on",
        ] {
            try await psql.run("ALTER DATABASE \(database) SET \(setting)", in: "postgres")
        }
        // A new server: its pooled connections are new sessions, which load auto_explain.
        let server = try await startServer()
        do {
            let warsaw = ScaleReports.cities[0]
            for (title, query) in [
                (
                    "region query, \(ServerScaleBenchmark.rangeKilometres) km around \(warsaw.name)",
                    String(
                        format: "lat=%.4f&lng=%.4f&range=%d", warsaw.latitude, warsaw.longitude,
                        ServerScaleBenchmark.rangeKilometres)
                ),
                (
                    "the region's nearest page, around \(warsaw.name)",
                    String(
                        format: "limit=%d&sort=nearest&lat=%.4f&lng=%.4f&range=%d", ServerScaleBenchmark.pageSize,
                        warsaw.latitude, warsaw.longitude, ServerScaleBenchmark.rangeKilometres)
                ),
                ("first page", "limit=\(ServerScaleBenchmark.pageSize)"),
            ] {
                let before = try await logSize(log) ?? 0
                guard let url = URL(string: server.baseURL.absoluteString + "/api/v1/announcements?" + query) else {
                    continue
                }
                _ = try await URLSession.shared.data(from: url)
                let after = try await logSize(log) ?? before
                let text = try await psql.run(
                    "SELECT pg_read_file('\(log)', \(before), \(max(0, after - before)))", in: "postgres")
                let plans = Self.plans(in: text).filter { $0.contains("announcements") }
                Swift.print(
                    "\nserver-scale: EXPLAIN (ANALYZE, BUFFERS) of what the PostgreSQL engine sent for GET /api/v1/announcements?\(query) (\(title)):"
                )
                Swift.print(
                    plans.isEmpty ? "  (no statement on announcements was logged)" : plans.joined(separator: "\n"))
            }
        } catch {
            await server.stop()
            _ = try? await psql.run("ALTER DATABASE \(database) RESET ALL", in: "postgres")
            throw error
        }
        await server.stop()
        try await psql.run("ALTER DATABASE \(database) RESET ALL", in: "postgres")
    }

    private func logSize(_ path: String) async throws -> Int? {
        Int(try await psql.run("SELECT size FROM pg_stat_file('\(path)', true)", in: "postgres"))
    }

    /// auto_explain's entries: a `duration: … plan:` line and the lines indented under it.
    static func plans(in log: String) -> [String] {
        var plans: [String] = []
        var current: [Substring]?
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("plan:") && line.contains("duration:") {
                if let current { plans.append(current.joined(separator: "\n")) }
                current = [line]
            } else if line.hasPrefix("\t") || line.hasPrefix(" "), current != nil {
                current?.append(line)
            } else if let finished = current {
                plans.append(finished.joined(separator: "\n"))
                current = nil
            }
        }
        if let current { plans.append(current.joined(separator: "\n")) }
        return plans
    }
}
