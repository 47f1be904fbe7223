// swift-tools-version: 6.1
// PetSpot for GNOME: a GTK 4 + libadwaita client for PetSpot lost-and-found pet
// backends, and the PetSpot-compatible server it embeds for its demo data.
import PackageDescription

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
        // The GTK layer: the only targets with unsafe pointers and C callbacks,
        // which they share with each other as `package` API only.
        // GLibKit: main loop, signals, properties, object lifetime.
        .target(name: "GLibKit", dependencies: ["CGtk"]),
        // GtkKit: typed widgets, accessibility, styles, textures.
        .target(name: "GtkKit", dependencies: ["CGtk", "GLibKit"]),
        // ShumateKit: the map widget.
        .target(name: "ShumateKit", dependencies: ["CShumate", "CGtk", "GLibKit", "GtkKit"]),
        // Domain, wire contract, repository, view models: pure Swift, no GTK.
        .target(
            name: "PetSpotCore",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "PetSpotUI",
            dependencies: [
                "GtkKit", "PetSpotCore",
                .product(name: "Logging", package: "swift-log"),
            ],
            // Sees only the GTK layer's public, pointer-free API.
            packageAccess: false
        ),
        .target(
            name: "PetSpotServer",
            dependencies: [
                "PetSpotCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Demo")]
        ),
        .executableTarget(
            name: "PetSpotApp",
            dependencies: [
                "PetSpotUI", "PetSpotCore", "PetSpotServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/petspot",
            packageAccess: false
        ),
        .executableTarget(
            name: "PetSpotServerCLI",
            dependencies: [
                "PetSpotServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/petspot-server"
        ),
        // `make bench`: timings of the paths that must stay fast at 100 000 reports.
        .executableTarget(
            name: "PetSpotBench",
            dependencies: [
                "PetSpotCore", "PetSpotServer", "GLibKit",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/petspot-bench",
            packageAccess: false
        ),
        .testTarget(name: "GLibKitTests", dependencies: ["GLibKit", "CGtk"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "GLibKit", "CGtk"]),
        .testTarget(name: "ShumateKitTests", dependencies: ["ShumateKit", "GtkKit", "GLibKit", "CShumate", "CGtk"]),
        .testTarget(
            name: "PetSpotCoreTests",
            dependencies: ["PetSpotCore", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "PetSpotServerTests",
            dependencies: [
                "PetSpotServer", "PetSpotCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
