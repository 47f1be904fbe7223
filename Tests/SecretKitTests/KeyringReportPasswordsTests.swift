// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing

@testable import SecretKit

/// True inside Tests/keyring/with-test-keyring.sh (`make unit-test`): a private
/// session bus with an empty, unlocked gnome-keyring. Elsewhere these tests
/// are skipped, so a bare `swift test` never writes to the developer's keyring.
let testKeyring = ProcessInfo.processInfo.environment["PETSPOT_TEST_KEYRING"] != nil

/// A backend of the test's own: the tests share one keyring for the whole run.
func uniqueBackend(_ path: String = "") -> URL {
    URL(string: "http://pets-\(UUID().uuidString.lowercased()).example.org:3000\(path)")!
}

/// One test at a time: the daemon's open sessions are counted, and only this
/// suite talks to the daemon (the no-service tests ask for another name).
@Suite(
    "KeyringReportPasswords against a real gnome-keyring",
    .enabled(if: testKeyring, "needs Tests/keyring/with-test-keyring.sh (make unit-test)"),
    .timeLimit(.minutes(1)), .serialized
)
struct KeyringReportPasswordsTests {
    let keyring = KeyringReportPasswords()

    @Test("a stored password is found again; another report's is not")
    func storeThenLookUp() async throws {
        let backend = uniqueBackend()
        try await keyring.store(password: "123456", label: "PetSpot report 7", backend: backend, reportID: "7")
        #expect(try await keyring.password(backend: backend, reportID: "7") == "123456")
        #expect(try await keyring.password(backend: backend, reportID: "8") == nil)
        #expect(try await keyring.password(backend: uniqueBackend(), reportID: "7") == nil)
    }

    @Test("a backend lists its reports, ordered by id, and no other backend's")
    func listsOneBackend() async throws {
        let backend = uniqueBackend()
        let other = uniqueBackend()
        // The same host under a path is another backend: attributes match whole.
        let underPath = URL(string: backend.absoluteString + "/other-api")!
        try await keyring.store(password: "222222", label: "b", backend: backend, reportID: "b-2")
        try await keyring.store(password: "111111", label: "a", backend: backend, reportID: "a-1")
        try await keyring.store(password: "333333", label: "c", backend: other, reportID: "c-3")
        try await keyring.store(password: "444444", label: "d", backend: underPath, reportID: "d-4")

        #expect(
            try await keyring.storedReports(backend: backend) == [
                KeyringReportPassword(reportID: "a-1", password: "111111"),
                KeyringReportPassword(reportID: "b-2", password: "222222"),
            ])
        #expect(
            try await keyring.storedReports(backend: other) == [
                KeyringReportPassword(reportID: "c-3", password: "333333")
            ])
        #expect(try await keyring.storedReports(backend: uniqueBackend()) == [])
    }

    @Test("a trailing slash names the same backend")
    func trailingSlash() async throws {
        let backend = uniqueBackend()
        let withSlash = URL(string: backend.absoluteString + "/")!
        try await keyring.store(password: "654321", label: "slash", backend: withSlash, reportID: "1")
        #expect(try await keyring.password(backend: backend, reportID: "1") == "654321")
        #expect(try await keyring.storedReports(backend: backend).map(\.reportID) == ["1"])
        #expect(try await keyring.storedReports(backend: withSlash).map(\.reportID) == ["1"])
    }

    @Test("storing again replaces the password: one item, the new secret")
    func overwrite() async throws {
        let backend = uniqueBackend()
        try await keyring.store(password: "000001", label: "first", backend: backend, reportID: "42")
        try await keyring.store(password: "000002", label: "second", backend: backend, reportID: "42")
        #expect(try await keyring.password(backend: backend, reportID: "42") == "000002")
        #expect(
            try await keyring.storedReports(backend: backend) == [
                KeyringReportPassword(reportID: "42", password: "000002")
            ])
    }

    @Test("a removed password is gone; removing one that is not there is no error")
    func remove() async throws {
        let backend = uniqueBackend()
        try await keyring.store(password: "999999", label: "kept", backend: backend, reportID: "kept")
        try await keyring.store(password: "888888", label: "removed", backend: backend, reportID: "removed")
        try await keyring.removePassword(backend: backend, reportID: "removed")
        #expect(try await keyring.password(backend: backend, reportID: "removed") == nil)
        #expect(try await keyring.storedReports(backend: backend).map(\.reportID) == ["kept"])
        try await keyring.removePassword(backend: backend, reportID: "removed")
        try await keyring.removePassword(backend: uniqueBackend(), reportID: "never stored")
        #expect(try await keyring.password(backend: backend, reportID: "kept") == "999999")
    }

    @Test("URLs, ids and passwords with special characters round-trip exactly")
    func specialCharacters() async throws {
        let base = uniqueBackend().absoluteString
        let backend = URL(string: base + "/api%20v1/%C5%BC%C3%B3%C5%82w?key=a%26b&lang=pl#top")!
        let reportID = "id with spaces/ślimak & \"quotes\" 'and' = signs"
        let password = "p@ss wörd ✓ \\ \" ' \t end"
        try await keyring.store(
            password: password, label: "Żółw „special” report", backend: backend, reportID: reportID)
        #expect(try await keyring.password(backend: backend, reportID: reportID) == password)
        #expect(
            try await keyring.storedReports(backend: backend) == [
                KeyringReportPassword(reportID: reportID, password: password)
            ])
        // Percent-encoding is part of the name: the decoded spelling is another backend.
        #expect(try await keyring.storedReports(backend: URL(string: base + "/api%20v2")!) == [])
    }

    @Test("many calls at once all complete, each with its own answer")
    func concurrentCalls() async throws {
        let backend = uniqueBackend()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await keyring.store(
                        password: String(format: "%06d", index), label: "r\(index)", backend: backend,
                        reportID: "r\(index)")
                }
            }
            try await group.waitForAll()
        }
        let listed = try await keyring.storedReports(backend: backend)
        #expect(listed.count == 20)
        #expect(
            Set(listed)
                == Set((0..<20).map { KeyringReportPassword(reportID: "r\($0)", password: String(format: "%06d", $0)) })
        )
    }

    @Test("a call from a cancelled task throws CancellationError and stores nothing")
    func cancelled() async throws {
        let backend = uniqueBackend()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await keyring.store(password: "123123", label: "cancelled", backend: backend, reportID: "1")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await keyring.password(backend: backend, reportID: "1") == nil)
    }

    @Test("the item is what other Secret Service clients see: schema, attributes, label, secret")
    func seenBySecretTool() async throws {
        let backend = uniqueBackend("/")
        try await keyring.store(password: "314159", label: "PetSpot: Luna", backend: backend, reportID: "luna-1")
        let attributes = ReportPasswordKey.backendAttribute(backend)
        #expect(!attributes.hasSuffix("/"))
        let output = try run("/usr/bin/secret-tool", ["search", "--all", "backend", attributes])
        #expect(output.contains("label = PetSpot: Luna"))
        #expect(output.contains("secret = 314159"))
        #expect(output.contains("attribute.report-id = luna-1"))
        #expect(output.contains("attribute.backend = \(attributes)"))
        #expect(output.contains("schema = io.github.petspot.PetSpot.Report"))
    }

    @Test("each call lets go of its service, so the daemon keeps no transfer session open")
    func sessionsClosed() async throws {
        let backend = uniqueBackend()
        try await keyring.store(password: "271828", label: "e", backend: backend, reportID: "e")
        #expect(try await keyring.password(backend: backend, reportID: "e") == "271828")
        #expect(try await keyring.storedReports(backend: backend).count == 1)
        // gnome-keyring lists every client's open sessions as children of this node;
        // libsecret closes a service's session when the service is finalized.
        let sessions = try run(
            "/usr/bin/gdbus",
            [
                "introspect", "--session", "--dest", "org.freedesktop.secrets",
                "--object-path", "/org/freedesktop/secrets/session",
            ])
        let open = sessions.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("node s")
        }
        #expect(open.isEmpty, "\(sessions)")
    }

    /// Runs a program on the test bus; its stdout and stderr.
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Each test runs in a process of its own (an exit test), because libsecret
/// and GDBus take the service's bus name and the session bus's address from the
/// environment. The child makes every call and prints one line per call.
@Suite(
    "KeyringReportPasswords without a secret service",
    .enabled(if: testKeyring, "needs Tests/keyring/with-test-keyring.sh (make unit-test)"),
    .timeLimit(.minutes(1))
)
struct NoSecretServiceTests {
    /// SECRET_SERVICE_BUS_NAME names a service nobody owns on the test bus and
    /// no service file makes activatable: a desktop without a keyring.
    @Test("with no secret service on the bus, every call fails with noSecretService, promptly")
    func noServiceOnTheBus() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            setenv("SECRET_SERVICE_BUS_NAME", "io.github.petspot.Tests.NoSecretService", 1)
            await printEveryCallsOutcome()
        }
        let lines = callOutcomes(result)
        #expect(lines.count == 4, "\(lines)")
        for line in lines {
            #expect(line.contains(": noSecretService: "), "\(line)")
            #expect(line.contains("io.github.petspot.Tests.NoSecretService"), "\(line)")
        }
    }

    /// A session bus address where nothing listens (never none at all: with
    /// a DISPLAY, GLib would start a bus of its own through dbus-launch).
    @Test("with no session bus, every call fails with noSecretService, promptly")
    func noSessionBus() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/petspot-tests/bus", 1)
            await printEveryCallsOutcome()
        }
        let lines = callOutcomes(result)
        #expect(lines.count == 4, "\(lines)")
        for line in lines {
            #expect(line.contains(": noSecretService: no session bus: "), "\(line)")
        }
    }
}

/// In an exit test's child: calls each operation once and prints
/// "keyring-call NAME: noSecretService: DETAIL" (or what else happened).
func printEveryCallsOutcome() async {
    let keyring = KeyringReportPasswords()
    let backend = uniqueBackend()
    let calls: [(String, @Sendable () async throws -> Void)] = [
        ("store", { try await keyring.store(password: "1", label: "x", backend: backend, reportID: "1") }),
        ("password", { _ = try await keyring.password(backend: backend, reportID: "1") }),
        ("storedReports", { _ = try await keyring.storedReports(backend: backend) }),
        ("removePassword", { try await keyring.removePassword(backend: backend, reportID: "1") }),
    ]
    for (name, call) in calls {
        let outcome: String
        do {
            try await call()
            outcome = "succeeded"
        } catch KeyringError.noSecretService(let detail) {
            outcome = "noSecretService: \(detail)"
        } catch {
            outcome = "threw \(type(of: error)): \(error)"
        }
        print("keyring-call \(name): \(outcome)")
    }
}

/// The lines `printEveryCallsOutcome` printed in the child.
func callOutcomes(_ result: ExitTest.Result?) -> [Substring] {
    String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        .split(separator: "\n").filter { $0.hasPrefix("keyring-call ") }
}
