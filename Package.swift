// swift-tools-version: 6.1
import PackageDescription

/// Swift 6 language mode everywhere; warnings are kept at zero by review and by `scripts/test`.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "Parley",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Parley", targets: ["Parley"]),
        .library(name: "ParleyTesting", targets: ["ParleyTesting"]),
        .executable(name: "parley", targets: ["parley"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // System libraries, found through pkg-config; `scripts/install-deps` installs the apt providers.
        .systemLibrary(
            name: "CCairoPango",
            pkgConfig: "pangocairo librsvg-2.0 gdk-pixbuf-2.0",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "librsvg2-dev", "libgdk-pixbuf-2.0-dev"])]
        ),
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]
        ),

        // The toolkit: UIKit's names on Cairo, Pango and SDL2.
        .target(
            name: "ParleyUIKit",
            dependencies: ["CCairoPango", "CSDL2"],
            resources: [.copy("Resources/Symbols")],
            swiftSettings: strict
        ),

        // Chat without UI: models, SQLite store, client, controllers.
        .target(
            name: "ParleyChat",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),

        // The umbrella: `import Parley` is all a user writes.
        .target(
            name: "Parley",
            dependencies: ["ParleyUIKit", "ParleyChat"],
            swiftSettings: strict
        ),

        // Scenes rendered by `parley render` and checked by the golden tests.
        .target(
            name: "ParleyScenes",
            dependencies: ["Parley"],
            swiftSettings: strict
        ),

        // Snapshot testing for apps built on Parley (and for Parley's own tests).
        .target(
            name: "ParleyTesting",
            dependencies: ["ParleyUIKit"],
            swiftSettings: strict
        ),

        .executableTarget(
            name: "parley",
            dependencies: [
                "Parley", "ParleyScenes", "CCairoPango",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        .testTarget(
            name: "ParleyUIKitTests",
            dependencies: ["ParleyUIKit", "ParleyTesting", "ParleyScenes", "CCairoPango"],
            resources: [.copy("__Snapshots__")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyChatTests",
            dependencies: ["ParleyChat"],
            swiftSettings: strict
        ),
    ]
)
