// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A request body that must be one JSON object with only known keys: the
/// first check of every strict body reader (`NewReportBody`, `SightingBody`).
enum JSONObjectBody {
    /// The body's keys and their values, once it is a JSON object with no key
    /// outside `acceptedKeys`; their types are not checked yet.
    /// - Parameter thing: what the body describes, for the unknown key's
    ///   message ("… is not a field of a report.").
    static func fields(of body: Data, acceptedKeys: Set<String>, of thing: String) throws(APIError)
        -> [String: JSONShape]
    {
        let object: [String: JSONShape]
        do {
            object = try JSONDecoder().decode([String: JSONShape].self, from: body)
        } catch DecodingError.typeMismatch {
            throw .invalidBody("The body must be a JSON object.")
        } catch {
            throw .invalidBody("The body is not valid JSON.")
        }
        if let unknown = object.keys.filter({ !acceptedKeys.contains($0) }).sorted().first {
            throw .invalidField(unknown, "\(unknown) is not a field of \(thing).")
        }
        return object
    }
}

/// One JSON value, as much as the body readers need to know of it: its
/// type, and the value when it is a scalar. Containers are not looked into.
enum JSONShape: Decodable, Sendable {
    case null, bool
    case number(Double)
    case string(String)
    case container

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if (try? value.decode(Bool.self)) != nil {
            self = .bool
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else if let text = try? value.decode(String.self) {
            self = .string(text)
        } else {
            self = .container
        }
    }
}
