import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// Golden images of seed 004's reactions: each scene with Parley's defaults and with the seed's
/// customizations, side by side, in light and dark.
@MainActor
@Suite(.serialized) struct ReactionsSnapshotTests {
    /// The default scene and its custom twin side by side, 8 points apart.
    func sideBySide(_ name: String) throws -> UIView {
        let plain = try #require(SceneCatalog.scene(named: name))
        let custom = try #require(SceneCatalog.scene(named: name + "-custom"))
        let size = plain.defaultSize
        let root = UIView(frame: CGRect(x: 0, y: 0, width: size.width * 2 + 8, height: size.height))
        root.backgroundColor = .systemGray
        let left = SceneCatalog.makeView(plain)
        let right = SceneCatalog.makeView(custom)
        right.frame.origin.x = size.width + 8
        root.addSubview(left)
        root.addSubview(right)
        root.layoutIfNeeded()
        // Draw once in light, as a window would before the user switches to dark: views learn
        // their traits, so the dark render is a real light → dark change (the popup redraws
        // its picture of the message).
        _ = root.renderImage(scale: 1, userInterfaceStyle: .light)
        return root
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func messagesWithReactions(style: UIUserInterfaceStyle) throws {
        Snapshot.assert(try sideBySide("reactions"), named: "reactions-\(style == .dark ? "dark" : "light")", scale: 2, style: style)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func longPressPopup(style: UIUserInterfaceStyle) throws {
        Snapshot.assert(try sideBySide("reaction-popup"), named: "reaction-popup-\(style == .dark ? "dark" : "light")", scale: 2, style: style)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func reactionAuthorsPopup(style: UIUserInterfaceStyle) throws {
        Snapshot.assert(try sideBySide("reaction-authors"), named: "reaction-authors-\(style == .dark ? "dark" : "light")", scale: 2, style: style)
    }

    @Test func reactionIconsAreCrispAtOneAndTwoTimes() throws {
        // Each bundled icon, small and big, in a row at 1× and 2×.
        let names = ["love", "haha", "like", "sad", "wow", "fire", "wave"]
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 8 + CGFloat(names.count) * 40, height: 72))
        root.backgroundColor = .white
        for (i, name) in names.enumerated() {
            for (row, suffix) in ["Small", "Big"].enumerated() {
                let image = try #require(UIImage(named: name + suffix)).withRenderingMode(.alwaysTemplate)
                let view = UIImageView(image: image)
                view.tintColor = .black
                view.contentMode = .center
                view.frame = CGRect(x: 8 + CGFloat(i) * 40, y: 6 + CGFloat(row) * 32, width: 28, height: 28)
                root.addSubview(view)
            }
        }
        Snapshot.assert(root, named: "reaction-icons-1x", scale: 1)
        Snapshot.assert(root, named: "reaction-icons-2x", scale: 2)
    }
}
