// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing

@testable import PetSpotServer

/// docs/openapi.yaml describes the whole API; `make openapi-check` holds the
/// server's answers to it. These tests hold its list of operations to the
/// routes the server registers: every path with exactly its methods, nothing
/// more, and every operation beyond the original contract marked as an
/// extension.
@Suite("docs/openapi.yaml documents every route the server has")
struct OpenAPIDocumentTests {
    /// One operation as the document gives it.
    struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var description: String { "\(method) \(path)" }
    }

    /// What original PetSpot backends answer; everything else is ours.
    static let originalContract: Set<Operation> = [
        Operation(method: "GET", path: "/api/v1/announcements"),
        Operation(method: "HEAD", path: "/api/v1/announcements"),
        Operation(method: "GET", path: "/api/v1/announcements/{id}"),
        Operation(method: "HEAD", path: "/api/v1/announcements/{id}"),
        Operation(method: "GET", path: "/images/{file}"),
        Operation(method: "HEAD", path: "/images/{file}"),
        Operation(method: "GET", path: "/api/health"),
        Operation(method: "HEAD", path: "/api/health"),
    ]

    static let methods: Set<String> = ["get", "head", "post", "put", "patch", "delete", "options", "trace"]

    /// The document's operations, each with whether it says
    /// `x-petspot-extension: true`. Read as text, by its indentation: paths
    /// are two spaces in under `paths:`, their methods four.
    static func documentedOperations() throws -> [Operation: Bool] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
        var operations: [Operation: Bool] = [:]
        var inPaths = false
        var path: String?
        var current: Operation?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), !line.isEmpty, !line.hasPrefix("#") {
                inPaths = line == "paths:"
                path = nil
                current = nil
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
                current = nil
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path {
                let key = line.dropFirst(4).prefix { $0 != ":" }
                if Self.methods.contains(String(key)) {
                    let operation = Operation(method: key.uppercased(), path: path)
                    #expect(operations[operation] == nil, "\(operation) is documented twice")
                    operations[operation] = false
                    current = operation
                } else {
                    current = nil
                }
            } else if let current, line.trimmingCharacters(in: .whitespaces) == "x-petspot-extension: true" {
                operations[current] = true
            }
        }
        return operations
    }

    static func registeredOperations() async throws -> Set<Operation> {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-openapi-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await ReportDatabases.open(
            .sqlite(path: directory.appendingPathComponent("db.sqlite").path), logger: ServerFixture.quietLogger)
        let routes = APIRouter.assemble(database: database, hasher: PasswordHasher(hashing: .fast, threads: 1)).routes
        try await database.close()
        return Set(
            routes.flatMap { route in route.methods.map { Operation(method: $0, path: route.path.description) } })
    }

    @Test("the same operations as the router, no more, no fewer")
    func sameOperations() async throws {
        let documented = Set(try Self.documentedOperations().keys)
        let registered = try await Self.registeredOperations()
        #expect(registered.count >= 16, "the routes were not read: \(registered)")
        let undocumented = registered.subtracting(documented).map(\.description).sorted()
        let unknown = documented.subtracting(registered).map(\.description).sorted()
        #expect(undocumented.isEmpty, "the server answers these, the document lacks them")
        #expect(unknown.isEmpty, "the document has these, the server does not answer them")
    }

    @Test("each operation beyond the original contract is marked as an extension, and only those")
    func extensionsMarked() throws {
        for (operation, marked) in try Self.documentedOperations() {
            #expect(marked == !Self.originalContract.contains(operation), "\(operation)")
        }
    }
}
