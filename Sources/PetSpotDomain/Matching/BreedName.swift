// SPDX-License-Identifier: GPL-3.0-or-later

/// Common breeds under the names people type for them, in English and
/// Polish, so that "German Shepherd" and "owczarek niemiecki" agree. A breed
/// outside this list is still compared word by word (`MatchFinder`).
package enum BreedName: CaseIterable, Sendable {
    // Dogs.
    case germanShepherd, labrador, goldenRetriever, yorkshireTerrier, dachshund, poodle, husky, beagle
    case borderCollie, chihuahua, jackRussellTerrier, shihTzu, cockerSpaniel, frenchBulldog, englishBulldog
    case maltese, pug, boxer, rottweiler, dobermann
    // Cats.
    case maineCoon, britishShorthair, persian, siamese, ragdoll, sphynx, europeanShorthair, bengal, norwegianForest

    /// Each name, folded (lowercase, no diacritics); a breed text names the
    /// breed when it has every word of one of them, in any order.
    package var names: [String] {
        switch self {
        case .germanShepherd: ["german shepherd", "alsatian", "owczarek niemiecki"]
        case .labrador: ["labrador", "lab"]
        case .goldenRetriever: ["golden retriever", "golden"]
        case .yorkshireTerrier: ["yorkshire", "york", "yorkie"]
        case .dachshund: ["dachshund", "jamnik", "jamniczka", "teckel"]
        case .poodle: ["poodle", "pudel", "pudelek"]
        case .husky: ["husky", "haski"]
        case .beagle: ["beagle", "bigiel"]
        case .borderCollie: ["border collie"]
        case .chihuahua: ["chihuahua", "cziwawa"]
        case .jackRussellTerrier: ["jack russell", "jack russel"]
        case .shihTzu: ["shih tzu", "shihtzu"]
        case .cockerSpaniel: ["cocker spaniel", "cocker", "cocker spaniel angielski"]
        case .frenchBulldog: ["french bulldog", "buldog francuski", "frenchie"]
        case .englishBulldog: ["english bulldog", "british bulldog", "buldog angielski"]
        case .maltese: ["maltese", "maltanczyk"]
        case .pug: ["pug", "mops"]
        case .boxer: ["boxer", "bokser"]
        case .rottweiler: ["rottweiler", "rotweiler"]
        case .dobermann: ["dobermann", "doberman"]
        case .maineCoon: ["maine coon", "mainecoon"]
        case .britishShorthair: ["british shorthair", "brytyjski krotkowlosy", "brytyjczyk", "brytyjka"]
        case .persian: ["persian", "perski", "perska", "pers"]
        case .siamese: ["siamese", "syjamski", "syjamska", "syjam"]
        case .ragdoll: ["ragdoll"]
        case .sphynx: ["sphynx", "sphinx", "sfinks"]
        case .europeanShorthair: ["european shorthair", "europejski krotkowlosy", "europejski", "europejska"]
        case .bengal: ["bengal", "bengalski", "bengalska"]
        case .norwegianForest: ["norwegian forest", "norweski lesny", "norweska lesna"]
        }
    }

    /// Every breed's names as words, split once: matching asks for them for
    /// every candidate nearby.
    private static let wordsOfNames: [(breed: BreedName, names: [[Substring]])] = allCases.map { breed in
        (breed, breed.names.map { $0.split(separator: " ") })
    }

    /// The breeds a breed text names, from its folded words.
    package static func named(byFolded words: Set<Substring>) -> Set<BreedName> {
        guard !words.isEmpty else { return [] }
        var found: Set<BreedName> = []
        for (breed, names) in wordsOfNames where names.contains(where: { $0.allSatisfy(words.contains) }) {
            found.insert(breed)
        }
        return found
    }
}
