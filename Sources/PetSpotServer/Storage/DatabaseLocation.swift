// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Which engine keeps the server's data, and where: what `petspot-server`'s
/// `--db FILE` or `--database URL` names.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file, created with its parent directory when missing; photos
    /// are files in an images directory beside it unless configured elsewhere.
    case sqlite(path: String)
    /// A PostgreSQL database, `postgres://user[:password]@host[:port]/database`
    /// as given (the engine reads it); photos are kept in it.
    case postgreSQL(url: String)

    /// Reads a `--database` value: a `postgres://` or `postgresql://` URL, a
    /// `sqlite:` URL (`sqlite:relative/file`, `sqlite:///absolute/file`), or a
    /// plain path of a SQLite file. Anything that starts like a URL of another
    /// kind (`mysql://…`, `http:…`) is refused rather than taken for a file name.
    public init(parsing text: String) throws(DatabaseLocationError) {
        guard !text.isEmpty else { throw .empty }
        guard let scheme = Self.scheme(of: text) else {
            self = .sqlite(path: text)
            return
        }
        switch scheme {
        case "postgres", "postgresql":
            guard text.dropFirst(scheme.count).hasPrefix("://") else {
                throw .malformedPostgreSQL(Self.redacted(text))
            }
            self = .postgreSQL(url: text)
        case "sqlite":
            var path = String(text.dropFirst("sqlite:".count))
            if path.hasPrefix("//") {
                // `sqlite:///absolute` and `sqlite://localhost/absolute` name a local file.
                path.removeFirst(2)
                guard let slash = path.firstIndex(of: "/"), ["", "localhost"].contains(String(path[..<slash]))
                else { throw .unsupported(Self.redacted(text)) }
                path = String(path[slash...])
            }
            guard !path.isEmpty else { throw .empty }
            self = .sqlite(path: path.removingPercentEncoding ?? path)
        default:
            throw .unsupported(Self.redacted(text))
        }
    }

    /// For logs and errors: a PostgreSQL URL without its password.
    public var description: String {
        switch self {
        case .sqlite(let path): return "SQLite file \(path)"
        case .postgreSQL(let url): return "PostgreSQL database \(Self.redacted(url))"
        }
    }

    /// `scheme:` at the start of a URL (two characters at least, so that no
    /// plain file name of one letter and a colon is read as one); nil for a path.
    private static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard candidate.count >= 2, let first = candidate.unicodeScalars.first,
            CharacterSet.letters.contains(first),
            candidate.unicodeScalars.allSatisfy({
                CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0)
            })
        else { return nil }
        return candidate.lowercased()
    }

    /// The text with any password of its user part replaced by `***`.
    static func redacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"),
            let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
    }
}

/// Why a `--database` value names no database the server can use.
public enum DatabaseLocationError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case unsupported(String)
    case malformedPostgreSQL(String)
    /// The engine is not part of this build.
    case engineNotAvailable(String)
    /// A photos directory was given for an engine that keeps photos in the database.
    case imagesDirectoryNeedsSQLite

    public var description: String {
        switch self {
        case .empty:
            return "the database location is empty"
        case .unsupported(let text):
            return "\"\(text)\" is neither a SQLite file (a path or sqlite:PATH) nor a postgres://user@host:port/db URL"
        case .malformedPostgreSQL(let text):
            return "\"\(text)\" is not a PostgreSQL URL: postgres://user@host:port/database"
        case .engineNotAvailable(let engine):
            return "the \(engine) storage engine is not available in this build"
        case .imagesDirectoryNeedsSQLite:
            return
                "a photos directory (--images) applies only to a SQLite database; PostgreSQL keeps photos in the database"
        }
    }
}
