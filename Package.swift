// swift-tools-version: 6.2
// SPDX-License-Identifier: GPL-3.0-or-later
// PetSpot for GNOME: a GTK 4 + libadwaita client for PetSpot lost-and-found pet
// backends, and the PetSpot-compatible server it embeds for its demo data.
import Foundation
import PackageDescription

/// Upcoming-language settings every target builds with: existentials spelled
/// `any`, and members visible only through modules a file imports itself.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "PetSpot",
    products: [
        .executable(name: "petspot", targets: ["PetSpotApp"]),
        .executable(name: "petspot-server", targets: ["PetSpotServerCLI"]),
        .executable(name: "petspot-bench", targets: ["PetSpotBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // PBKDF2 for the management passwords' hashes (`_CryptoExtras`).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // multipart/form-data: parsed by the server, written by the client.
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        // The report's public page (`SharePage`): Mustache templates, values HTML-escaped.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The PostgreSQL + PostGIS storage engine's client (`petspot-server --database postgres://…`).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // GTK 4 + libadwaita through pkg-config; libadwaita-1 brings gtk4's flags.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
        ),
        // libshumate (the map widget) through pkg-config.
        .systemLibrary(
            name: "CShumate",
            pkgConfig: "shumate-1.0",
            providers: [.apt(["libshumate-dev"])]
        ),
        // GLib alone, for translations below the GTK layer.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // GettextKit: translated messages through GLib's gettext, a safe API.
        .target(name: "GettextKit", dependencies: ["CGLib"], swiftSettings: strictSettings),
        // libsecret (the Secret Service: gnome-keyring) through pkg-config.
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        // SecretKit: report passwords in the user's keyring, a safe async API over
        // CSecret whose calls run off the main loop.
        .target(name: "SecretKit", dependencies: ["CSecret"], swiftSettings: strictSettings),
        // A GListModel that knows only its item count, for long lists (C, as
        // GObject types are written).
        .target(name: "CListModel", dependencies: ["CGtk"]),
        // libqrencode through pkg-config: the printed poster's QR code.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // QRKit: a QR code's modules from a text, a safe API over CQRencode.
        .target(name: "QRKit", dependencies: ["CQRencode"], swiftSettings: strictSettings),
        // gdk-pixbuf alone (no GTK) through pkg-config: photos for the server and the app.
        .systemLibrary(
            name: "CPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        // PixbufKit: photos decoded within `PhotoLimits` (header first, then a
        // bounded decode) and scaled for upload, a safe API over CPixbuf.
        .target(name: "PixbufKit", dependencies: ["CPixbuf", "PetSpotDomain"], swiftSettings: strictSettings),
        // The GTK layer: the only targets with unsafe pointers and C callbacks,
        // which they share with each other as `package` API only.
        // GLibKit: main loop, signals, properties, object lifetime.
        .target(name: "GLibKit", dependencies: ["CGtk"], swiftSettings: strictSettings),
        // GtkKit: typed widgets, accessibility, actions, styles, textures.
        .target(
            name: "GtkKit", dependencies: ["CGtk", "CListModel", "GLibKit", "PixbufKit"], swiftSettings: strictSettings
        ),
        // ShumateKit: the map widget.
        .target(
            name: "ShumateKit", dependencies: ["CShumate", "CGtk", "GLibKit", "GtkKit", "PetSpotDomain"],
            swiftSettings: strictSettings
        ),

        // JSON parsing: simdjson (libsimdjson-dev) behind a plain C header, so no
        // C++ interop. Same flag as simdjson.pc: it changes the parser's layout.
        .target(
            name: "CJSONScan",
            cxxSettings: [.define("SIMDJSON_THREADS_ENABLED", to: "1")],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // JSONKit: a safe, pointer-free API over CJSONScan; generic JSON, no domain.
        .target(name: "JSONKit", dependencies: ["CJSONScan"], swiftSettings: strictSettings),

        // The wire contract and the domain: what client and server share. Foundation only.
        .target(name: "PetSpotDomain", swiftSettings: strictSettings),
        // State shared between threads: one lock type that ThreadSanitizer understands.
        .target(name: "PetSpotLocking", swiftSettings: strictSettings),
        // How every PetSpot program logs: one line per event, network text escaped.
        .target(
            name: "PetSpotLogging", dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        // Talking to a PetSpot backend: HTTP repository, lenient decoding and validation, photos.
        .target(
            name: "PetSpotClient",
            dependencies: [
                "PetSpotDomain", "JSONKit", "PetSpotLogging", "PetSpotLocking",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ],
            swiftSettings: strictSettings
        ),
        // View models, coordinators, the shared announcements store, queries and
        // formatting: everything the pages show, with no GTK and no HTTP.
        .target(
            name: "PetSpotPresentation",
            dependencies: [
                "PetSpotDomain", "PetSpotLocking", "GettextKit", "PixbufKit", "QRKit",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PetSpotUI",
            dependencies: [
                "GtkKit", "GLibKit", "ShumateKit", "PetSpotPresentation", "PetSpotClient", "PetSpotDomain",
                "PetSpotLocking", "SecretKit", .product(name: "Logging", package: "swift-log"),
            ],
            // Sees only the GTK layer's public, pointer-free API.
            packageAccess: false,
            swiftSettings: strictSettings
        ),
        .target(
            name: "PetSpotServer",
            dependencies: [
                "PetSpotDomain", "PetSpotLocking", "PixbufKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
            ],
            resources: [.copy("Demo")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "PetSpotApp",
            dependencies: [
                "PetSpotUI", "PetSpotClient", "PetSpotPresentation", "PetSpotDomain", "PetSpotServer", "PetSpotLogging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/petspot",
            packageAccess: false,
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "PetSpotServerCLI",
            dependencies: [
                "PetSpotServer", "PetSpotLogging", "PetSpotLocking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/petspot-server",
            swiftSettings: strictSettings
        ),
        // `make bench`: timings of the paths that must stay fast at 100 000 reports.
        .executableTarget(
            name: "PetSpotBench",
            dependencies: [
                "PetSpotClient", "PetSpotPresentation", "PetSpotDomain", "PetSpotServer", "PetSpotUI", "GLibKit",
                "GtkKit", "ShumateKit", "PetSpotLogging", "PetSpotLocking",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/petspot-bench",
            packageAccess: false,
            swiftSettings: strictSettings
        ),

        // Fakes and fixtures shared by the test targets.
        .target(
            name: "PetSpotTestSupport",
            dependencies: [
                "PetSpotDomain", "PetSpotLocking", "PetSpotPresentation",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PetSpotTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "GLibKitTests", dependencies: ["GLibKit", "CGtk"], swiftSettings: strictSettings),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "GLibKit", "CGtk"], swiftSettings: strictSettings),
        .testTarget(
            name: "ShumateKitTests",
            dependencies: ["ShumateKit", "GtkKit", "GLibKit", "CShumate", "CGtk", "PetSpotLocking", "PetSpotDomain"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "JSONKitTests", dependencies: ["JSONKit"], swiftSettings: strictSettings),
        .testTarget(name: "QRKitTests", dependencies: ["QRKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "PixbufKitTests", dependencies: ["PixbufKit", "CPixbuf", "PetSpotDomain"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "PetSpotLockingTests", dependencies: ["PetSpotLocking"], swiftSettings: strictSettings),
        .testTarget(name: "GettextKitTests", dependencies: ["GettextKit"], swiftSettings: strictSettings),
        // Against a real gnome-keyring on a private bus: Tests/keyring/with-test-keyring.sh.
        .testTarget(
            name: "SecretKitTests", dependencies: ["SecretKit", "CSecret"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PetSpotClientTests",
            dependencies: [
                "PetSpotClient", "PetSpotDomain", "PetSpotLogging", "PetSpotLocking", "PetSpotTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PetSpotPresentationTests",
            dependencies: ["PetSpotPresentation", "PetSpotDomain", "PetSpotTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PetSpotServerTests",
            dependencies: [
                "PetSpotServer", "PetSpotClient", "PetSpotPresentation", "PetSpotUI", "PetSpotDomain",
                "PetSpotTestSupport", "QRKit", "ShumateKit", "GLibKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PetSpotUITests",
            dependencies: [
                "PetSpotUI", "GtkKit", "GLibKit", "PetSpotPresentation", "PetSpotClient", "PetSpotDomain",
                "PetSpotLocking",
                "PetSpotTestSupport",
            ],
            swiftSettings: strictSettings
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// `make fuzz`: libFuzzer targets under Fuzz/, declared only when PETSPOT_FUZZ is
// set (and built in the AddressSanitizer scratch folder, .build-asan), so ordinary
// builds never see them. Only our own code gets the fuzzer's coverage: the
// dependencies (NIO, AsyncHTTPClient, Hummingbird, GRDB) stay as the ASan unit
// tests built them, so only our instrumented modules compile again.
if ProcessInfo.processInfo.environment["PETSPOT_FUZZ"] != nil {
    let sanitizers = "-sanitize=fuzzer,address"
    // Optimised (testable all the same) for the executions per second; the
    // dependencies stay as the ASan build has them.
    let swiftFlags: [String] = [sanitizers, "-O"]
    let instrumented: Set = ["CJSONScan", "JSONKit", "PetSpotDomain", "PetSpotClient", "PetSpotServer"]
    for target in package.targets where instrumented.contains(target.name) {
        if target.name == "CJSONScan" {  // the C++ wrapper over simdjson
            target.cxxSettings =
                (target.cxxSettings ?? []) + [.unsafeFlags(["-fsanitize=fuzzer-no-link,address", "-O2"])]
        } else {
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(swiftFlags)]
        }
    }
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        .executableTarget(
            name: "Fuzz\(name)",
            dependencies: ["FuzzSupport"] + dependencies,
            path: "Fuzz/\(name)",
            swiftSettings: strictSettings + [.unsafeFlags(swiftFlags)],
            // lld: gold warns about every ASan helper symbol it cannot export.
            linkerSettings: [.unsafeFlags([sanitizers, "-use-ld=lld"])]
        )
    }
    package.targets += [
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        // libFuzzer's driver, the properties several targets check, and how a
        // broken one is reported.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CLibFuzzer", "PetSpotClient", "PetSpotDomain", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fuzz/Support",
            swiftSettings: strictSettings + [.unsafeFlags(swiftFlags)]
        ),
        fuzzTarget("DecodeList", ["JSONKit", "PetSpotClient", "PetSpotDomain"]),
        fuzzTarget("DecodeDetail", ["PetSpotClient", "PetSpotDomain"]),
        fuzzTarget("WireDates", ["PetSpotClient", "PetSpotDomain"]),
        fuzzTarget("ImageHeader", ["PetSpotDomain"]),
        fuzzTarget("AreaQuery", ["PetSpotServer", .product(name: "HummingbirdCore", package: "hummingbird")]),
    ]
}
