// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing

@testable import PetSpotServer

@Suite("Management passwords and their hashes")
struct PasswordHashTests {
    @Test("new reports are hashed with PBKDF2-SHA256 at 600 000 iterations unless configured otherwise")
    func defaults() {
        #expect(PasswordHashing().iterations == 600_000)
        #expect(ServerConfiguration(databasePath: "/tmp/x").passwordHashing == PasswordHashing())
        #expect(PasswordHashing(iterations: 0).iterations == 1)
    }

    @Test("the real parameters: a hash matches its password only, with a fresh salt each time")
    func realParameters() throws {
        let hash = try PasswordHash.make(password: "042137", using: PasswordHashing())
        #expect(hash.algorithm == "pbkdf2-sha256" && hash.iterations == 600_000)
        #expect(hash.salt.count == 16 && hash.derivedKey.count == 32)
        #expect(hash.matches("042137"))
        #expect(!hash.matches("042138"))
        let again = try PasswordHash.make(password: "042137", using: .fast)
        #expect(again.salt != hash.salt)
        #expect(again.matches("042137"), "each hash is checked with the parameters stored beside it")
    }

    @Test("a stored hash with an unknown algorithm or odd parameters never matches")
    func oddStoredHashes() throws {
        let hash = try PasswordHash.make(password: "123456", using: .fast)
        var other = hash
        other.algorithm = "md5"
        #expect(!other.matches("123456"))
        other = hash
        other.iterations = 0
        #expect(!other.matches("123456"))
        other = hash
        other.derivedKey = hash.derivedKey.prefix(16)
        #expect(!other.matches("123456"))
    }

    @Test("passwords are six decimal digits, spread over the whole range")
    func generated() {
        let passwords = (0..<2_000).map { _ in ManagementPassword.generate() }
        #expect(passwords.allSatisfy { $0.count == 6 && $0.allSatisfy { ("0"..."9").contains($0) } })
        #expect(Set(passwords).count > 1_990)
        #expect(Set(passwords.map(\.first)).count == 10, "every first digit, leading zeros included")
    }

    @Test("timestamps: written with milliseconds in UTC, read back, and always moved forward")
    func timestamps() {
        #expect(WireTimestamp.string(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(WireTimestamp.string(milliseconds: 1_795_530_133_120) == "2026-11-24T14:22:13.120Z")
        #expect(WireTimestamp.string(milliseconds: 951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(WireTimestamp.milliseconds("2026-11-24T14:22:13.120Z") == 1_795_530_133_120)
        #expect(WireTimestamp.milliseconds("2026-11-20 08:30:00") == 1_795_163_400_000)
        #expect(WireTimestamp.milliseconds("yesterday") == nil)
        // An offset names another instant than the same digits in UTC.
        #expect(WireTimestamp.milliseconds("2026-11-24T19:22:13.120+05:00") == 1_795_530_133_120)
        let now = Date(timeIntervalSince1970: 1_795_530_133.125)  // exact in binary
        #expect(WireTimestamp.string(now) == "2026-11-24T14:22:13.125Z")
        #expect(WireTimestamp.after("2026-11-24T14:22:13.125Z", now: now) == "2026-11-24T14:22:13.126Z")
        #expect(WireTimestamp.after("2026-11-24T14:22:14.000Z", now: now) == "2026-11-24T14:22:14.001Z")
        #expect(WireTimestamp.after("2026-11-24T19:22:13.125+05:00", now: now) == "2026-11-24T14:22:13.126Z")
        #expect(WireTimestamp.after("2020-01-01 00:00:00", now: now) == "2026-11-24T14:22:13.125Z")
        #expect(WireTimestamp.after("not a date", now: now) == "2026-11-24T14:22:13.125Z")
    }
}
