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
        // The client of `parley serve` (a ChatBackend over HTTP and WebSocket): a product of its
        // own, so apps without a server do not build the networking stack.
        .library(name: "ParleyChatRemote", targets: ["ParleyChatRemote"]),
        .executable(name: "parley", targets: ["parley"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // `swift package generate-documentation --target Parley` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The server (issue 20): HTTP + WebSocket, JWT auth, logging.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // HTTP and WebSocket clients: the remote backend (ParleyChatRemote) and `parley bench
        // server`'s load generator.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // Combine's API on Linux: `ObservableObject`, `@Published` and publishers for the SwiftUI layer.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // The server on PostgreSQL (issue 21): storage, LISTEN/NOTIFY fan-out; operations: metrics
        // with a Prometheus endpoint and graceful shutdown.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // System libraries, found through pkg-config; `scripts/install-deps` installs the apt providers.
        .systemLibrary(
            name: "CCairoPango",
            pkgConfig: "pangocairo librsvg-2.0 gdk-pixbuf-2.0",
            providers: [.apt(["libcairo2-dev", "libpixman-1-dev", "libpango1.0-dev", "librsvg2-dev", "libgdk-pixbuf-2.0-dev"])]
        ),
        // GIO's D-Bus (GDBus): desktop notifications through org.freedesktop.Notifications, and
        // the toolkit's AT-SPI2 bridge for screen readers.
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]
        ),
        // gdk-pixbuf's animation iterators, by milliseconds (their GTimeVal is deprecated in GLib).
        .systemLibrary(
            name: "CPixbufAnimation",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        // Xlib (SDL2 links it already): the clipboard's non-text types (a pasted image's image/png).
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev"])]
        ),

        // What changed in an ordered list, by id, and the one longest-increasing-subsequence
        // routine: shared by the chat core (controllers' changes) and the engine (view diffs).
        .target(
            name: "ParleyDiff",
            swiftSettings: strict
        ),

        // The toolkit: UIKit's names on Cairo, Pango and SDL2.
        .target(
            name: "ParleyUIKit",
            dependencies: ["CCairoPango", "CSDL2", "CGio", "CX11", "CPixbufAnimation"],
            resources: [.copy("Resources/Symbols")],
            swiftSettings: strict
        ),

        // The declarative layout engine of seed 003: Component → RenderNode, hosted by ComponentView.
        .target(
            name: "ParleyComponent",
            dependencies: ["ParleyUIKit", "ParleyDiff"],
            swiftSettings: strict
        ),

        // The SwiftUI-compatible layer of issue 19: View, @State, App/Scene, lowered onto ParleyComponent.
        .target(
            name: "ParleySwiftUI",
            dependencies: ["ParleyUIKit", "ParleyComponent", .product(name: "OpenCombine", package: "OpenCombine")],
            swiftSettings: strict
        ),

        // Chat without UI: models, SQLite store, client, controllers.
        .target(
            name: "ParleyChat",
            dependencies: ["ParleyDiff", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),

        // The wire: Codable requests, responses and WebSocket frames shared by server and client (Foundation only).
        .target(
            name: "ParleyProtocol",
            swiftSettings: strict
        ),

        // `parley serve`: HTTP + WebSocket over Hummingbird, JWT auth, the chat rules of ParleyChat,
        // events with per-channel sequence numbers in SQLite (GRDB) behind `ServerStorage`.
        .target(
            name: "ParleyServer",
            dependencies: [
                "ParleyProtocol", "ParleyChat",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // Pre-encoded text frames (WebSocketFrame), shared by every recipient of an event.
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // A ChatBackend that keeps the local store in sync with `parley serve` over HTTP + WebSocket.
        .target(
            name: "ParleyChatRemote",
            dependencies: [
                "ParleyChat", "ParleyProtocol",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // Link previews fetched over HTTP (AsyncHTTPClient) for the embedded backend and `parley serve`.
        .target(
            name: "ParleyLinkPreview",
            dependencies: [
                // ParleyUIKit: a preview picture's header is checked by the image decoder's own rule.
                "ParleyChat", "ParleyUIKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // A server process for ParleyServerTests' kill -9 test (not part of the SDK).
        .executableTarget(
            name: "ParleyServerTestChild",
            dependencies: ["ParleyServer", "ParleyProtocol"],
            swiftSettings: strict
        ),

        // A remote client process for ParleyChatRemoteTests' kill-mid-send test (not part of the SDK).
        .executableTarget(
            name: "ParleyChatRemoteTestChild",
            dependencies: ["ParleyChatRemote", "ParleyChat"],
            swiftSettings: strict
        ),

        // A writer process for ParleyChatTests' SIGKILL durability test (not part of the SDK).
        .executableTarget(
            name: "ParleyChatDurabilityChild",
            dependencies: ["ParleyChat"],
            swiftSettings: strict
        ),

        // The UIKit-style chat SDK of seeds 000, 001 and 004: Appearance, Components, the view lifecycle.
        .target(
            name: "ParleyChatUI",
            dependencies: ["ParleyUIKit", "ParleyComponent", "ParleyChat", "CGio"],
            // Localization: one JSON strings table per language (see ChatLocalization).
            resources: [.process("Resources/Reactions"), .copy("Resources/Localization"), .copy("Resources/Giphy")],
            swiftSettings: strict
        ),

        // The declarative SDK of seed 002: a ViewFactory of components, ChatChannelListView, ChatChannelView.
        .target(
            name: "ParleyChatViews",
            dependencies: ["ParleyUIKit", "ParleyComponent", "ParleyChat", "ParleyChatUI", "ParleySwiftUI"],
            swiftSettings: strict
        ),

        // The umbrella: `import Parley` is all a user writes.
        .target(
            name: "Parley",
            dependencies: ["ParleyUIKit", "ParleyComponent", "ParleyChat", "ParleyChatUI", "ParleyChatViews", "ParleySwiftUI"],
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

        // A small windowed app on the toolkit: the Xvfb smoke test (scripts/xvfb-smoke) and the
        // run-loop self-test (`parley-sample --self-test`) run it.
        .executableTarget(
            name: "parley-sample",
            dependencies: ["ParleyUIKit"],
            swiftSettings: strict
        ),

        .executableTarget(
            name: "parley",
            dependencies: [
                "Parley", "ParleyScenes", "CCairoPango", "ParleyServer", "ParleyProtocol", "ParleyChatRemote", "ParleyLinkPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                // The load generator's raw WebSocket client (Bench/BenchSocket.swift).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        .testTarget(
            name: "ParleyUIKitTests",
            dependencies: ["ParleyUIKit", "ParleyTesting", "ParleyScenes", "CCairoPango"],
            exclude: ["__Snapshots__", "Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyComponentTests",
            // Parley: the seed examples import it alone, as an app does.
            dependencies: ["ParleyComponent", "ParleyUIKit", "ParleyDiff", "Parley", "ParleyTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyChatUITests",
            dependencies: ["ParleyChatUI", "ParleyTesting", "Parley", "ParleyScenes", "CGio"],
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyChatViewsTests",
            dependencies: ["ParleyChatViews", "ParleyTesting", "Parley", "ParleyScenes"],
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyChatTests",
            dependencies: ["ParleyChat", "ParleyChatDurabilityChild"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyProtocolTests",
            dependencies: ["ParleyProtocol"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyServerTests",
            dependencies: [
                "ParleyServer", "ParleyProtocol", "ParleyChat", "ParleyServerTestChild",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParleyChatRemoteTests",
            dependencies: [
                "ParleyChatRemote", "ParleyChat", "ParleyProtocol", "ParleyServer", "ParleyChatRemoteTestChild",
                "ParleyChatUI", "ParleyUIKit", "ParleyLinkPreview", "ParleyTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
    ]
)
