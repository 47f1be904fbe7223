// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotPresentation

/// Breeds agree across English and Polish through the breed vocabulary, and
/// word by word otherwise.
@Suite("Breed agreement in English and Polish")
struct BreedNameTests {
    /// Whether a lost report with `lostBreed` and a found one with
    /// `foundBreed` 1 km away share a breed, searched from either side.
    static func sameBreed(_ lostBreed: String?, _ foundBreed: String?) -> (fromLost: Bool, fromFound: Bool) {
        let lost = MatchFinderTests.report("lost", .lost, kilometres: 0, breed: lostBreed)
        let found = MatchFinderTests.report("found", .found, breed: foundBreed)
        let fromLost = MatchFinder().matches(for: lost, among: [found]).first?.reasons ?? []
        let fromFound = MatchFinder().matches(for: found, among: [lost]).first?.reasons ?? []
        return (fromLost.contains(.sameBreed), fromFound.contains(.sameBreed))
    }

    @Test(
        "an English name and a Polish one of the same breed agree, either way round",
        arguments: [
            ("German Shepherd", "owczarek niemiecki"), ("Labrador Retriever", "labrador"), ("Lab", "Labrador mix"),
            ("Golden Retriever", "golden retriever"), ("Yorkshire Terrier", "yorkshire terier"),
            ("Yorkshire Terrier", "York"), ("Dachshund", "jamnik"), ("Poodle", "pudel"),
            ("Husky", "husky syberyjski"), ("Siberian Husky", "Husky"), ("Beagle", "beagle"),
            ("Border Collie", "border collie"), ("Chihuahua", "chihuahua"), ("Maine Coon", "Maine Coon"),
            ("British Shorthair", "brytyjski krótkowłosy"), ("Persian", "perski"), ("Siamese", "syjamski"),
            ("Ragdoll", "ragdoll"), ("Sphynx", "sfinks"), ("European Shorthair", "Europejski Krótkowłosy"),
            ("Jack Russell Terrier", "jack russell"), ("Shih Tzu", "shih-tzu"),
            ("Cocker Spaniel", "cocker spaniel angielski"), ("French Bulldog", "buldog francuski"),
            ("GERMAN SHEPHERD", "Owczarek Niemiecki (mieszaniec)"), ("german-shepherd mix", "OWCZAREK NIEMIECKI"),
        ])
    func acrossLanguages(english: String, polish: String) {
        let forward = Self.sameBreed(english, polish)
        #expect(forward.fromLost && forward.fromFound, "\(english) lost, \(polish) found")
        let backward = Self.sameBreed(polish, english)
        #expect(backward.fromLost && backward.fromFound, "\(polish) lost, \(english) found")
    }

    @Test(
        "different breeds never agree, whatever language each is in",
        arguments: [
            ("German Shepherd", "labrador"), ("owczarek niemiecki", "Golden Retriever"),
            ("British Shorthair", "europejski krótkowłosy"), ("Persian", "syjamski"), ("Poodle", "jamnik"),
            ("Yorkshire Terrier", "Jack Russell Terrier"), ("French Bulldog", "buldog angielski"),
            ("owczarek niemiecki", "owczarek podhalański"),
        ])
    func differentBreeds(first: String, second: String) {
        #expect(Self.sameBreed(first, second) == (false, false), "\(first) / \(second)")
        #expect(Self.sameBreed(second, first) == (false, false), "\(second) / \(first)")
    }

    @Test(
        "words that say a pet is mixed name no breed, in either language",
        arguments: [("mix", "mieszaniec"), ("mieszaniec", "Mixed"), ("kundel", "mongrel"), ("mix", "Labrador")])
    func mixedIsNoBreed(first: String, second: String) {
        #expect(Self.sameBreed(first, second) == (false, false), "\(first) / \(second)")
        #expect(Self.sameBreed(second, first) == (false, false), "\(second) / \(first)")
    }

    @Test("breeds outside the vocabulary still agree word by word")
    func wordByWordFallback() {
        #expect(Self.sameBreed("Owczarek Podhalański", "owczarek podhalanski") == (true, true))
        #expect(Self.sameBreed("Border Collie", "Collie") == (true, true))
        #expect(Self.sameBreed("Bernese Mountain Dog", "Bernese") == (true, true))
    }

    @Test(
        "hostile breed text: empty, blank, emoji, right-to-left, combining marks, 100 kB",
        arguments: [
            "", "   ", "🐕🐕‍🦺🐩", "\u{202E}dlanod", "كلب الراعي الألماني", "כלב רועים גרמני",
            "o\u{0301}wczarek\u{0308} niemiecki\u{0327}\u{0327}\u{0327}",
            String(repeating: "🐕\u{0301}", count: 25_000), String(repeating: "a", count: 100_000),
            String(repeating: "\u{0}\u{202E} ", count: 30_000),
        ])
    func hostile(breed: String) {
        for other in ["German Shepherd", "owczarek niemiecki", "", "mix"] {
            let forward = Self.sameBreed(breed, other)
            let backward = Self.sameBreed(other, breed)
            #expect(forward.fromLost == forward.fromFound && backward.fromLost == backward.fromFound)
            #expect(forward.fromLost == backward.fromLost, "agreement is symmetric")
        }
        #expect(Self.sameBreed(breed, "Beagle") == (false, false), "none of these is a beagle")
    }

    @Test("combining marks fold away: a decomposed Polish name is still the breed")
    func combiningMarks() {
        #expect(Self.sameBreed("owczarek niemiecki\u{0301}", "German Shepherd") == (true, true))
        #expect(Self.sameBreed("brytyjski kro\u{0301}tkowłosy", "British Shorthair") == (true, true))
    }

    @Test("a breed with no text names nothing; the vocabulary reads only whole words")
    func vocabulary() {
        #expect(BreedName.named(byFolded: []).isEmpty)
        #expect(BreedName.named(byFolded: ["labradoodle"]).isEmpty)
        #expect(BreedName.named(byFolded: ["owczarek", "niemiecki"]) == [.germanShepherd])
        #expect(BreedName.named(byFolded: ["niemiecki"]).isEmpty, "one word of a two-word name is not the name")
    }
}
