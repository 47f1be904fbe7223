// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotClient

/// What a hostile or broken backend sends must cost little and say little:
/// text is bounded as it is read, repeated ids keep one version, and the log
/// gets a line per problem, not per item.
@Suite("Hostile list bodies")
struct HostileBodyTests {
    /// A body whose `marker` string value is replaced by `count` bytes of `byte`,
    /// built as bytes (quoting 10 MB through `JSON` takes long in a debug build).
    private static func body(_ items: [JSON], replacing marker: String, with byte: UInt8, count: Int) -> Data {
        let text = String(decoding: Fixtures.listBody(items), as: UTF8.self)
        let parts = text.components(separatedBy: marker)
        var data = Data(parts[0].utf8)
        for part in parts.dropFirst() {
            data.append(Data(repeating: byte, count: count))
            data.append(Data(part.utf8))
        }
        return data
    }

    private static func decoder(_ log: RecordingLog) -> AnnouncementDecoder {
        AnnouncementDecoder(baseURL: Fixtures.baseURL, logger: log.logger, logOnce: LogOnceRegistry())
    }

    @Test("a 10 MB name keeps 199 characters and an ellipsis; other short texts the same")
    func longShortTexts() throws {
        var item = Fixtures.wireItem(petName: "@@LONG@@")
        for key in ["breed", "reward", "phone", "email", "microchipNumber"] { item = item.setting(key, "@@LONG@@") }
        let result = try Self.decoder(RecordingLog()).decodeList(
            from: Self.body([item], replacing: "@@LONG@@", with: UInt8(ascii: "A"), count: 10_000_000))
        let announcement = try #require(result.announcements.first)
        let expected = String(repeating: "A", count: 199) + "…"
        #expect(announcement.petName == expected)
        for text in [
            announcement.breed, announcement.reward, announcement.phone, announcement.email,
            announcement.microchipNumber,
        ] {
            #expect(text == expected)
        }
    }

    @Test("a 10 MB description keeps 1 999 characters and an ellipsis")
    func longDescription() throws {
        let item = Fixtures.wireItem().setting("description", "@@LONG@@")
        let detail = try Self.decoder(RecordingLog()).decodeDetail(
            from: Self.body([item], replacing: "@@LONG@@", with: UInt8(ascii: "b"), count: 10_000_000)
                .dropFirst(9).dropLast(2))  // the bare object out of {"data":[…]}
        #expect(detail.description == String(repeating: "b", count: 1_999) + "…")
    }

    @Test("texts within the limits are kept whole, multi-byte characters counted as characters")
    func textWithinLimits() throws {
        let name = String(repeating: "Ł", count: 200)
        let result = try Self.decoder(RecordingLog()).decodeList(
            from: Fixtures.listBody([Fixtures.wireItem(petName: .string(name))]))
        #expect(result.announcements.first?.petName == name)
    }

    @Test("an id over 256 bytes is skipped; an over-long photo URL is no photo")
    func oversizedIDAndPhotoURL() throws {
        let longID = Fixtures.wireItem(id: String(repeating: "i", count: 257))
        let longURL = Fixtures.wireItem(id: "u").setting(
            "photoUrl", .string("/images/" + String(repeating: "p", count: 5_000)))
        let result = try Self.decoder(RecordingLog()).decodeList(from: Fixtures.listBody([longID, longURL]))
        #expect(result.skipped.map(\.reason) == [.oversizedID])
        #expect(result.announcements.map(\.id) == ["u"])
        #expect(result.announcements.first?.photoURL == nil)
    }

    @Test("200 000 empty items log one line with the count and three example ids")
    func skipFlood() throws {
        let log = RecordingLog()
        let body =
            Data("{\"data\":[".utf8) + Data(Array(repeating: "{},", count: 199_999).joined().utf8)
            + Data("{}]}".utf8)
        let result = try Self.decoder(log).decodeList(from: body)
        #expect(result.announcements.isEmpty)
        let warnings = log.messages(at: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Skipped 200000 announcements: id is missing or empty") == true)
        #expect(warnings.first?.contains("e.g. item #0, item #1, item #2") == true)
    }

    @Test("each reason is one line per load with its own count")
    func oneLinePerReason() throws {
        let log = RecordingLog()
        var items = (0..<5).map { Fixtures.wireItem(id: "s\($0)", status: "ADOPTED") }
        items += (0..<2).map { Fixtures.wireItem(id: "c\($0)").setting("locationLatitude", 200) }
        items.append(Fixtures.wireItem(id: "ok"))
        _ = try Self.decoder(log).decodeList(from: Fixtures.listBody(items))
        #expect(
            log.messages(at: .warning) == [
                "Skipped 5 announcements: status is missing or unknown (e.g. id s0, id s1, id s2)",
                "Skipped 2 announcements: coordinates are missing or out of range (id c0, id c1)",
            ])
    }

    @Test("repeated ids keep the most recently updated item, in the place the id first appeared")
    func duplicateIDs() throws {
        let log = RecordingLog()
        func version(_ name: String, updated: String) -> JSON {
            Fixtures.wireItem(id: "dup", petName: .string(name)).setting("updatedAt", .string(updated))
        }
        let items = [
            version("Old", updated: "2025-11-16 08:00:00"), Fixtures.wireItem(id: "other"),
            version("Newest", updated: "2025-11-18 08:00:00"), version("Older", updated: "2025-11-15 13:00:00"),
        ]
        let result = try Self.decoder(log).decodeList(from: Fixtures.listBody(items))
        #expect(result.announcements.map(\.id) == ["dup", "other"])
        #expect(result.announcements.first?.petName == "Newest")
        #expect(
            log.messages(at: .warning) == [
                "2 announcements repeated an id seen earlier in the list; kept the most recently updated of each (id dup, id dup)"
            ])
    }

    @Test("repeated ids updated at the same time keep the later one in the list")
    func duplicateTie() throws {
        let items = ["First", "Second"].map { Fixtures.wireItem(id: "dup", petName: .string($0)) }
        let result = try Self.decoder(RecordingLog()).decodeList(from: Fixtures.listBody(items))
        #expect(result.announcements.map(\.petName) == ["Second"])
    }
}
