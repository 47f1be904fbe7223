// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Why the scale bench cannot go on: one clear line each.
struct ScaleBenchError: Error, CustomStringConvertible {
    let description: String
}

/// `psql` against the cluster `make bench` starts (Tests/postgres/with-test-postgres.sh):
/// the bench's own statements — databases made and dropped, the COPY, sizes,
/// plans — go through the client the cluster comes with, so the bench needs
/// no driver of its own.
struct Psql: Sendable {
    /// `postgres://user@host:port/database` of any database in the cluster.
    let clusterURL: String

    /// The same cluster, another database.
    func url(of database: String) -> String {
        guard var components = URLComponents(string: clusterURL) else { return clusterURL }
        components.path = "/" + database
        return components.string ?? clusterURL
    }

    /// Runs SQL (several statements allowed) and answers what it printed,
    /// unaligned, without headers; throws with psql's error on any failure.
    @discardableResult
    func run(_ sql: String, in database: String) async throws -> String {
        try await execute(["-At", "-c", sql], database: database, input: nil)
    }

    /// `COPY table (columns) FROM STDIN` with what `produce` writes, in
    /// PostgreSQL's text format, to the handle it is given (and closes).
    func copy(
        into table: String, columns: String, in database: String,
        produce: @escaping @Sendable (FileHandle) throws -> Void
    ) async throws {
        // psql ending early (a refused row) must fail the write, not end the bench.
        signal(SIGPIPE, SIG_IGN)
        _ = try await execute(["-c", "COPY \(table) (\(columns)) FROM STDIN"], database: database, input: produce)
    }

    private func execute(
        _ arguments: [String], database: String, input: (@Sendable (FileHandle) throws -> Void)?
    ) async throws -> String {
        let url = url(of: database)
        return try await Task.detached {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url] + arguments
            let output = Pipe()
            let errors = Pipe()
            let stdin = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = input == nil ? FileHandle.nullDevice : stdin
            do {
                try process.run()
            } catch {
                throw ScaleBenchError(
                    description: "could not run psql (apt-get install postgresql-client-15): \(error)")
            }
            // Both pipes are drained while psql runs, so neither can fill and stall it.
            let outputHandle = output.fileHandleForReading
            let errorHandle = errors.fileHandleForReading
            let printed = Task.detached { outputHandle.readDataToEndOfFile() }
            let complaints = Task.detached { errorHandle.readDataToEndOfFile() }
            var producerError: (any Error)?
            if let input {
                do {
                    try input(stdin.fileHandleForWriting)
                } catch {
                    producerError = error
                }
                try? stdin.fileHandleForWriting.close()
            }
            process.waitUntilExit()
            let text = String(decoding: await printed.value, as: UTF8.self)
            let errorText = String(decoding: await complaints.value, as: UTF8.self)
            guard process.terminationStatus == 0 else {
                let statement = arguments.last.map { String($0.prefix(120)) } ?? ""
                throw ScaleBenchError(
                    description:
                        "psql failed (status \(process.terminationStatus)) on \"\(statement)\": "
                        + errorText.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if let producerError { throw producerError }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }.value
    }
}

/// Fills a database with `ScaleReports` as fast as each engine allows:
/// PostgreSQL through COPY, SQLite through the server's own seeding (one
/// transaction of prepared inserts). The schema is always the server's own:
/// it has been opened once, and so migrated, before the rows go in.
enum ScaleDataLoad {
    /// What COPY fills, in the order each row is written. Every other column
    /// of the table must be generated or have a default: `checkColumns` says so.
    static let columns =
        "id, pet_name, species, breed, sex, age, description, microchip_number, latitude, longitude, "
        + "last_seen_date, email, phone, photo_url, status, reward, created_at, updated_at"

    struct PostgreSQLLoad {
        /// COPY, indexes and ANALYZE together.
        let seconds: Double
        let copySeconds: Double
        let indexSeconds: Double
        let analyseSeconds: Double
        let databaseBytes: Double
    }

    /// COPY of `count` reports into the (migrated, empty) database, with its
    /// secondary indexes dropped first and built again after, which is quicker
    /// than keeping them up to date row by row; then VACUUM ANALYZE, so the
    /// planner knows the table and index-only scans see every page visible.
    static func postgreSQL(count: Int, database: String, psql: Psql) async throws -> PostgreSQLLoad {
        try await checkColumns(database: database, psql: psql)
        let started = ContinuousClock.now
        // Indexes a constraint owns (the primary key, UNIQUE) stay: they cannot be dropped alone.
        let secondary = try await psql.run(
            """
            SELECT indexname || E'\\t' || indexdef FROM pg_indexes i
            WHERE schemaname = 'public' AND tablename = 'announcements'
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
            """, in: database
        ).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", maxSplits: 1)
            return (name: String(fields[0]), definition: String(fields.count > 1 ? fields[1] : ""))
        }
        for index in secondary {
            try await psql.run("DROP INDEX \"\(index.name)\"", in: database)
        }
        try await psql.copy(into: "announcements", columns: columns, in: database) { handle in
            try writeCopyRows(0..<count, of: count, to: handle)
        }
        let copied = ContinuousClock.now
        let definitions = secondary.map { $0.definition + ";" }.joined(separator: "\n")
        if !definitions.isEmpty {
            try await psql.run("SET maintenance_work_mem = '512MB';\n" + definitions, in: database)
        }
        let indexed = ContinuousClock.now
        // A load is one more write: answers built before it are stale.
        try await psql.run("UPDATE petspot_revision SET value = value + 1", in: database)
        try await psql.run("VACUUM (ANALYZE) announcements", in: database)
        let analysed = ContinuousClock.now
        let bytes = try await psql.run("SELECT pg_database_size(current_database())", in: database)
        return PostgreSQLLoad(
            seconds: seconds(analysed - started), copySeconds: seconds(copied - started),
            indexSeconds: seconds(indexed - copied), analyseSeconds: seconds(analysed - indexed),
            databaseBytes: Double(bytes) ?? 0)
    }

    /// A column added by a migration that COPY leaves out would be NULL or
    /// its default where the engine writes something else: refused, so the
    /// figures never come from rows the server could not have made.
    private static func checkColumns(database: String, psql: Psql) async throws {
        let filled = Set(columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let unfilled = try await psql.run(
            """
            SELECT column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = 'announcements'
              AND is_generated = 'NEVER' AND is_identity = 'NO' AND column_default IS NULL
            """, in: database
        ).split(separator: "\n").map(String.init).filter { !filled.contains($0) }
        guard unfilled.isEmpty else {
            throw ScaleBenchError(
                description:
                    "the announcements table has columns the bench's COPY does not fill: "
                    + "\(unfilled.joined(separator: ", ")) (teach ScaleDataLoad.writeCopyRows what the engine writes there)"
            )
        }
    }

    /// Rows in COPY's text format, about a megabyte per write.
    static func writeCopyRows(_ range: Range<Int>, of count: Int, to handle: FileHandle) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 21)
        for index in range {
            appendCopyRow(ScaleReports.announcement(index, of: count), to: &buffer)
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty { try handle.write(contentsOf: buffer) }
    }

    private static func appendCopyRow(_ report: WireAnnouncement, to buffer: inout [UInt8]) {
        let fields: [String?] = [
            report.id, report.petName, report.species, report.breed, report.sex, report.age.map(String.init),
            report.description, report.microchipNumber,
            // Swift prints the shortest text that reads back as the same double.
            "\(report.locationLatitude)", "\(report.locationLongitude)",
            report.lastSeenDate, report.email, report.phone, report.photoUrl, report.status, report.reward,
            report.createdAt, report.updatedAt,
        ]
        for (position, field) in fields.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: "\t")) }
            guard let field else {
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                continue
            }
            for byte in field.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default: buffer.append(byte)
                }
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// The seed file the SQLite server starts from: `{"data": [...]}`, the
    /// reports encoded ten thousand at a time so that a million never sit in
    /// memory as one array.
    static func writeSeedFile(count: Int, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let encoder = JSONEncoder()
        try handle.write(contentsOf: Data("{\"data\":[".utf8))
        var start = 0
        while start < count {
            let end = min(count, start + 10_000)
            let chunk = try encoder.encode((start..<end).map { ScaleReports.announcement($0, of: count) })
            if start > 0 { try handle.write(contentsOf: Data(",".utf8)) }
            // Without the chunk's own brackets.
            try handle.write(contentsOf: chunk.dropFirst().dropLast())
            start = end
        }
        try handle.write(contentsOf: Data("]}".utf8))
    }
}
