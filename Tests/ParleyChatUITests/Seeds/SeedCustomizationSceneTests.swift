import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// The seeds' customizations applied to whole screens (the `parley render` scenes): every view
/// of the screen shows the effect, and the goldens show it at 2×, light and dark.
@MainActor
@Suite(.serialized) struct SeedCustomizationSceneTests {
    private func scene(_ name: String) throws -> UIView {
        let scene = try #require(SceneCatalog.scene(named: name), "scene \(name)")
        return SceneCatalog.makeView(scene)
    }

    private func all<T: UIView>(_ type: T.Type, in view: UIView) -> [T] {
        var found: [T] = []
        var queue = [view]
        while let next = queue.popLast() {
            if let match = next as? T, !next.isHidden { found.append(match) }
            queue.append(contentsOf: next.subviews)
        }
        return found
    }

    @Test func rectAvatarsReachEveryAvatarOfTheChannelScreen() throws {
        let view = try scene("channel-rect-avatars")
        view.layoutIfNeeded()
        let avatars = all(ChatAvatarView.self, in: view)
        #expect(avatars.count >= 4)
        for avatar in avatars {
            #expect(avatar is SeedExamples.RectAvatarView)
            #expect(avatar.imageView.layer.cornerRadius == 3)
        }
        // And the default scene has none.
        let plain = try scene("channel")
        #expect(!all(ChatAvatarView.self, in: plain).contains { $0 is SeedExamples.RectAvatarView })
    }

    @Test func italicBodyAndYellowBubblesReachMessagesAndComposer() throws {
        let view = try scene("channel-appearance")
        let rows = all(ChatMessageContentView.self, in: view).filter { $0.layoutOptions?.contains(.text) == true && $0.layoutOptions?.contains(.emojiOnly) != true && $0.layoutOptions?.contains(.deletedPlaceholder) != true }
        #expect(rows.count >= 3)
        for row in rows where row.content?.type != .system {
            #expect(row.textView?.font?.isItalic == true)
            #expect(row.textView?.font?.pointSize == 20)
        }
        let own = rows.filter { $0.layoutOptions?.contains(.flipped) == true && $0.layoutOptions?.contains(.bubble) == true }
        #expect(!own.isEmpty)
        for row in own { #expect(row.bubbleView?.content?.backgroundColor == .yellow) }
        let input = try #require(all(InputTextView.self, in: view).first)
        #expect(input.font?.isItalic == true && input.font?.pointSize == 20)
    }

    @Test func pinkTintReachesTheChannelScreenAndTheList() throws {
        for name in ["channel-pink", "channel-list-pink"] {
            let view = try scene(name)
            let chatViews = all(_View.self, in: view)
            #expect(!chatViews.isEmpty)
            for chatView in chatViews { #expect(chatView.tintColor == .systemPink, "\(type(of: chatView)) in \(name)") }
        }
        let pink = try scene("channel-pink")
        let composerButton = try #require(all(SendButton.self, in: pink).first)
        #expect(composerButton.tintColor == .systemPink)
    }

    @Test(arguments: ["channel-rect-avatars", "channel-appearance", "channel-pink", "channel-send-arrow", "channel-list-pink"])
    func goldens(name: String) throws {
        let view = try scene(name)
        Snapshot.assert(view, named: name + "-light", scale: 2, style: .light)
        Snapshot.assert(view, named: name + "-dark", scale: 2, style: .dark)
    }
}
