// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The body of `PATCH /api/v1/announcements/{id}`: only the keys that change,
/// each with its new value; `null` empties an optional field, and a key left
/// out keeps what the server has. Sending only what the user changed means a
/// value the client read differently (a text cut at its limit, an unknown
/// species read as Other) is never written back.
public struct ReportChanges: Sendable, Hashable, Encodable {
    /// One key's new value, as JSON.
    public enum Value: Sendable, Hashable {
        case text(String)
        case integer(Int)
        case number(Double)
        case null
    }

    /// The keys that change; `.contact` is never one (it is no key).
    public private(set) var values: [ReportField: Value]

    public init(_ values: [ReportField: Value] = [:]) {
        self.values = values.filter { $0.key != .contact }
    }

    /// Nothing changes.
    public var isEmpty: Bool { values.isEmpty }

    /// The fields that change, in the contract's order.
    public var fields: [ReportField] { ReportField.allCases.filter { values[$0] != nil } }

    /// Closes the report: the pet is home.
    public static let closing = ReportChanges([.status: .text(AnnouncementStatus.closed.wireValue)])

    /// How far a coordinate may move without counting as a change: the form
    /// writes six decimals (about 10 cm), so a place it shows unchanged is
    /// never sent.
    public static let coordinateTolerance = 1e-6

    /// What turns `original`, as this client read it, into `report`.
    public init(from original: Announcement, to report: NewReport) {
        var values: [ReportField: Value] = [:]
        func text(_ field: ReportField, _ old: String?, _ new: String?) {
            if old != new { values[field] = new.map(Value.text) ?? .null }
        }
        if original.status != report.status { values[.status] = .text(report.status.wireValue) }
        text(.petName, original.petName, report.petName)
        if original.species != Species(wireValue: report.species) { values[.species] = .text(report.species) }
        text(.breed, original.breed, report.breed)
        if original.sex != report.sex { values[.sex] = .text(report.sex.rawValue) }
        if original.age != report.age { values[.age] = report.age.map(Value.integer) ?? .null }
        text(.description, original.description, report.description)
        text(.microchipNumber, original.microchipNumber, report.microchipNumber)
        if abs(original.coordinate.latitude - report.coordinate.latitude) > Self.coordinateTolerance {
            values[.locationLatitude] = .number(report.coordinate.latitude)
        }
        if abs(original.coordinate.longitude - report.coordinate.longitude) > Self.coordinateTolerance {
            values[.locationLongitude] = .number(report.coordinate.longitude)
        }
        if original.lastSeenDate != report.lastSeenDate { values[.lastSeenDate] = .text(report.lastSeenDate.isoString) }
        text(.email, original.email, report.email)
        text(.phone, original.phone, report.phone)
        text(.reward, original.reward, report.reward)
        self.init(values)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in fields {
            let key = Key(stringValue: field.rawValue)
            switch values[field] {
            case .text(let text): try container.encode(text, forKey: key)
            case .integer(let number): try container.encode(number, forKey: key)
            case .number(let number): try container.encode(number, forKey: key)
            case .null, nil: try container.encodeNil(forKey: key)
            }
        }
    }
}
