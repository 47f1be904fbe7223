// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// What lets a client keep a photo and ask again cheaply: a strong ETag and
/// how long it may be kept. An upload's name is new for every upload (a UUID;
/// a replaced photo gets a new name and the old file goes), so its bytes never
/// change and it may be kept for good. Other names (the demo photos) can be
/// seeded again with other bytes: they are revalidated with the ETag each time.
struct PhotoValidator: Equatable {
    /// Quoted, never weak: it changes whenever the file's bytes can have.
    let eTag: String
    let cacheControl: String

    static let immutable = "public, max-age=31536000, immutable"
    static let revalidated = "no-cache"

    /// From the photo's version (`StoredPhoto.version`), which any new bytes
    /// under the name change.
    init(name: String, version: String) {
        eTag = "\"\(version)\""
        cacheControl = PhotoUploadRoute.isUploadName(name) ? Self.immutable : Self.revalidated
    }

    /// `If-None-Match`: whether the client's copy is this one (weak
    /// comparison, as RFC 9110 §13.1.2 asks; `*` matches any file).
    func isMatched(byIfNoneMatch header: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == eTag
        }
    }

    /// `If-Range`: a range is served only of the very bytes the client has
    /// (strong comparison; a date is not strong enough for us to trust).
    func allowsRange(ifRange header: String?) -> Bool {
        guard let header else { return true }
        return header.trimmingCharacters(in: .whitespaces) == eTag
    }
}
