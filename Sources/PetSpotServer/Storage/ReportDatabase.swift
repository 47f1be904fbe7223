// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import PetSpotDomain

// The server's one storage protocol: every route, the seeder and the list's
// body cache use a database only through it, so any engine that keeps these
// contracts serves the same API (decision 0066). Engine types (GRDB's, the
// PostgreSQL client's) never appear here.
//
// - count(): how many reports there are.
// - all(): every report in storage order: the order they were first stored
//   in; an upsert of an existing id keeps its place.
// - announcements(in:): the reports whose great-circle distance from the
//   area's centre (`SearchArea.contains`) is below its radius, in storage order.
// - announcement(id:): one report, or nil.
// - upsert(_:): inserts or replaces (by id) every report given, in one
//   transaction: all or none. Credentials and sightings of a replaced report stay.
//   An engine that keeps microchip numbers unique in its schema (PostgreSQL)
//   throws `ReportWriteError.microchipTaken` when two reports would share one,
//   storing none; SQLite, whose files may hold reports from before the rule,
//   stores them.
// - deleteAll(): deletes every report, with its credentials and sightings.
//   Photos stay (a seed may name them again).
// - create(_:credentials:): a new report and its password's hash in one
//   transaction. A microchip number another report has throws
//   `ReportWriteError.microchipTaken`, also when two such creates race, in
//   this process or another.
// - credentials(forReport:): the report's password hash; nil when it has none
//   (seeded reports) or there is no such report.
// - updateReport(id:now:_:): reads the report, lets `change` make its next
//   version, writes it back, all in one transaction that no other write to the
//   report can interleave with; what `change` throws rolls back and is thrown.
//   The id, `photoUrl` and `createdAt` stay; `updatedAt` moves to
//   `WireTimestamp.after(previous, now:)`. Throws `.noSuchReport`, and
//   `.microchipTaken` for a microchip number the report did not have and
//   another report has. Returns the report as stored.
// - setPhoto(ofReport:to:now:): points `photoUrl` at the URL given and moves
//   `updatedAt` as an update does; returns the previous `photoUrl`. Throws
//   `.noSuchReport`.
// - addSighting(_:): stores a sighting of an open report. Throws
//   `SightingWriteError.noSuchReport` or `.reportClosed`, checked in the same
//   transaction as the insert.
// - sightings(ofReport:limit:): the newest `limit` by `seenAt` (ties: the later
//   stored first); nil when there is no such report.
// - revision(): an opaque value that moves after every commit that changes a
//   report's JSON (upserts, deletions, creates, updates, photos), also a commit
//   by another process or server on the same database; equal revisions mean
//   the full list is unchanged. A sighting may leave it as it is. Reading
//   never moves it.
// - photo(named:): the photo stored under a plain file name (already checked by
//   `ImageFileName`), with its size and a version that changes whenever new
//   bytes are stored under the name; nil when there is none.
// - storePhoto(_:named:): stores the bytes under the name, replacing any
//   photo of that name; a reader sees the old bytes or the new, never part.
// - deletePhoto(named:): removes it; no error when there is none.
// - reservePasswordGuess(forReport:): takes one of the report's guesses at
//   its management password before it is checked, false when it has none left
//   (`PasswordAttempts.limit` wrong ones within `PasswordAttempts.window`).
//   The guess counts as wrong until `forgetPasswordGuesses` is called for the
//   right password. An engine shared by several processes counts across them.
// - forgetPasswordGuesses(forReport:): the right password was given.
// - page(_:): at most `limit` reports the filter matches (status, species,
//   the folded search in the folded pet name or breed, the area as
//   `announcements(in:)` decides it), in the filter's order: `newest` by
//   `createdAt`'s instant (milliseconds; an unreadable one counts as before
//   every other) then `id`, both descending; `oldest` the reverse; `nearest`
//   by great-circle distance from the area's centre then `id` (throws
//   `ReportPageError.nearestWithoutArea` without an area). `after` starts just
//   past that key (keyset: reports stored or removed since cannot shift the
//   rest). `next` is the page's last key when more follow, nil otherwise.
//   Keys are the engine's own: only its own pages' keys are given back.
// - count(matching:upTo:): how many reports `page(_:)` would give on all
//   pages, or `limit` when that many or more would (it need not count on).
// - page(_:countingUpTo:): `page(_:)` and `count(matching:upTo:)` of its
//   filter together; an engine may take both from one read.
// - cursorKey(): 32 random bytes kept in the database, made by the first
//   caller and the same for every process on it afterwards.
// - close(): releases connections; later calls fail. Called once.
//
// Errors other than `ReportWriteError` and `SightingWriteError` are the
// engine's own and become a 500.

/// Where the server's reports, their credentials, sightings, photos and
/// password guesses are kept. See the contracts at the top of this file.
protocol ReportDatabase: Sendable {
    func count() async throws -> Int
    func all() async throws -> [WireAnnouncement]
    func announcements(in area: SearchArea) async throws -> [WireAnnouncement]
    func announcement(id: String) async throws -> WireAnnouncement?
    func upsert(_ announcements: [WireAnnouncement]) async throws
    func deleteAll() async throws

    func create(_ announcement: WireAnnouncement, credentials: PasswordHash) async throws
    func credentials(forReport id: String) async throws -> PasswordHash?
    func updateReport(
        id: String, now: Date, _ change: @escaping @Sendable (WireAnnouncement) throws -> WireAnnouncement
    ) async throws -> WireAnnouncement
    func setPhoto(ofReport id: String, to photoURL: String, now: Date) async throws -> String?

    func addSighting(_ sighting: WireSighting) async throws
    func sightings(ofReport id: String, limit: Int) async throws -> [WireSighting]?

    func revision() async throws -> DatabaseRevision

    func photo(named name: String) async throws -> StoredPhoto?
    func storePhoto(_ bytes: ByteBuffer, named name: String) async throws
    func deletePhoto(named name: String) async throws

    func reservePasswordGuess(forReport id: String) async throws -> Bool
    func forgetPasswordGuesses(forReport id: String) async throws

    func page(_ query: ReportPageQuery) async throws -> ReportPage
    func count(matching filter: ReportFilter, upTo limit: Int) async throws -> Int
    func page(_ query: ReportPageQuery, countingUpTo limit: Int) async throws -> CountedReportPage
    func cursorKey() async throws -> Data

    func close() async throws
}

extension ReportDatabase {
    /// `updateReport(id:now:_:)` at the current time.
    func updateReport(
        id: String, _ change: @escaping @Sendable (WireAnnouncement) throws -> WireAnnouncement
    ) async throws -> WireAnnouncement {
        try await updateReport(id: id, now: Date(), change)
    }

    /// `setPhoto(ofReport:to:now:)` at the current time.
    func setPhoto(ofReport id: String, to photoURL: String) async throws -> String? {
        try await setPhoto(ofReport: id, to: photoURL, now: Date())
    }

    func page(_ query: ReportPageQuery, countingUpTo limit: Int) async throws -> CountedReportPage {
        try await pageAndCountSeparately(query, upTo: limit)
    }

    /// The page and the count as two reads at once.
    func pageAndCountSeparately(_ query: ReportPageQuery, upTo limit: Int) async throws -> CountedReportPage {
        async let page = page(query)
        let total = try await count(matching: query.filter, upTo: limit)
        return CountedReportPage(page: try await page, total: total)
    }
}

/// A database's state as far as the full list goes: a list built at one
/// revision is still right while `revision()` answers an equal one. What the
/// numbers mean is the engine's own (a commit counter, SQLite's data version).
struct DatabaseRevision: Equatable, Sendable {
    private let components: [Int64]

    init(_ components: Int64...) {
        self.components = components
    }
}

/// A photo as a database keeps it: in a file the engine names (served from
/// the file, in parts when asked), or as bytes it has read.
struct StoredPhoto: Sendable {
    enum Bytes: Sendable {
        /// A regular file holding exactly the photo.
        case file(path: String)
        case inMemory(ByteBuffer)
    }

    let size: Int
    /// Opaque (no `"`), different for every bytes stored under the name: the
    /// photo's strong `ETag` is made from it.
    let version: String
    let bytes: Bytes
}
