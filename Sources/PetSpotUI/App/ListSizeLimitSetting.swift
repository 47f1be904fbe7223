// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit

/// The list-size-limit setting: the largest full list PetSpot reads, in
/// megabytes. Read once, before the backend is made, from GSettings; nil
/// without PetSpot's schema (the standard limit then applies).
@MainActor
public enum ListSizeLimitSetting {
    static let key = "list-size-limit"

    public static func megabytes(schemaDirectory: String? = nil, backend: SettingsBackend = .standard) -> Int? {
        Settings(schemaID: GSettingsStore.schemaID, schemaDirectory: schemaDirectory, backend: backend)?
            .integer(key)
    }
}
