// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotServer
import Testing

@Suite("--database: which engine, and where")
struct DatabaseLocationTests {
    @Test(
        "a plain path or a sqlite: URL is a SQLite file",
        arguments: [
            ("petspot.sqlite", "petspot.sqlite"), ("/var/lib/petspot/db.sqlite", "/var/lib/petspot/db.sqlite"),
            ("./a:b.sqlite", "./a:b.sqlite"), ("/srv/x:y/db", "/srv/x:y/db"),
            ("sqlite:data/db.sqlite", "data/db.sqlite"),
            ("sqlite:///var/lib/db.sqlite", "/var/lib/db.sqlite"), ("SQLite://localhost/tmp/db", "/tmp/db"),
            ("sqlite:/tmp/with%20space.sqlite", "/tmp/with space.sqlite"),
        ])
    func sqlite(_ textAndPath: (String, String)) throws {
        #expect(try DatabaseLocation(parsing: textAndPath.0) == .sqlite(path: textAndPath.1))
    }

    @Test(
        "a postgres:// or postgresql:// URL is PostgreSQL, kept as given",
        arguments: [
            "postgres://petspot@127.0.0.1:5432/petspot", "postgresql://petspot:secret@db.example/petspot",
            "postgres://petspot@/petspot?host=/run/postgresql",
        ])
    func postgreSQL(_ text: String) throws {
        #expect(try DatabaseLocation(parsing: text) == .postgreSQL(url: text))
    }

    @Test(
        "anything else is refused with a message naming both forms",
        arguments: [
            "mysql://root@localhost/petspot", "http://example.org/db", "postgres:petspot", "sqlite://server/db",
        ]
    )
    func refused(_ text: String) {
        #expect {
            _ = try DatabaseLocation(parsing: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains("postgres://") && (message.contains("sqlite:") || message.contains("PostgreSQL"))
        }
    }

    @Test("an empty value is refused")
    func empty() {
        #expect(throws: DatabaseLocationError.empty) { try DatabaseLocation(parsing: "") }
        #expect(throws: DatabaseLocationError.empty) { try DatabaseLocation(parsing: "sqlite:") }
    }

    @Test("a PostgreSQL password never reaches a log line or an error")
    func redacted() throws {
        let location = try DatabaseLocation(parsing: "postgres://petspot:hunter2@db.example:5432/petspot")
        #expect(!location.description.contains("hunter2"))
        #expect(location.description.contains("petspot:***@db.example:5432/petspot"))
        #expect {
            _ = try DatabaseLocation(parsing: "mysql://root:hunter2@localhost/petspot")
        } throws: { error in
            !"\(error)".contains("hunter2")
        }
    }
}
