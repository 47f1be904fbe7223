// SPDX-License-Identifier: GPL-3.0-or-later

import Crypto
import Foundation
import PetSpotDomain
import _CryptoExtras

/// How management passwords are hashed: PBKDF2-HMAC-SHA256 with a random
/// 16-byte salt per report. The parameters are stored beside each hash, so a
/// later default (more iterations) never breaks the passwords already given out.
public struct PasswordHashing: Sendable, Hashable {
    /// PBKDF2 iterations for new hashes. The default takes about 70 ms on one
    /// core of the development machine (release build; docs/decisions/0037).
    public var iterations: Int

    public init(iterations: Int = PasswordHashing.defaultIterations) {
        // Within what `matches` accepts, so every password given out can be checked.
        self.iterations = min(max(1, iterations), Self.maximumIterations)
    }

    /// OWASP's figure for PBKDF2-HMAC-SHA256 (2023).
    public static let defaultIterations = 600_000
    /// What tests use: the same code, far fewer rounds.
    public static let fast = PasswordHashing(iterations: 1_000)
    /// The most iterations a stored hash may ask for (a damaged row must not
    /// keep the server hashing for minutes).
    public static let maximumIterations = 100_000_000
}

/// A stored password hash and the parameters it was made with.
struct PasswordHash: Sendable, Equatable {
    static let pbkdf2SHA256 = "pbkdf2-sha256"
    static let saltBytes = 16
    static let keyBytes = 32

    var algorithm: String
    var iterations: Int
    var salt: Data
    var derivedKey: Data

    /// A new hash of `password` with a fresh random salt.
    static func make(password: String, using hashing: PasswordHashing) throws -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<saltBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let key = try derive(password: password, salt: salt, iterations: hashing.iterations)
        return PasswordHash(algorithm: pbkdf2SHA256, iterations: hashing.iterations, salt: salt, derivedKey: key)
    }

    /// Whether `password` is the one hashed, compared in constant time
    /// (`SymmetricKey`'s `==`). Unknown algorithms and odd parameters never match.
    func matches(_ password: String) -> Bool {
        guard algorithm == Self.pbkdf2SHA256, (1...PasswordHashing.maximumIterations).contains(iterations),
            !salt.isEmpty,
            derivedKey.count == Self.keyBytes,
            let candidate = try? Self.derive(password: password, salt: salt, iterations: iterations)
        else { return false }
        return SymmetricKey(data: candidate) == SymmetricKey(data: derivedKey)
    }

    private static func derive(password: String, salt: Data, iterations: Int) throws -> Data {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: keyBytes,
            unsafeUncheckedRounds: iterations)
        return key.withUnsafeBytes { Data($0) }
    }
}

/// The six-digit password that manages a report, shown to its author once.
enum ManagementPassword {
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let number = UInt32.random(in: 0..<1_000_000, using: &generator)
        let digits = String(number)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}
