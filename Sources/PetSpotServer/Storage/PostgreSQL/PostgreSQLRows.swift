// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PostgresNIO

/// `WireAnnouncement` and `WireSighting` to and from PostgreSQL rows: columns
/// read by position in the order of `announcementSelectList`, values written
/// as bindings in that same order.
enum PostgreSQLRows {
    static let announcementSelectList = AnnouncementTable.columnList

    /// Reads the cells in one pass, text and numbers straight from their
    /// binary form: listing 100 000 reports reads 1.8 million cells.
    static func announcement(from row: PostgresRow) throws -> WireAnnouncement {
        var cells = row.makeIterator()
        func next() throws -> PostgresCell {
            guard let cell = cells.next() else { throw PostgresDecodingError.Code.missingData }
            return cell
        }
        return WireAnnouncement(
            id: try text(next()), petName: try optionalText(next()), species: try text(next()),
            breed: try optionalText(next()), sex: try text(next()), age: try optionalInteger(next()),
            description: try optionalText(next()), microchipNumber: try optionalText(next()),
            locationLatitude: try double(next()), locationLongitude: try double(next()),
            lastSeenDate: try text(next()), email: try optionalText(next()), phone: try optionalText(next()),
            photoUrl: try optionalText(next()), status: try text(next()), reward: try optionalText(next()),
            createdAt: try text(next()), updatedAt: try text(next()))
    }

    static func optionalText(_ cell: PostgresCell) throws -> String? {
        guard var bytes = cell.bytes else { return nil }
        guard cell.dataType == .text, cell.format == .binary else { return try cell.decode(String.self) }
        return bytes.readString(length: bytes.readableBytes)
    }

    static func text(_ cell: PostgresCell) throws -> String {
        guard let text = try optionalText(cell) else { return try cell.decode(String.self) }
        return text
    }

    static func double(_ cell: PostgresCell) throws -> Double {
        guard var bytes = cell.bytes, cell.dataType == .float8, cell.format == .binary, bytes.readableBytes == 8,
            let bits = bytes.readInteger(as: UInt64.self)
        else { return try cell.decode(Double.self) }
        return Double(bitPattern: bits)
    }

    static func optionalInteger(_ cell: PostgresCell) throws -> Int? {
        guard var bytes = cell.bytes else { return nil }
        guard cell.dataType == .int8, cell.format == .binary, bytes.readableBytes == 8,
            let value = bytes.readInteger(as: Int64.self)
        else { return try cell.decode(Int.self) }
        return Int(value)
    }

    /// The announcement's 18 values, in `announcementSelectList` order.
    static func appendAnnouncement(_ announcement: WireAnnouncement, to bindings: inout PostgresBindings) {
        bindings.append(announcement.id)
        bindings.append(announcement.petName)
        bindings.append(announcement.species)
        bindings.append(announcement.breed)
        bindings.append(announcement.sex)
        bindings.append(announcement.age)
        bindings.append(announcement.description)
        bindings.append(announcement.microchipNumber)
        bindings.append(announcement.locationLatitude)
        bindings.append(announcement.locationLongitude)
        bindings.append(announcement.lastSeenDate)
        bindings.append(announcement.email)
        bindings.append(announcement.phone)
        bindings.append(announcement.photoUrl)
        bindings.append(announcement.status)
        bindings.append(announcement.reward)
        bindings.append(announcement.createdAt)
        bindings.append(announcement.updatedAt)
    }

    static let announcementColumnCount = 18

    /// `($1, …, $18), ($19, …, $36), …` for `rows` rows: placeholders only.
    static func valuesList(rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    static let sightingSelectList = """
        id, announcement_id, seen_at, latitude, longitude, note, contact, created_at
        """

    static func sighting(from row: PostgresRow) throws -> WireSighting {
        let (id, announcementId, seenAt, latitude, longitude, note, contact, createdAt) = try row.decode(
            (String, String, String, Double, Double, String?, String?, String).self)
        return WireSighting(
            id: id, announcementId: announcementId, seenAt: seenAt, locationLatitude: latitude,
            locationLongitude: longitude, note: note, contact: contact, createdAt: createdAt)
    }
}
