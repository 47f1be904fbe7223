// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The offline cache on disk: what it keeps, what it refuses to read back.
@Suite struct OfflineCacheTests {
    static let backend = "http://127.0.0.1:3000"
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("petspot-offline-\(UUID().uuidString)", isDirectory: true)

    private func cache(backend: String = Self.backend, sizeLimit: Int = OfflineCache.sizeLimitBytes) -> OfflineCache {
        OfflineCache(backend: backend, folder: folder, sizeLimit: sizeLimit)
    }

    private func full(_ id: String) -> Announcement {
        var announcement = Fixtures.announcement(id, name: "Rex \(id)", breed: "Beagle", minutes: 3)
        announcement.sex = .male
        announcement.age = 4
        announcement.description = "Brown ears, “shy”"
        announcement.microchipNumber = "616093900012345"
        announcement.address = "Marszałkowska 1"
        announcement.email = "owner@example.com"
        announcement.phone = "+48 600 100 200"
        announcement.photoURL = URL(string: "http://127.0.0.1:3000/images/\(id).jpg")
        announcement.reward = "500 PLN"
        announcement.updatedAt = Date(timeIntervalSinceReferenceDate: 800_000_000.125)
        return announcement
    }

    /// The one file the list is kept in.
    private func listFile() throws -> URL {
        let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        let files = walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "list" }
        return try #require(files.first)
    }

    @Test func aListIsReadBackWithEveryFieldAndItsFetchTime() async throws {
        let cache = cache()
        let fetchedAt = Date(timeIntervalSinceReferenceDate: 810_000_000.5)
        let reports = [full("a"), Fixtures.announcement("b", species: .cat, status: .found)]
        cache.saveList(reports, fetchedAt: fetchedAt)
        await cache.flush()

        let list = try #require(cache.cachedList())
        #expect(list.announcements == reports)
        #expect(list.fetchedAt == fetchedAt)
        // Another instance (the next run) reads the same files.
        #expect(self.cache().cachedList()?.announcements == reports)
    }

    @Test func aListLargerThanItsShareKeepsTheNewestReportsThatFitNewestFirst() async throws {
        // Oldest first, as a backend may send them: 2 000 reports of about 600 bytes each.
        let reports = (0..<2_000).map { index in
            var report = full(String(format: "r%04d", index))
            report.createdAt = Date(timeIntervalSince1970: 1_763_200_000 + Double(index) * 60)
            return report
        }
        let listLimit = 200_000
        let cache = OfflineCache(backend: Self.backend, folder: folder, listSizeLimit: listLimit)
        cache.saveList(reports, fetchedAt: Date(timeIntervalSinceReferenceDate: 810_000_000))
        await cache.flush()

        let kept = try #require(cache.cachedList()).announcements
        #expect(kept.count > 100 && kept.count < 2_000, "a part of the list, not none and not all: \(kept.count)")
        #expect(kept == Array(reports.reversed().prefix(kept.count)), "the newest, newest first, every field intact")
        let size = try #require(try listFile().resourceValues(forKeys: [.fileSizeKey]).fileSize)
        #expect(size <= listLimit + 1_024, "the list's file stays within its share (and its envelope)")
    }

    @Test func aListWhoseFirstReportsDoNotFitReplacesTheKeptOneWithNothing() async throws {
        let cache = OfflineCache(backend: Self.backend, folder: folder, listSizeLimit: 2_000)
        cache.saveList([full("a")], fetchedAt: Date())
        await cache.flush()
        #expect(cache.cachedList()?.announcements.map(\.id) == ["a"])

        cache.saveList((0..<300).map { full("b\($0)") }, fetchedAt: Date())
        await cache.flush()
        #expect(cache.cachedList() == nil, "an older list is not shown as the backend's last one")
    }

    @Test func nothingCachedReadsAsNothing() {
        let cache = cache()
        #expect(cache.cachedList() == nil)
        #expect(cache.cachedDetails(id: "a") == nil)
        #expect(cache.cachedPhoto(from: URL(string: "http://127.0.0.1:3000/images/a.jpg")!) == nil)
    }

    @Test func aListSavedJustBeforeQuittingIsOnDiskOnceWritesAreFinished() {
        let cache = cache()
        cache.saveList([full("a")], fetchedAt: Date())
        cache.finishWrites()
        #expect(cache.cachedList()?.announcements.map(\.id) == ["a"])
    }

    @Test func detailsAndPhotosAreReadBack() async throws {
        let cache = cache()
        let photo = Data((0..<1000).map { UInt8($0 % 251) })
        let url = try #require(full("a").photoURL)
        cache.saveDetails(full("a"))
        cache.savePhoto(photo, from: url)
        await cache.flush()

        #expect(cache.cachedDetails(id: "a") == full("a"))
        #expect(cache.cachedPhoto(from: url) == photo)
        #expect(cache.cachedPhoto(from: URL(string: "http://127.0.0.1:3000/images/b.jpg")!) == nil)
    }

    @Test func detailsNotShownComeFromTheCachedList() async {
        let cache = cache()
        cache.saveList([full("a"), full("b")], fetchedAt: Date())
        await cache.flush()

        #expect(cache.cachedDetails(id: "b") == full("b"))
        #expect(cache.cachedDetails(id: "c") == nil)
    }

    @Test func anotherBackendsCacheIsNotUsed() async throws {
        let first = cache()
        first.saveList([full("a")], fetchedAt: Date())
        first.saveDetails(full("a"))
        await first.flush()

        let other = cache(backend: "http://other.example:3000")
        #expect(other.cachedList() == nil)
        #expect(other.cachedDetails(id: "a") == nil)

        // Even its file copied to where the other backend looks is not read as the other's.
        other.saveList([full("z")], fetchedAt: Date())
        await other.flush()
        let otherFile = folder.appendingPathComponent(OfflineCache.hash("http://other.example:3000") + "/list")
        try FileManager.default.removeItem(at: otherFile)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent(OfflineCache.hash(Self.backend) + "/list"), to: otherFile)
        #expect(other.cachedList() == nil)
        #expect(first.cachedList()?.announcements == [full("a")])
    }

    @Test func theLeastRecentlyUsedFilesGoWhenTheCapIsReached() async throws {
        let cache = cache(sizeLimit: 10_000)
        let urls = (0..<4).map { URL(string: "http://127.0.0.1:3000/images/\($0).jpg")! }
        let photo = Data(repeating: 7, count: 3000)
        cache.savePhoto(photo, from: urls[0])
        cache.savePhoto(photo, from: urls[1])
        await cache.flush()
        // Photo 0 was shown again: photo 1 is now the least recently used.
        #expect(cache.cachedPhoto(from: urls[0]) == photo)
        cache.savePhoto(photo, from: urls[2])
        cache.savePhoto(photo, from: urls[3])
        await cache.flush()

        #expect(cache.cachedPhoto(from: urls[1]) == nil)
        #expect(cache.cachedPhoto(from: urls[0]) == photo)
        #expect(cache.cachedPhoto(from: urls[2]) == photo)
        #expect(cache.cachedPhoto(from: urls[3]) == photo)
        #expect(DiskCache(folder: folder, sizeLimit: 10_000).totalSize <= 10_000)
    }

    @Test func aFolderOverTheCapIsTrimmedWhenOpened() async throws {
        let large = cache(sizeLimit: 100_000)
        for index in 0..<5 {
            large.savePhoto(Data(repeating: 1, count: 10_000), from: URL(string: "http://h/\(index)")!)
        }
        await large.flush()
        #expect(DiskCache(folder: folder, sizeLimit: 100_000).totalSize > 50_000)

        #expect(DiskCache(folder: folder, sizeLimit: 25_000).totalSize <= 25_000)
    }

    @Test func aPayloadLargerThanTheWholeCapIsNotKept() async {
        let cache = cache(sizeLimit: 1000)
        let url = URL(string: "http://127.0.0.1:3000/images/big.jpg")!
        cache.savePhoto(Data(repeating: 1, count: 2000), from: url)
        await cache.flush()
        #expect(cache.cachedPhoto(from: url) == nil)
    }

    @Test(
        "a damaged list file is ignored, deleted and replaced by the next list",
        arguments: ["garbage", "truncated", "wrong type", "invalid report", "empty"])
    func damagedListFile(_ damage: String) async throws {
        let cache = cache()
        cache.saveList([full("a"), full("b")], fetchedAt: Date())
        cache.saveDetails(full("a"))
        await cache.flush()
        let file = try listFile()
        let original = try Data(contentsOf: file)
        switch damage {
        case "garbage":
            try Data("{\"not\": \"ours\"}".utf8).write(to: file)
        case "truncated":
            try original.prefix(original.count - 40).write(to: file)
        case "empty":
            try Data().write(to: file)
        case "wrong type":
            // A well-formed envelope for the list's key whose payload is a report, not a list.
            let disk = DiskCache(folder: folder, sizeLimit: OfflineCache.sizeLimitBytes)
            let details = try #require(
                disk.read(
                    name: OfflineCache.hash(Self.backend) + "/details/" + OfflineCache.hash("a"),
                    key: "details\n\(Self.backend)\na"))
            disk.write(details, name: OfflineCache.hash(Self.backend) + "/list", key: "list\n\(Self.backend)")
        default:
            let text = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "52.2297", with: "152.2297")
            let disk = DiskCache(folder: folder, sizeLimit: OfflineCache.sizeLimitBytes)
            let payloadStart = try #require(text.firstIndex(of: "{"))
            disk.write(
                Data(text[payloadStart...].utf8), name: OfflineCache.hash(Self.backend) + "/list",
                key: "list\n\(Self.backend)")
        }

        let reopened = self.cache()
        #expect(reopened.cachedList() == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the damaged file is deleted")

        reopened.saveList([full("c")], fetchedAt: Date())
        await reopened.flush()
        #expect(reopened.cachedList()?.announcements == [full("c")])
    }

    @Test func aHugeFileIsNotReadWhole() async throws {
        let cache = cache(sizeLimit: 4096)
        cache.saveList([full("a")], fetchedAt: Date())
        await cache.flush()
        let file = try listFile()
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 64 * 1024 * 1024)  // sparse: no real disk used
        try handle.close()

        #expect(self.cache(sizeLimit: 4096).cachedList() == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFolderWhereTheListFileShouldBeIsNoCrash() async throws {
        let cache = cache()
        let listPath = folder.appendingPathComponent(OfflineCache.hash(Self.backend) + "/list", isDirectory: true)
        try FileManager.default.createDirectory(at: listPath, withIntermediateDirectories: true)
        #expect(cache.cachedList() == nil)
        cache.saveList([full("a")], fetchedAt: Date())
        await cache.flush()
        #expect(cache.cachedList() == nil || cache.cachedList()?.announcements == [full("a")])
    }
}
