// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import NIOCore
import PetSpotDomain

/// Brings a fresh or existing database to the state the configuration asks for:
/// optional reset, then the seed file, then the demo data if still empty.
///
/// Stops at a safe point when its task is cancelled (the app quitting): between
/// steps, between photos, or inside a write, which then rolls back. A seed's
/// photos are stored before its announcements are written in one transaction,
/// so demo data interrupted anywhere is seeded again at the next start.
struct Seeder {
    let database: any ReportDatabase
    let logger: Logger
    /// Where the bundled demo seed is; replaceable so tests can simulate its absence.
    var locateDemoSeed: () -> URL? = { DemoDataLocator.locateSeedFile() }

    func prepare(for configuration: ServerConfiguration) async throws {
        if configuration.reset {
            try await database.deleteAll()
            logger.info("Deleted all announcements (reset)")
        }
        if let seedURL = configuration.seedFile {
            try Task.checkCancellation()
            try await apply(SeedFile.load(seedURL))
        }
        try Task.checkCancellation()
        if configuration.seedDemoDataIfEmpty, try await database.count() == 0 {
            if let demoSeed = locateDemoSeed() {
                try await apply(SeedFile.load(demoSeed))
            } else {
                let searched = DemoDataLocator.candidateDirectories().map(\.path).joined(separator: ", ")
                logger.warning("Demo data not found; starting with no announcements. Searched: \(searched)")
            }
        }
    }

    func apply(_ seed: SeedFile) async throws {
        warnAboutDuplicateIds(in: seed)
        let copied = try await copyPhotos(of: seed)
        try Task.checkCancellation()
        try await database.upsert(seed.announcements)
        logger.info("Seeded \(seed.announcements.count) announcements and \(copied) photos from \(seed.url.path)")
    }

    /// Stores every `/images/NAME` photo found beside the seed in the
    /// database; returns how many.
    private func copyPhotos(of seed: SeedFile) async throws -> Int {
        let fileManager = FileManager.default
        let names = Set(
            seed.announcements.compactMap { $0.photoUrl.flatMap(ImageFileName.init(photoURL:)) }.map(\.name))
        var copied = 0
        for name in names.sorted() {
            try Task.checkCancellation()
            let source = seed.imagesDirectory.appendingPathComponent(name, isDirectory: false)
            let stored = try await database.photo(named: name)
            guard fileManager.fileExists(atPath: source.path) else {
                if stored == nil {
                    logger.warning(
                        "Photo \(name) is referenced by the seed but found neither beside it nor in the database")
                }
                continue
            }
            // Seeding from the server's own images folder: the photo is there already.
            if case .file(let path)? = stored?.bytes,
                source.resolvingSymlinksInPath().standardizedFileURL
                    == URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL
            {
                continue
            }
            do {
                let bytes = try Data(contentsOf: source)
                try await database.storePhoto(ByteBuffer(bytes: bytes), named: name)
                copied += 1
            } catch {
                logger.warning("Could not copy photo \(name): \(error.localizedDescription)")
            }
        }
        return copied
    }

    private func warnAboutDuplicateIds(in seed: SeedFile) {
        var seen = Set<String>()
        let duplicates = Set(seed.announcements.map(\.id).filter { !seen.insert($0).inserted })
        if !duplicates.isEmpty {
            logger.warning(
                "Seed repeats ids \(duplicates.sorted().prefix(5).joined(separator: ", ")); the last copy of each wins")
        }
    }
}
