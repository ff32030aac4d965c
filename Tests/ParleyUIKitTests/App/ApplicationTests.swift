import Foundation
import Testing
@testable import ParleyUIKit

/// Scenes, windows, launch, resizing and the real run loop.
@Suite(.serialized) @MainActor
struct ApplicationTests {
    // The seed's scene delegate, verbatim.
    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let scene = scene as? UIWindowScene else { return }
            scene.windows.forEach { $0.tintColor = .systemPink }
        }
    }

    @Test func theSeedsSceneDelegateTintsTheWholeUIPink() {
        let backend = HeadlessBackend.install()
        let app = UIApplication.shared
        app.launchConfiguration = UIApplication.LaunchConfiguration(title: "Seed", size: CGSize(width: 320, height: 480),
                                                                    initialViewController: { UINavigationController(rootViewController: UIViewController()) })
        app.sceneDelegateFactory = SceneDelegate.init
        app.connectInitialScene()
        backend.advance(by: 0.05)
        guard let scene = app.connectedScenes.first as? UIWindowScene, let window = scene.windows.first else {
            Issue.record("no scene or window")
            return
        }
        #expect(window.isKeyWindow)
        #expect(window.tintColor == .systemPink)
        let button = UIButton(type: .system)
        window.rootViewController?.view.addSubview(button)
        #expect(button.tintColor == .systemPink)
        #expect(backend.title(of: window) == "Seed")
        #expect(scene.session.scene === scene)
        #expect(app.keyWindow === window)
    }

    @Test func resizingTheNativeWindowRelaysOutTheWindow() {
        final class Root: UIViewController {
            var layouts: [CGSize] = []
            override func viewDidLayoutSubviews() { layouts.append(view.bounds.size) }
        }
        let backend = HeadlessBackend.install()
        let root = Root()
        let window = backend.openWindow(size: CGSize(width: 300, height: 400), rootViewController: root)
        backend.resize(window, to: CGSize(width: 500, height: 600))
        #expect(window.bounds.size == CGSize(width: 500, height: 600))
        #expect(root.layouts.last == CGSize(width: 500, height: 600))
        #expect(backend.snapshot()?.size == CGSize(width: 500, height: 600))
    }

    @Test func theDisplayScaleReachesTheTraitsAndTheFrames() {
        let backend = HeadlessBackend.install(scale: 2)
        let window = backend.openWindow(size: CGSize(width: 100, height: 50))
        #expect(window.traitCollection.displayScale == 2)
        #expect(window.screen.scale == 2)
        let image = backend.snapshot()
        #expect(image?.scale == 2)
        #expect(image?.size == CGSize(width: 100, height: 50))
    }

    @Test func framesAreRenderedOnlyWhenSomethingChanged() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 100, height: 100))
        backend.advance(by: 0.1)
        let frames = backend.framesPresented
        backend.advance(by: 1)
        #expect(backend.framesPresented == frames)
        window.backgroundColor = .red
        backend.advance(by: 0.1)
        #expect(backend.framesPresented == frames + 1)
    }

    @Test func aDisplayLinkFiresEveryFrameUntilInvalidated() {
        let backend = HeadlessBackend.install()
        _ = backend.openWindow(size: CGSize(width: 100, height: 100))
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.add(to: .main, forMode: .common)
        backend.advance(by: 0.5)
        #expect(count >= 29 && count <= 31)
        link.invalidate()
        backend.advance(by: 0.5)
        #expect(count <= 31)
    }

    @Test func closingTheLastWindowDisconnectsTheScene() {
        final class Delegate: UIResponder, UIWindowSceneDelegate {
            var disconnected = false
            func sceneDidDisconnect(_ scene: UIScene) { disconnected = true }
        }
        let backend = HeadlessBackend.install()
        let delegate = Delegate()
        let scene = UIApplication.shared.connectScene(size: CGSize(width: 100, height: 100), delegate: delegate)
        let window = UIWindow(windowScene: scene)
        window.makeKeyAndVisible()
        backend.close(window)
        #expect(delegate.disconnected)
        #expect(UIApplication.shared.connectedScenes.isEmpty)
    }

    /// The real loop (not the headless stepping of the other tests) drains the main queue:
    /// `Task { @MainActor in }`, `DispatchQueue.main`, `Timer`, work from a background thread while
    /// it sleeps, a display link — and sleeps at ≈ 0 % CPU. It must own the main thread, so it runs in
    /// the sample executable (`parley-sample --self-test`) built next to this test bundle.
    @Test func theRealRunLoopDrainsTheMainQueueAndSleepsWhenIdle() throws {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("parley-sample"), bundle.deletingLastPathComponent().appendingPathComponent("parley-sample")]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("parley-sample was not built next to the tests (\(bundle.path)); `swift build` builds it")
            return
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--self-test"]
        var environment = ProcessInfo.processInfo.environment
        environment["PARLEY_BACKEND"] = "headless"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("SELFTEST OK"))
        if let value = output.split(separator: "=").last.flatMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            #expect(value < 2)
        }
    }
}
