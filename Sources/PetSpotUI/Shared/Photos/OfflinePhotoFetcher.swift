// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotPresentation

/// Photos fetched are kept in the offline cache, and a photo that cannot be
/// fetched for a passing reason (the backend is down) comes from there when
/// it was shown before. A photo the backend says is missing is missing.
struct OfflinePhotoFetcher: PhotoFetching {
    let base: any PhotoFetching
    let cache: OfflineCache

    @concurrent
    func photo(at url: URL) async -> PhotoFetchResult {
        let result = await base.photo(at: url)
        switch result {
        case .data(let data):
            cache.savePhoto(data, from: url)
            return result
        case .failed:
            guard !Task.isCancelled, let cached = cache.cachedPhoto(from: url) else { return .failed }
            return .data(cached)
        case .missing:
            return .missing
        }
    }
}
