// SPDX-License-Identifier: GPL-3.0-or-later

import JSONKit
import Logging
import PetSpotDomain

/// Decodes a list body as it arrives: each piece of its items is parsed,
/// turned into announcements and dropped before the next, so a list costs
/// the announcements it yields, not its body, its parse or its copies
/// (docs/decisions/0077). `AnnouncementDecoder.decodeList` and the HTTP
/// repository's streamed body both read through it.
///
/// Feed the bytes in order with `read`, then call `finish` once.
public final class AnnouncementListReader {
    /// The JSON handed to simdjson at once: large enough to amortise a parse,
    /// small enough that its tape and strings stay in the cache.
    public static let pieceBytes = 1 << 20

    private static let envelopeKeys = ["data", "announcements"]
    private static let envelopeNames = JSONFieldNames(envelopeKeys)
    private static let pageNames = JSONFieldNames(["next", "total", "totalExact"])

    /// What one of the envelope's arrays has yielded so far.
    private struct Items {
        var announcements: [Announcement] = []
        var skipped: [SkippedAnnouncement] = []
        var problems = LoadProblems()
        var count = 0
    }

    private let stream: JSONObjectStream
    private let validator: AnnouncementValidator
    private let decoder: AnnouncementDecoder
    private var items = [Items](repeating: Items(), count: envelopeKeys.count)

    init(decoder: AnnouncementDecoder, validator: AnnouncementValidator, pieceBytes: Int) {
        self.decoder = decoder
        self.validator = validator
        // Unreadable numbers and strings read as null: one odd value costs
        // that field, as the lenient rules want, not the whole list.
        stream = JSONObjectStream(
            arrays: Self.envelopeKeys, pieceBytes: pieceBytes, options: .nullForUnreadableScalars)
    }

    /// The next bytes of the body.
    public func read(_ bytes: some Collection<UInt8>) throws(AnnouncementDecodingError) {
        do {
            try stream.feed(bytes)
            try decodePieces()
        } catch {
            throw .malformedBody("not valid JSON (\(error.message))")
        }
    }

    /// The body has ended: every usable announcement in the order received,
    /// one per id (`DuplicateIDs`), plus what was skipped and why.
    public func finish() throws(AnnouncementDecodingError) -> AnnouncementListDecoding {
        let envelope: JSONValue
        do {
            try stream.finish()
            try decodePieces()
            envelope = try stream.envelope()
        } catch {
            throw .malformedBody("not valid JSON (\(error.message))")
        }
        let position = try Self.listPosition(in: envelope)
        var chosen = items[position]
        items = []
        let unique = DuplicateIDs.keepingLatest(chosen.announcements) { chosen.problems.noteDuplicate(id: $0) }
        decoder.log(chosen.problems)
        return AnnouncementListDecoding(
            announcements: unique, skipped: chosen.skipped, page: position == 0 ? Self.page(in: envelope) : nil)
    }

    private func decodePieces() throws(JSONParseError) {
        while let piece = try stream.nextPiece() {
            decode(piece.elements, into: &items[piece.name])
        }
    }

    private func decode(_ elements: JSONElements, into items: inout Items) {
        for value in elements {
            let item = LenientWireItem(value)
            switch validator.validate(item) {
            case .valid(let announcement, let updatedBeforeCreated):
                if updatedBeforeCreated { decoder.noteUpdatedBeforeCreated(announcement) }
                items.announcements.append(announcement)
            case .skipped(let id, let reason):
                let skip = SkippedAnnouncement(id: id ?? item.id, index: items.count, reason: reason)
                items.problems.noteSkip(skip)
                items.skipped.append(skip)
            }
            items.count += 1
        }
    }

    /// The page fields of a `{"data": …}` envelope, when it is a page.
    private static func page(in envelope: JSONValue) -> PageEnvelope? {
        guard let fields = envelope.fields(pageNames), let next = fields[0], let total = fields[1]?.int64,
            total >= 0, next.isNull || next.string != nil
        else { return nil }
        return PageEnvelope(next: next.string, total: Int(clamping: total), totalExact: fields[2]?.bool ?? true)
    }

    /// Which array holds the list: `data`, or `announcements` when `data` is
    /// absent or null. The envelope shows each streamed array as `[]`.
    private static func listPosition(in envelope: JSONValue) throws(AnnouncementDecodingError) -> Int {
        guard let fields = envelope.fields(envelopeNames) else {
            throw .malformedBody("top level is not a JSON object")
        }
        for (position, key) in envelopeKeys.enumerated() {
            guard let value = fields[position], !value.isNull else { continue }
            guard value.elements != nil else { throw .malformedBody("\"\(key)\" is not an array") }
            return position
        }
        throw .malformedBody("no \"data\" or \"announcements\" array")
    }
}
