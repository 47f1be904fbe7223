// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A country's worth of reports for the scale bench (decision 0075): 35 %
/// scattered around Poland's sixty largest cities in proportion to their
/// people (who are about 35 % of the country's), the rest spread evenly over
/// a box the size of the country.
/// Report `n` is a function of `n` alone, so any range of them can be made on
/// its own, every run and machine gets the same ones, and the PostgreSQL and
/// SQLite databases hold the same reports.
enum ScaleReports {
    struct City {
        let name: String
        let latitude: Double
        let longitude: Double
        /// Thousands of inhabitants.
        let people: Double
    }

    /// Poland's sixty largest cities: centres and people (thousands), rounded.
    static let cities: [City] = [
        City(name: "Warszawa", latitude: 52.2297, longitude: 21.0122, people: 1_860),
        City(name: "Kraków", latitude: 50.0647, longitude: 19.9450, people: 800),
        City(name: "Wrocław", latitude: 51.1079, longitude: 17.0385, people: 675),
        City(name: "Łódź", latitude: 51.7592, longitude: 19.4560, people: 660),
        City(name: "Poznań", latitude: 52.4064, longitude: 16.9252, people: 540),
        City(name: "Gdańsk", latitude: 54.3520, longitude: 18.6466, people: 486),
        City(name: "Szczecin", latitude: 53.4285, longitude: 14.5528, people: 390),
        City(name: "Lublin", latitude: 51.2465, longitude: 22.5684, people: 335),
        City(name: "Bydgoszcz", latitude: 53.1235, longitude: 18.0084, people: 330),
        City(name: "Białystok", latitude: 53.1325, longitude: 23.1688, people: 295),
        City(name: "Katowice", latitude: 50.2649, longitude: 19.0238, people: 285),
        City(name: "Gdynia", latitude: 54.5189, longitude: 18.5305, people: 245),
        City(name: "Częstochowa", latitude: 50.8118, longitude: 19.1203, people: 210),
        City(name: "Radom", latitude: 51.4027, longitude: 21.1471, people: 200),
        City(name: "Rzeszów", latitude: 50.0412, longitude: 21.9991, people: 197),
        City(name: "Toruń", latitude: 53.0138, longitude: 18.5984, people: 196),
        City(name: "Sosnowiec", latitude: 50.2863, longitude: 19.1041, people: 190),
        City(name: "Kielce", latitude: 50.8661, longitude: 20.6286, people: 183),
        City(name: "Gliwice", latitude: 50.2945, longitude: 18.6714, people: 175),
        City(name: "Olsztyn", latitude: 53.7784, longitude: 20.4801, people: 170),
        City(name: "Bielsko-Biała", latitude: 49.8224, longitude: 19.0584, people: 168),
        City(name: "Bytom", latitude: 50.3480, longitude: 18.9157, people: 160),
        City(name: "Zabrze", latitude: 50.3249, longitude: 18.7857, people: 155),
        City(name: "Zielona Góra", latitude: 51.9356, longitude: 15.5062, people: 140),
        City(name: "Rybnik", latitude: 50.1022, longitude: 18.5463, people: 135),
        City(name: "Ruda Śląska", latitude: 50.2558, longitude: 18.8556, people: 135),
        City(name: "Opole", latitude: 50.6751, longitude: 17.9213, people: 127),
        City(name: "Tychy", latitude: 50.1372, longitude: 18.9664, people: 127),
        City(name: "Gorzów Wielkopolski", latitude: 52.7368, longitude: 15.2288, people: 120),
        City(name: "Elbląg", latitude: 54.1561, longitude: 19.4045, people: 118),
        City(name: "Dąbrowa Górnicza", latitude: 50.3217, longitude: 19.1949, people: 118),
        City(name: "Płock", latitude: 52.5463, longitude: 19.7065, people: 117),
        City(name: "Wałbrzych", latitude: 50.7714, longitude: 16.2843, people: 110),
        City(name: "Włocławek", latitude: 52.6483, longitude: 19.0677, people: 108),
        City(name: "Tarnów", latitude: 50.0121, longitude: 20.9858, people: 108),
        City(name: "Chorzów", latitude: 50.2975, longitude: 18.9545, people: 107),
        City(name: "Koszalin", latitude: 54.1944, longitude: 16.1714, people: 106),
        City(name: "Kalisz", latitude: 51.7611, longitude: 18.0910, people: 100),
        City(name: "Legnica", latitude: 51.2070, longitude: 16.1619, people: 99),
        City(name: "Grudziądz", latitude: 53.4837, longitude: 18.7536, people: 94),
        City(name: "Słupsk", latitude: 54.4641, longitude: 17.0285, people: 90),
        City(name: "Jaworzno", latitude: 50.2050, longitude: 19.2739, people: 90),
        City(name: "Jastrzębie-Zdrój", latitude: 49.9466, longitude: 18.5950, people: 88),
        City(name: "Nowy Sącz", latitude: 49.6175, longitude: 20.7153, people: 83),
        City(name: "Jelenia Góra", latitude: 50.9044, longitude: 15.7194, people: 78),
        City(name: "Siedlce", latitude: 52.1676, longitude: 22.2902, people: 77),
        City(name: "Mysłowice", latitude: 50.2083, longitude: 19.1667, people: 75),
        City(name: "Piła", latitude: 53.1510, longitude: 16.7378, people: 73),
        City(name: "Konin", latitude: 52.2230, longitude: 18.2511, people: 72),
        City(name: "Piotrków Trybunalski", latitude: 51.4053, longitude: 19.7030, people: 72),
        City(name: "Inowrocław", latitude: 52.7982, longitude: 18.2610, people: 71),
        City(name: "Lubin", latitude: 51.4010, longitude: 16.2015, people: 71),
        City(name: "Ostrów Wielkopolski", latitude: 51.6551, longitude: 17.8069, people: 71),
        City(name: "Suwałki", latitude: 54.1118, longitude: 22.9309, people: 69),
        City(name: "Gniezno", latitude: 52.5348, longitude: 17.5826, people: 67),
        City(name: "Stargard", latitude: 53.3367, longitude: 15.0499, people: 67),
        City(name: "Łomża", latitude: 53.1781, longitude: 22.0590, people: 62),
        City(name: "Leszno", latitude: 51.8400, longitude: 16.5749, people: 62),
        City(name: "Zamość", latitude: 50.7231, longitude: 23.2520, people: 61),
        City(name: "Przemyśl", latitude: 49.7838, longitude: 22.7678, people: 58),
    ]

    /// The box the reports outside the cities are spread over: Poland's extent.
    static let south = 49.0
    static let north = 54.8
    static let west = 14.1
    static let east = 24.1

    /// The share of reports near a city.
    static let citiesShare = 0.35

    /// Running totals of the cities' people, to pick one in proportion.
    private static let cumulativePeople: [Double] = {
        var total = 0.0
        return cities.map { city in
            total += city.people
            return total
        }
    }()

    private static let petNames = [
        "Burek", "Azor", "Reksio", "Luna", "Mruczek", "Filemon", "Kicia", "Bella", "Max", "Rocky", "Nela", "Tofik",
        "Sara", "Fiona", "Szarik", "Pusia", "Puszek", "Kropka", "Maja", "Lola", "Rex", "Bolek", "Tosia", "Misia",
        "Leon", "Oskar", "Figa", "Zuzia", "Kubuś", "Czarek",
    ]
    private static let breeds: [String: [String]] = [
        "DOG": [
            "Labrador", "Owczarek niemiecki", "Jack Russell terrier", "York", "Golden retriever", "Beagle",
            "Border collie", "Kundelek", "Shih tzu", "Buldog francuski", "Jamnik", "Husky",
        ],
        "CAT": ["Europejski", "Brytyjski krótkowłosy", "Maine coon", "Ragdoll", "Syberyjski", "Perski", "Dachowiec"],
        "BIRD": ["Papuga falista", "Nimfa", "Kanarek", "Gołąb"],
        "RABBIT": ["Miniaturka", "Baran", "Teddy"],
        "OTHER": ["Fretka", "Świnka morska", "Żółw"],
    ]
    private static let sentences = [
        "Friendly, answers to her name.", "Last seen near the park by the river.",
        "Wears a red collar with a bell.", "Very shy, please do not chase.", "Has a small scar above the left eye.",
        "Ran away during the fireworks.", "Needs daily medication.", "Chipped and vaccinated.",
        "Found sitting by the bus stop, very calm.", "Black with white paws and a white patch on the chest.",
        "Slightly limping on the back leg.", "Responds to whistling.",
    ]

    /// Reports are created over three years, oldest first: storage order is
    /// the order they came in, as on a live server.
    private static let firstCreation = 1_701_129_600  // 2023-11-28T00:00:00Z
    private static let creationSpan = 3 * 365 * 86_400

    static func announcement(_ index: Int, of count: Int) -> WireAnnouncement {
        var random = SplitMix(seed: UInt64(index))
        let (latitude, longitude) = place(&random)
        let speciesRoll = random.unit()
        let species =
            speciesRoll < 0.55
            ? "DOG" : speciesRoll < 0.9 ? "CAT" : speciesRoll < 0.94 ? "BIRD" : speciesRoll < 0.97 ? "RABBIT" : "OTHER"
        let statusRoll = random.unit()
        let status = statusRoll < 0.45 ? "MISSING" : statusRoll < 0.65 ? "FOUND" : "CLOSED"
        let created = firstCreation + Int(Double(creationSpan) * (Double(index) + random.unit()) / Double(count))
        let lastSeen = created - Int(random.unit() * 7 * 86_400)
        let updated = status == "CLOSED" ? created + Int(random.unit() * 30 * 86_400) : created
        let sentenceCount = 1 + Int(random.unit() * 5)
        let description = (0..<sentenceCount).map { _ in random.pick(sentences) }.joined(separator: " ")
        let speciesBreeds = breeds[species] ?? []
        return WireAnnouncement(
            id: "scale-\(index)",
            petName: random.unit() < 0.1 ? nil : random.pick(petNames),
            species: species,
            breed: random.unit() < 0.25 ? nil : random.pick(speciesBreeds),
            sex: random.pick(["MALE", "FEMALE", "UNKNOWN"]),
            age: random.unit() < 0.2 ? nil : Int(random.unit() * 16),
            description: description,
            // Unique where present: the PostgreSQL schema keeps them so.
            microchipNumber: random.unit() < 0.3 ? String(format: "616%012d", index) : nil,
            locationLatitude: latitude, locationLongitude: longitude,
            lastSeenDate: UTCTime(lastSeen).date,
            email: "owner\(index)@example.org",
            phone: random.unit() < 0.5
                ? String(format: "+48 5%02d %03d %03d", index % 100, index / 100 % 1000, index / 100_000 % 1000) : nil,
            photoUrl: random.unit() < 0.3 ? nil : "/images/pet-\(index % 25).png",
            status: status,
            reward: random.unit() < 0.15 ? "\(100 * (1 + Int(random.unit() * 10))) zł" : nil,
            createdAt: UTCTime(created).iso8601,
            updatedAt: UTCTime(updated).sqlite)
    }

    /// Near a city picked in proportion to its people (scattered with a
    /// spread that grows with the city), or anywhere in the box.
    private static func place(_ random: inout SplitMix) -> (Double, Double) {
        if random.unit() >= citiesShare {
            return (south + random.unit() * (north - south), west + random.unit() * (east - west))
        }
        let city = pickCity(random.unit())
        let spreadKilometres = 2 + 3 * (city.people / 1_000).squareRoot()
        let (north, east) = random.gaussianPair()
        let latitude = city.latitude + north * spreadKilometres / 111.2
        let longitude = city.longitude + east * spreadKilometres / (111.2 * cos(city.latitude * .pi / 180))
        return (latitude, longitude)
    }

    /// The city a uniform number in 0..<1 falls on when each takes its share of the people.
    static func pickCity(_ unit: Double) -> City {
        let target = unit * (cumulativePeople.last ?? 0)
        var low = 0
        var high = cities.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativePeople[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return cities[low]
    }
}

/// SplitMix64: a full-quality generator seeded from one number, so report `n`
/// needs no state from report `n - 1`.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 2_026 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }

    /// Two independent standard normal numbers (Box–Muller).
    mutating func gaussianPair() -> (Double, Double) {
        let radius = (-2 * log(max(unit(), 1e-12))).squareRoot()
        let angle = 2 * Double.pi * unit()
        return (radius * cos(angle), radius * sin(angle))
    }
}

/// Seconds since 1970 in UTC as the wire's three timestamp forms, without
/// a formatter (a million of them are made per load).
struct UTCTime {
    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int

    init(_ seconds: Int) {
        let days = seconds / 86_400
        let inDay = seconds % 86_400
        hour = inDay / 3_600
        minute = inDay % 3_600 / 60
        second = inDay % 60
        // Howard Hinnant's days-to-civil.
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    var date: String { String(format: "%04d-%02d-%02d", year, month, day) }
    var iso8601: String { String(format: "%04d-%02d-%02dT%02d:%02d:%02d.000Z", year, month, day, hour, minute, second) }
    var sqlite: String { String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, second) }
}
