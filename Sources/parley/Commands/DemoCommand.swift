import ArgumentParser
import Foundation
import Parley
import ParleyLinkPreview
import ParleyScenes

/// `parley demo`: the chat app in a window, on an embedded store seeded with demo data, with
/// simulated peers who type, reply and react.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the demo chat app in a window (or render its first screen with --screenshot)."
    )

    @Option(help: "The SQLite store (default: $XDG_DATA_HOME/parley/demo.sqlite).")
    var db: String?

    @Flag(help: "Delete the store and seed it again.")
    var reset = false

    @Option(help: "Comments in the Town Hall livestream (the big channel) when the store is seeded.")
    var messages: Int = 3_000

    @Option(help: "Seed examples to apply, comma-separated: \(DemoCustomization.allCases.map(\.rawValue).joined(separator: ", ")).")
    var customize: String?

    @Flag(help: "Show the declarative screens (ChatChannelListView with a ViewFactory) instead of the UIKit-style ones.")
    var factory = false

    @Option(help: "The UI language: en, de or ar (Arabic mirrors the UI right to left); default: the preferred language.")
    var lang: String?

    @Flag(help: "Start in dark mode (default: the desktop's light or dark preference, else light).")
    var dark = false

    @Option(help: "The text size: xs, s, m, l, xl, xxl, xxxl or ax1…ax5 (default: $PARLEY_TEXT_SIZE, else l); Ctrl+= / Ctrl+- / Ctrl+0 change it.")
    var textSize: String?

    @Flag(help: "No simulated peers: nothing changes on screen unless you act (driven sessions, screenshots).")
    var quiet = false

    @Option(help: "Render the first screen headless to this PNG file and exit.")
    var screenshot: String?

    @Option(help: "Window width in points.")
    var width: Double = 1100

    @Option(help: "Window height in points.")
    var height: Double = 720

    @Flag(help: "Fetch the pages of links in sent messages for their previews and pictures (embedded store; 2 s, 512 KB pages, 5 MB pictures, http and https only).")
    var linkPreviews = false

    @Option(help: "A `parley serve` to chat through, for example http://127.0.0.1:8080 (default: the embedded store).")
    var server: String?

    @Option(help: "With --server: the user to act as.")
    var user: String?

    @Option(help: "With --server: the user's token (default: $PARLEY_TOKEN, else minted with the server's dev secret).")
    var token: String?

    @Option(help: "With --server: the server's data directory, for its dev secret (default: $XDG_DATA_HOME/parley/server).")
    var dataDir: String?

    func validate() throws {
        guard messages >= 0, messages <= 5_000_000 else { throw ValidationError("--messages must be between 0 and 5000000.") }
        guard width >= 320, width <= 8_000, height >= 320, height <= 8_000 else { throw ValidationError("--width/--height must be between 320 and 8000.") }
        _ = try customizations()
        if let textSize, UIContentSizeCategory(name: textSize) == nil {
            throw ValidationError("--text-size must be one of xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5.")
        }
        if server != nil, (user ?? "").isEmpty { throw ValidationError("--server needs --user NAME.") }
        if server == nil, user != nil || token != nil { throw ValidationError("--user and --token need --server URL.") }
    }

    func customizations() throws -> [DemoCustomization] {
        guard let customize, !customize.isEmpty else { return [] }
        return try customize.split(separator: ",").map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let found = DemoCustomization(rawValue: trimmed) else {
                throw ValidationError("Unknown customization '\(trimmed)'. Known: \(DemoCustomization.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return found
        }
    }

    /// The store's location: `--db`, else the XDG data directory.
    var storeURL: URL {
        if let db { return URL(fileURLWithPath: db) }
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return base.appendingPathComponent("parley/demo.sqlite")
    }

    func run() throws {
        // `ParleyMain` launches the demo before argument parsing reaches here.
        try MainActor.assumeIsolated { try launch() }
    }

    /// Whether the declarative screens show (`--factory`, or a customization that needs them).
    var usesDeclarativeScreens: Bool {
        factory || ((try? customizations()) ?? []).contains { $0.usesDeclarativeScreens }
    }

    /// Whether the declarative screens use seed 002's livestream factory.
    var usesLivestream: Bool { ((try? customizations()) ?? []).contains(.livestreamFactory) }

    /// Opens the store, applies the customizations, and runs the app (never returns) or writes
    /// the screenshot.
    @MainActor
    func launch() throws {
        let env = ProcessInfo.processInfo.environment
        let hasDisplay = !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
        if screenshot == nil && !hasDisplay && env["PARLEY_BACKEND"]?.lowercased() != "headless" {
            FileHandle.standardError.write(Data("parley demo: no display (DISPLAY and WAYLAND_DISPLAY are unset); run it under a display or Xvfb, or render the first screen headless with --screenshot FILE.\n".utf8))
            throw ExitCode(1)
        }
        if let lang, !ChatLocalization.bundledLanguages.contains(lang) {
            throw ValidationError("--lang must be one of \(ChatLocalization.bundledLanguages.joined(separator: ", ")).")
        }
        ChatLocalization.use(lang.map { ChatLocalization(language: $0) } ?? .preferred)
        let demo = try server.map { server in
            try RemoteDemo.open(
                server: server, user: user ?? "", token: token, dataDir: dataDir, store: db.map { URL(fileURLWithPath: $0) },
                reset: reset)
        } ?? DemoStore.open(at: storeURL, reset: reset, bigChannelMessages: messages, linkPreviews: linkPreviews)
        // The demo app's own attachment (a location card), drawn by its catalog's injector.
        DemoAttachmentViewCatalog.install()
        for customization in try customizations() { customization.apply() }
        // --dark, else (in a window) the desktop's preference, followed live (the freedesktop
        // settings portal), else light; a screenshot is light unless --dark.
        let style: UIUserInterfaceStyle = dark ? .dark : .light
        let customizationList = try customizations()
        let size = CGSize(width: width, height: height)

        if let screenshot {
            let backend = HeadlessBackend.install(scale: 2)
            let root = DemoApp.makeRoot(client: demo.client, declarative: usesDeclarativeScreens, livestream: usesLivestream,
                                        firstChannel: demo.channels.first)
            let window = backend.openWindow(size: size, title: "Parley", rootViewController: root)
            window.overrideUserInterfaceStyle = style
            window.traitOverrides.preferredContentSizeCategory = textSize.flatMap(UIContentSizeCategory.init(name:))
            for customization in customizationList { customization.apply(to: window) }
            // Frames run the first layout and content pass; then whatever they scheduled settles.
            for _ in 0..<5 { backend.advance(by: 0.05) }
            backend.runUntilIdle(limit: 2)
            backend.advance(by: 0.05)
            guard let png = backend.snapshot(of: window)?.pngData() else { throw ValidationError("The first screen could not be rendered.") }
            try png.write(to: URL(fileURLWithPath: screenshot))
            print("Wrote \(screenshot)")
            return
        }

        DemoApp.client = demo.client
        DemoApp.style = dark ? .dark : nil
        DemoApp.textSize = textSize.flatMap(UIContentSizeCategory.init(name:))
        DemoApp.customizations = customizationList
        let declarative = usesDeclarativeScreens, livestream = usesLivestream
        if demo.client.embeddedBackend != nil, !quiet {  // with --server, `parley peers` plays the others
            let peers = SimulatedPeers(client: demo.client, channels: demo.channels, seed: 7, meanInterval: 3,
                                       lines: DemoConversations.peerLines, allowsJoins: false)
            peers.start()
            DemoApp.peers = peers
        }
        UIApplicationMain(sceneDelegate: DemoSceneDelegate.init,
                          configuration: .init(title: "Parley", size: size, initialViewController: {
            DemoApp.makeRoot(client: demo.client, declarative: declarative, livestream: livestream, firstChannel: demo.channels.first)
        }))
    }
}

/// What the running demo shares with its scene delegate.
@MainActor
enum DemoApp {
    static var client: ChatClient?
    static var peers: SimulatedPeers?
    /// `--dark`'s style; nil follows the desktop's preference.
    static var style: UIUserInterfaceStyle?
    /// Follows the desktop's light or dark preference (nil with --dark or without a bus).
    static var appearanceObserver: FreedesktopAppearance.Observer?
    /// `--text-size`, if given (else the scene's, from `PARLEY_TEXT_SIZE`).
    static var textSize: UIContentSizeCategory?
    static var customizations: [DemoCustomization] = []
    /// Keeps the window's title on the open channel and the unread count.
    static var windowTitle: ChatWindowTitleController?
    /// Posts desktop notifications of new messages (nil without a D-Bus session bus).
    static var notifier: ChatDesktopNotifier?

    /// The channel list of the demo's split view in `window`, if it shows one.
    static func channelList(in window: UIWindow) -> ChatChannelListVC? {
        let split = window.rootViewController as? UISplitViewController
        return (split?.viewController(for: .primary) as? UINavigationController)?.viewControllers.first as? ChatChannelListVC
    }

    /// "Threads" in the channel list's bar: pushes the user's threads (`Components.threadListVC`).
    static func threadsItem(client: ChatClient, from list: ChatChannelListVC) -> UIBarButtonItem {
        UIBarButtonItem(title: list.appearance.l10n.tr("thread-list.title"), style: .plain) { [weak list] in
            guard let list else { return }
            let threads = list.components.threadListVC.init()
            threads.threadListController = client.threadListController()
            list.navigationController?.pushViewController(threads, animated: true)
        }
    }

    /// The first screen: a split view with the channel list (with search) in the primary column
    /// and `firstChannel` beside it on a wide window (the list alone, as a navigation stack, on a
    /// narrow one); with `declarative`, the `ViewFactory` channel list (the livestream factory
    /// with `livestream`).
    static func makeRoot(client: ChatClient, declarative: Bool = false, livestream: Bool = false,
                         firstChannel: ChannelId? = nil) -> UIViewController {
        if declarative {
            ChatViews.client = client
            let controller = client.channelListController()
            let list = livestream
                ? ChatChannelListView(viewFactory: LivestreamViewFactory.shared, controller: controller)
                : ChatChannelListView(viewFactory: DefaultViewFactory.shared, controller: controller)
            return UINavigationController(rootViewController: list)
        }
        return DemoScreen.makeSplit(client: client, firstChannel: firstChannel) { list in
            list.navigationItem.leftBarButtonItem = threadsItem(client: client, from: list)
        }
    }
}

/// Applies the demo's style and window-level customizations to each window.
final class DemoSceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        if DemoApp.style == nil { DemoApp.appearanceObserver = FreedesktopAppearance.follow(in: scene) }
        for window in scene.windows {
            window.overrideUserInterfaceStyle = DemoApp.style ?? .unspecified
            window.traitOverrides.preferredContentSizeCategory = DemoApp.textSize
            for customization in DemoApp.customizations { customization.apply(to: window) }
        }
        if let client = DemoApp.client, let window = scene.windows.first, let list = DemoApp.channelList(in: window) {
            let title = ChatWindowTitleController(client: client, appName: "Parley")
            title.channelList = list
            title.window = window
            DemoApp.windowTitle = title
            if let service = FreedesktopNotificationService.connect() {
                let notifier = ChatDesktopNotifier(client: client, service: service)
                notifier.channelList = list
                notifier.window = window
                DemoApp.notifier = notifier
            }
        }
    }
}

/// The demo's store: created and seeded on first run, reused afterwards.
struct DemoStore {
    let client: ChatClient
    let channels: [ChannelId]

    static let currentUserId: UserId = "sam"

    @MainActor
    static func open(at url: URL, reset: Bool, bigChannelMessages: Int, linkPreviews: Bool = false) throws -> DemoStore {
        let fm = FileManager.default
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if reset {
            for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: url.path + suffix) }
        }
        let fresh = !fm.fileExists(atPath: url.path)
        var config = ChatClientConfig(currentUserId: currentUserId, databaseURL: url)
        if linkPreviews { config.linkPreviewFetcher = HTTPLinkPreviewFetcher() }
        let client = try ChatClient(opening: config)
        if fresh {
            FileHandle.standardError.write(Data("parley demo: seeding \(url.path) (\(bigChannelMessages) messages in the big channel)…\n".utf8))
            let media = url.deletingPathExtension().appendingPathExtension("media")
            try writeMedia(into: media)
            try DemoConversations.seed(into: client, townHallMessages: bigChannelMessages, mediaDirectory: media)
        } else if try client.channel(DemoConversations.channelIds[0]) == nil {
            FileHandle.standardError.write(Data("parley demo: \(url.path) was seeded by an older parley (random words); run with --reset for the written conversations.\n".utf8))
        }
        let list = client.channelListController()
        try list.synchronize()
        return DemoStore(client: client, channels: list.channels.map(\.cid))
    }

    /// Draws the script's pictures and writes its files into `directory` (the media folder
    /// beside the database): nothing comes from the network.
    @MainActor
    static func writeMedia(into directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for media in DemoConversations.mediaFiles {
            let url = directory.appendingPathComponent(media.name)
            switch media.kind {
            case let .picture(width, height, palette):
                try DemoPictures.png(index: palette, width: width, height: height).map { try $0.write(to: url) }
            case let .file(size, _):
                let line = Data("Parley demo file: \(media.name)\n".utf8)
                var data = Data(capacity: size)
                while data.count < size { data.append(line) }
                try data.prefix(size).write(to: url)
            }
        }
    }
}
