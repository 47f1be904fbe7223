// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotClient
import PetSpotTestSupport

extension Fixtures {
    /// A decoder resolving photo URLs against the fixtures' base URL.
    static func decoder() -> AnnouncementDecoder {
        AnnouncementDecoder(baseURL: baseURL)
    }
}
