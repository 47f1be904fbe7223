// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// Runs the real `petspot-server` binary that `swift build --build-tests` puts next
/// to the test bundle; skipped when it is not there.
@Suite("petspot-server executable")
struct CommandLineTests {
    static let binary: URL? = DemoDataLocator.currentExecutableDirectory()?
        .appendingPathComponent("petspot-server")

    static var binaryExists: Bool {
        binary.map { FileManager.default.isExecutableFile(atPath: $0.path) } ?? false
    }

    @Test(
        "prints the listening line, serves the seed, and exits 0 on a stop signal",
        .enabled(if: binaryExists), arguments: ["SIGTERM", "SIGINT"])
    func listensAndStops(signal: String) async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.json")
        try JSONEncoder().encode(WireAnnouncementList(data: [SampleAnnouncements.make(id: "cli")])).write(to: seed)

        let run = try launch([
            "--port", "0", "--db", directory.appendingPathComponent("db.sqlite").path, "--seed", seed.path,
        ])
        let line = try await run.firstLine()
        let port = try #require(ListeningLine.port(in: line), "unexpected line: \(line)")
        #expect(line == "petspot-server listening on http://127.0.0.1:\(port)")

        let list = try await HTTPResult.fetch("http://127.0.0.1:\(port)/api/v1/announcements")
        #expect(try list.decode(WireAnnouncementList.self).data.map(\.id) == ["cli"])

        if signal == "SIGINT" {
            run.process.interrupt()
        } else {
            run.process.terminate()
        }
        #expect(await run.exitStatus() == 0)
    }

    @Test("an invalid seed file exits 1 with a message on stderr", .enabled(if: binaryExists))
    func invalidSeedExitsOne() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("broken.json")
        try Data("{oops".utf8).write(to: seed)
        let run = try launch([
            "--port", "0", "--db", directory.appendingPathComponent("db.sqlite").path, "--seed", seed.path,
        ])
        #expect(await run.exitStatus() == 1)
        let stderr = String(decoding: run.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains("broken.json"))
    }

    @Test(
        "--database takes a sqlite: URL, and refuses another kind of URL or a second database",
        .enabled(if: binaryExists))
    func databaseOption() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.sqlite").path
        let run = try launch(["--port", "0", "--database", "sqlite://" + file])
        let line = try await run.firstLine()
        #expect(ListeningLine.port(in: line) != nil, "unexpected line: \(line)")
        run.process.terminate()
        #expect(await run.exitStatus() == 0)
        #expect(FileManager.default.fileExists(atPath: file))

        for arguments in [["--database", "mysql://root@localhost/petspot"], ["--db", file, "--database", file], []] {
            let refused = try launch(["--port", "0"] + arguments)
            #expect(await refused.exitStatus() != 0, "\(arguments)")
            let stderr = String(decoding: refused.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(stderr.contains("--database"), "\(arguments): \(stderr)")
        }
    }

    @Test(
        "PETSPOT_DATABASE_URL stands in for --database, which wins; a bad one or a bad --trusted-proxy is refused",
        .enabled(if: binaryExists))
    func databaseFromTheEnvironment() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fromEnvironment = directory.appendingPathComponent("environment.sqlite").path
        let fromOption = directory.appendingPathComponent("option.sqlite").path
        // The option first: the environment's file must not exist after it.
        for (arguments, expected, untouched) in [
            (["--database", "sqlite://" + fromOption], fromOption, fromEnvironment as String?),
            ([String](), fromEnvironment, nil),
        ] {
            let run = try launch(
                ["--port", "0", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1"] + arguments,
                environment: ["PETSPOT_DATABASE_URL": "sqlite://" + fromEnvironment])
            let line = try await run.firstLine()
            #expect(ListeningLine.port(in: line) != nil, "unexpected line: \(line)")
            run.process.terminate()
            #expect(await run.exitStatus() == 0)
            #expect(FileManager.default.fileExists(atPath: expected), "\(arguments)")
            if let untouched { #expect(!FileManager.default.fileExists(atPath: untouched), "\(arguments)") }
        }

        let refusals: [([String], [String: String], String)] = [
            ([], ["PETSPOT_DATABASE_URL": "mysql://root@localhost/petspot"], "PETSPOT_DATABASE_URL"),
            (["--db", fromOption, "--trusted-proxy", "proxy.example"], [:], "--trusted-proxy"),
        ]
        for (arguments, environment, named) in refusals {
            let refused = try launch(["--port", "0"] + arguments, environment: environment)
            #expect(await refused.exitStatus() != 0, "\(arguments) \(environment)")
            let stderr = String(decoding: refused.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(stderr.contains(named), "\(arguments) \(environment): \(stderr)")
        }
    }

    @Test("--help describes the options", .enabled(if: binaryExists))
    func help() async throws {
        let run = try launch(["--help"])
        #expect(await run.exitStatus() == 0)
        let text = String(decoding: run.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for option in [
            "--host", "--port", "--db", "--database", "--trusted-proxy", "--seed", "--reset", "--demo", "--images",
        ] {
            #expect(text.contains(option), "\(option) missing from --help")
        }
    }

    /// Runs the binary with `arguments`, in this process's environment without
    /// PETSPOT_DATABASE_URL, plus `environment`.
    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> LaunchedServer {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        inherited["PETSPOT_DATABASE_URL"] = nil
        process.environment = inherited.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return LaunchedServer(process: process, output: output, errors: errors)
    }
}

private struct LaunchedServer: @unchecked Sendable {
    let process: Process
    let output: Pipe
    let errors: Pipe

    /// The first stdout line, or "" if none came within 30 s (the process is then killed).
    func firstLine() async throws -> String {
        let handle = output.fileHandleForReading
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            process.terminate()
        }
        defer { watchdog.cancel() }
        return await Self.offCooperativePool {
            var bytes = Data()
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            return String(decoding: bytes, as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
    }

    func exitStatus() async -> Int32 {
        await Self.offCooperativePool {
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Blocking pipe reads and waits run on a Dispatch thread, never on the few
    /// threads Swift concurrency shares between all tests.
    private static func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
