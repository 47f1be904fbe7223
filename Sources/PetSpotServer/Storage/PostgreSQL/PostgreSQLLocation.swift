// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, from a `postgres://` URL as libpq reads
/// one: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, user name and
/// password percent-encoded. `?host=/run/postgresql` (a directory) reaches the
/// server through its unix socket there instead, as Debian's peer
/// authentication wants (`postgres://petspot@/petspot?host=/run/postgresql`).
/// `sslmode=disable` is the only mode taken: the server and its database are
/// expected on one host or a private network (docs/decisions/0067).
struct PostgreSQLLocation: Sendable, Equatable {
    enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// The socket file itself: `<directory>/.s.PGSQL.<port>`.
        case unixSocket(path: String)
    }

    var endpoint: Endpoint
    var username: String
    var password: String?
    var database: String

    static let defaultPort = 5432

    /// Why a `--database` value is not a PostgreSQL location this server can use.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case notAPostgresURL
        case noUserName
        case noDatabaseName
        case badPort(String)
        case unsupportedParameter(String)
        case unsupportedSSLMode(String)

        var description: String {
            switch self {
            case .notAPostgresURL:
                "A PostgreSQL database is given as postgres://USER@HOST[:PORT]/DATABASE."
            case .noUserName:
                "The PostgreSQL URL needs a user name: postgres://USER@HOST/DATABASE."
            case .noDatabaseName:
                "The PostgreSQL URL needs a database name: postgres://USER@HOST/DATABASE."
            case .badPort(let port):
                "The PostgreSQL URL's port \"\(port)\" is not a port number."
            case .unsupportedParameter(let name):
                "The PostgreSQL URL's parameter \"\(name)\" is not one this server reads (host, port, sslmode)."
            case .unsupportedSSLMode(let mode):
                "sslmode=\(mode) is not supported: reach PostgreSQL on this host or a private network (sslmode=disable)."
            }
        }
    }

    /// Whether `text` names a PostgreSQL database rather than a SQLite file.
    static func isPostgresURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    init(endpoint: Endpoint, username: String, password: String?, database: String) {
        self.endpoint = endpoint
        self.username = username
        self.password = password
        self.database = database
    }

    init(url text: String) throws(Problem) {
        guard Self.isPostgresURL(text), let components = URLComponents(string: text) else {
            throw .notAPostgresURL
        }
        guard let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw .noUserName
        }
        let path = components.percentEncodedPath
        let name = (path.hasPrefix("/") ? String(path.dropFirst()) : path).removingPercentEncoding ?? ""
        guard !name.isEmpty, !name.contains("/") else { throw .noDatabaseName }

        var socketDirectory: String?
        var port = components.port ?? Self.defaultPort
        for item in components.queryItems ?? [] {
            switch item.name {
            case "host":
                socketDirectory = item.value
            case "port":
                guard let value = item.value, let number = Int(value), (1...65535).contains(number) else {
                    throw .badPort(item.value ?? "")
                }
                port = number
            case "sslmode":
                guard item.value == "disable" else { throw .unsupportedSSLMode(item.value ?? "") }
            default:
                throw .unsupportedParameter(item.name)
            }
        }
        guard (1...65535).contains(port) else { throw .badPort(String(port)) }

        if let directory = socketDirectory, directory.hasPrefix("/") {
            endpoint = .unixSocket(path: "\(directory)/.s.PGSQL.\(port)")
        } else {
            let host = socketDirectory ?? components.host ?? ""
            endpoint = .tcp(host: host.isEmpty ? "localhost" : host, port: port)
        }
        username = user
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        database = name
    }

    /// The same server and user, another database (tests make one each).
    func with(database other: String) -> PostgreSQLLocation {
        var copy = self
        copy.database = other
        return copy
    }

    /// For the pool.
    func clientConfiguration() -> PostgresClient.Configuration { configuration() }

    /// For a single connection.
    func connectionConfiguration() -> PostgresConnection.Configuration { configuration() }

    /// The one place the endpoint and credentials become a postgres-nio configuration.
    private func configuration<Configuration: PostgreSQLEndpointConfiguration>() -> Configuration {
        switch endpoint {
        case .tcp(let host, let port):
            Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: .disable)
        case .unixSocket(let path):
            Configuration(unixSocketPath: path, username: username, password: password, database: database)
        }
    }

    /// For log lines: never the password.
    var redacted: String {
        switch endpoint {
        case .tcp(let host, let port): "postgres://\(username)@\(host):\(port)/\(database)"
        case .unixSocket(let path): "postgres://\(username)@/\(database) (socket \(path))"
        }
    }
}

/// postgres-nio's pool and single-connection configurations are made alike from an
/// endpoint and credentials, so one switch serves both.
protocol PostgreSQLEndpointConfiguration {
    associatedtype TLS: PostgreSQLTLSMode
    init(host: String, port: Int, username: String, password: String?, database: String?, tls: TLS)
    init(unixSocketPath: String, username: String, password: String?, database: String?)
}

/// A TLS mode that can be off: a database URL allows only `sslmode=disable`.
protocol PostgreSQLTLSMode {
    static var disable: Self { get }
}

extension PostgresClient.Configuration: PostgreSQLEndpointConfiguration {}
extension PostgresClient.Configuration.TLS: PostgreSQLTLSMode {}
extension PostgresConnection.Configuration: PostgreSQLEndpointConfiguration {}
extension PostgresConnection.Configuration.TLS: PostgreSQLTLSMode {}
