// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import JSONKit
import Logging
import PetSpotDomain

/// Decodes PetSpot response bodies into validated announcements.
///
/// Accepts the contract's `{"data": [...]}` list, the variant
/// `{"announcements": [...]}` list (nested `location`, `Lost`/`Found`), and
/// the bare object of the details endpoint. Bad items are skipped and logged
/// in one line per reason per load (`LoadProblems`); only a body that is
/// unusable as a whole is an error. Never traps, whatever the input.
///
/// Synchronous and CPU-bound: call it from a nonisolated async context (the
/// HTTP repository does), never on the main thread.
public struct AnnouncementDecoder: Sendable {
    /// The API base URL relative photo paths are resolved against.
    public let baseURL: URL
    private let logger: Logger
    private let logOnce: LogOnceRegistry

    public init(baseURL: URL, logger: Logger = .petSpotClient) {
        self.init(baseURL: baseURL, logger: logger, logOnce: .shared)
    }

    init(baseURL: URL, logger: Logger, logOnce: LogOnceRegistry) {
        self.baseURL = baseURL
        self.logger = logger
        self.logOnce = logOnce
    }

    /// A list body: every usable announcement in the order received, one per
    /// id (`DuplicateIDs`), plus what was skipped and why.
    public func decodeList(from body: Data) throws(AnnouncementDecodingError) -> AnnouncementListDecoding {
        let reader = listReader()
        var start = body.startIndex
        while start < body.endIndex {
            let end =
                body.index(start, offsetBy: AnnouncementListReader.pieceBytes, limitedBy: body.endIndex)
                ?? body.endIndex
            try reader.read(body[start..<end])
            start = end
        }
        return try reader.finish()
    }

    /// A reader for one list body fed as it arrives.
    public func listReader(pieceBytes: Int = AnnouncementListReader.pieceBytes) -> AnnouncementListReader {
        AnnouncementListReader(
            decoder: self, validator: AnnouncementValidator(photoResolver: PhotoURLResolver(baseURL: baseURL)),
            pieceBytes: pieceBytes)
    }

    /// A details body: one bare announcement object.
    public func decodeDetail(from body: Data) throws(AnnouncementDecodingError) -> Announcement {
        let item = LenientWireItem(try Self.parse(body).root)
        let validator = AnnouncementValidator(photoResolver: PhotoURLResolver(baseURL: baseURL))
        switch validator.validate(item) {
        case .valid(let announcement, let updatedBeforeCreated):
            if updatedBeforeCreated { noteUpdatedBeforeCreated(announcement) }
            return announcement
        case .skipped(_, .notAnObject):
            throw .malformedBody("top level is not a JSON object")
        case .skipped(let id, let reason):
            var problems = LoadProblems()
            problems.noteSkip(SkippedAnnouncement(id: id ?? item.id, index: 0, reason: reason))
            problems.log(to: logger, once: logOnce)
            throw .invalidAnnouncement(id: id ?? item.id, reason: reason)
        }
    }

    // MARK: - Logging

    func log(_ problems: LoadProblems) {
        problems.log(to: logger, once: logOnce)
    }

    func noteUpdatedBeforeCreated(_ announcement: Announcement) {
        guard logOnce.isFirstOccurrence(of: "updatedBeforeCreated|\(announcement.id)") else { return }
        logger.debug("Announcement id \(announcement.id) has updatedAt before createdAt; kept as is")
    }

    // MARK: - Body shape

    /// Unreadable numbers and strings read as null: one odd value costs that
    /// field, as the lenient rules want, not the whole list.
    private static func parse(_ body: Data) throws(AnnouncementDecodingError) -> JSONDocument {
        do {
            return try JSONDocument(parsing: body, options: .nullForUnreadableScalars)
        } catch {
            throw .malformedBody("not valid JSON (\(error.message))")
        }
    }
}
