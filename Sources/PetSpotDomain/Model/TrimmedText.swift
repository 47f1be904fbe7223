import Foundation

extension String {
    /// Trimmed of surrounding whitespace; `nil` when nothing is left. Fast path
    /// for the usual already-clean string (no allocation). Shared by the
    /// client's validation and the presentation's search, hence `package`.
    package var trimmedNonEmpty: String? {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return nil }
        if !first.properties.isWhitespace, !last.properties.isWhitespace { return self }
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
