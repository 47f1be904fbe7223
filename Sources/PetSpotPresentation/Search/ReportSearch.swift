// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PixbufKit

/// One result as GNOME Shell shows it: "Lost · Luna · Dog" over
/// "Labrador · Last seen 15 Nov 2025 at Park Street".
public struct ReportSearchResult: Sendable, Equatable {
    public let id: String
    public let name: String
    public let description: String
    /// Where the report's photo is fetched from.
    public let photoURL: URL?
    /// A small PNG of the photo, when the photo is already kept on disk.
    public var thumbnail: Data?
}

/// GNOME Shell's search over the reports already here: the store's latest
/// list, else the offline cache's. It never fetches, so the Shell never waits
/// on the network; the index of a list is built once (off the main thread)
/// and reused until the store has a newer one.
@MainActor
public final class ReportSearch {
    /// A result's photo is a square of this many pixels at most: the Shell
    /// shows results' icons at up to 64 logical pixels, sharp at a scale of 2.
    public nonisolated static let thumbnailSide = 128

    private let store: AnnouncementStore
    private let cachedList: (@Sendable () -> [Announcement]?)?
    private let cachedPhoto: (@Sendable (URL) -> Data?)?
    private let locale: Locale
    /// The index of the store's list of this generation; -1 for the offline
    /// cache's, older than any of the store's.
    private var index: (generation: Int, index: ReportSearchIndex)?
    private var building: (generation: Int, task: Task<ReportSearchIndex, Never>)?
    private var subscription: Int?

    /// - Parameter cachedList: the last good list kept on disk (read off the
    ///   main thread), for when the store has none yet: a Shell search that
    ///   started the app before its first fetch answered.
    /// - Parameter cachedPhoto: a photo's bytes when they are kept on disk
    ///   (read off the main thread); never a fetch.
    public init(
        store: AnnouncementStore, cachedList: (@Sendable () -> [Announcement]?)? = nil,
        cachedPhoto: (@Sendable (URL) -> Data?)? = nil, locale: Locale = Localization.locale
    ) {
        self.store = store
        self.cachedList = cachedList
        self.cachedPhoto = cachedPhoto
        self.locale = locale
        subscription = store.subscribe { [weak self] in self?.prepare($0) }
    }

    isolated deinit {
        if let subscription { store.unsubscribe(subscription) }
    }

    /// The ids of the reports every term matches (see `ReportSearchIndex`).
    public func resultIDs(for terms: [String]) async -> [String] {
        guard let index = await currentIndex() else { return [] }
        return await Self.search(index, terms).map(\.id)
    }

    /// What the Shell shows of each id, in the order asked; ids it no longer
    /// knows are left out. Photos already on disk come as thumbnails.
    public func results(for ids: [String]) async -> [ReportSearchResult] {
        guard let index = await currentIndex() else { return [] }
        let results = index.announcements(ids: ids.prefix(ReportSearchIndex.resultLimit).map(\.self)).map(result)
        guard let cachedPhoto else { return results }
        return await Self.withThumbnails(results, cachedPhoto)
    }

    /// "Lost · Luna · Dog" and "Labrador · Last seen 15 Nov 2025 at Park Street".
    func result(for announcement: Announcement) -> ReportSearchResult {
        let name = [announcement.status.displayName, announcement.displayName, announcement.species.displayName]
        let lastSeen = tr(
            "Last seen {date} at {place}",
            [
                "date": announcement.lastSeenText(locale: locale),
                "place": announcement.locationText(locale: locale),
            ])
        let description = [announcement.breed?.trimmedNonEmpty, lastSeen].compactMap { $0 }
        return ReportSearchResult(
            id: announcement.id, name: name.joined(separator: " · "),
            description: description.joined(separator: " · "), photoURL: announcement.photoURL)
    }

    /// Whether the list of this generation is indexed (for tests).
    func isIndexed(generation: Int) -> Bool { index?.generation == generation }

    /// Once the Shell has searched in this run, each newer list is indexed as
    /// it arrives, so the next keystroke does not wait for it.
    private func prepare(_ snapshot: AnnouncementSnapshot) {
        guard index != nil else { return }
        Task { _ = await index(generation: snapshot.generation) { snapshot.announcements } }
    }

    private func currentIndex() async -> ReportSearchIndex? {
        if let latest = store.latest {
            return await index(generation: latest.generation) { latest.announcements }
        }
        if let index, index.generation == -1 { return index.index }
        guard let cachedList, let cached = await Self.read(cachedList) else { return nil }
        // The store may have fetched while the disk was read: its list is newer.
        if store.latest != nil { return await currentIndex() }
        return await index(generation: -1) { cached }
    }

    private func index(
        generation: Int, of announcements: @escaping @Sendable () -> [Announcement]
    ) async -> ReportSearchIndex {
        if let index, index.generation == generation { return index.index }
        if let building, building.generation == generation { return await building.task.value }
        let task = Task { await Self.build(announcements()) }
        building = (generation, task)
        let built = await task.value
        if building?.generation == generation { building = nil }
        // A newer list's index, built meanwhile, stays.
        if (index?.generation ?? -2) < generation { index = (generation, built) }
        return built
    }

    @concurrent
    private nonisolated static func withThumbnails(
        _ results: [ReportSearchResult], _ cachedPhoto: @Sendable (URL) -> Data?
    ) async -> [ReportSearchResult] {
        results.map { result in
            var result = result
            result.thumbnail = result.photoURL.flatMap(cachedPhoto).flatMap {
                PhotoThumbnail.png(from: $0, side: thumbnailSide)
            }
            return result
        }
    }

    @concurrent
    private nonisolated static func build(_ announcements: [Announcement]) async -> ReportSearchIndex {
        ReportSearchIndex(announcements)
    }

    @concurrent
    private nonisolated static func search(_ index: ReportSearchIndex, _ terms: [String]) async -> [Announcement] {
        index.search(terms)
    }

    @concurrent
    private nonisolated static func read(
        _ cachedList: @Sendable () -> [Announcement]?
    ) async -> [Announcement]? {
        cachedList()
    }
}
