import Foundation
import ParleyUIKit

// The seed's scene delegate, unchanged: it tints every window of the scene pink.
class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        scene.windows.forEach { $0.tintColor = .systemPink }
    }
}

if CommandLine.arguments.contains("--self-test") {
    RunLoopSelfTest.start()
}
if let index = CommandLine.arguments.firstIndex(of: "--idle"), index + 1 < CommandLine.arguments.count,
   let seconds = Double(CommandLine.arguments[index + 1]) {
    IdleProbe.start(seconds: seconds)
}

UIApplicationMain(sceneDelegate: SceneDelegate.init,
                  configuration: .init(title: "Parley sample", size: CGSize(width: 480, height: 640),
                                       initialViewController: { UINavigationController(rootViewController: SampleViewController()) }))
