// SPDX-License-Identifier: GPL-3.0-or-later

/// What the list endpoint's query parameters share, whichever parser reads them.
enum QueryParameters {
    /// The value of `name`; nil when it is absent, INVALID_PARAMETER when it is given more than once.
    static func single(
        _ name: String, in parameters: [(name: String, value: String)]
    ) throws(APIError) -> String? {
        let values = parameters.filter { $0.name == name }.map(\.value)
        guard values.count <= 1 else {
            throw .invalidParameter(name, "\(name) must be given at most once.")
        }
        return values.first
    }
}
