import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyScenes
import ParleyTesting
import ParleyUIKit

/// Larger text: the chat UI's fonts follow the content size category of the traits (every
/// label of the channel screen grows, the message rows measure again), the channel screen's
/// goldens at larger sizes, and the desktop's Ctrl+= / Ctrl+- / Ctrl+0.
@MainActor
@Suite(.serialized) struct TextSizeTests {
    /// The visible labels with text under `view`.
    static func labels(in view: UIView) -> [UILabel] {
        var found: [UILabel] = []
        func walk(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0 else { return }
            if let label = view as? UILabel, !(label.text ?? "").isEmpty { found.append(label) }
            for subview in view.subviews { walk(subview) }
        }
        walk(view)
        return found
    }

    /// Labels drawn inside a picture of a fixed size (an avatar's initials, a file icon's
    /// extension) keep their size: they scale with the picture, not the text.
    static func isInsideAFixedPicture(_ label: UILabel) -> Bool {
        var view: UIView? = label.superview
        while let current = view {
            if current is ChatAvatarView || current is ChatFileIconView { return true }
            view = current.superview
        }
        return false
    }

    @Test func everyLabelOfTheChannelScreenGrowsWithTheTextSize() throws {
        let scene = try #require(SceneCatalog.scene(named: "channel"))
        let view = SceneCatalog.makeView(scene)
        view.layoutIfNeeded()
        let before = Self.labels(in: view).filter { !Self.isInsideAFixedPicture($0) }
        let sizes = Dictionary(uniqueKeysWithValues: before.map { (ObjectIdentifier($0), $0.font.pointSize) })
        #expect(before.count >= 15, "the screen shows names, texts, times, reactions, the header and the composer")
        let list = try #require(Self.messageList(in: view))
        let heightBefore = list.contentSize.height

        view.traitOverrides.preferredContentSizeCategory = .extraExtraLarge
        view.layoutIfNeeded()
        var kept = 0
        for label in Self.labels(in: view) {
            guard let size = sizes[ObjectIdentifier(label)] else { continue }
            kept += 1
            #expect(label.font.pointSize > size, "'\(label.text ?? "")' (in \(String(describing: label.superview.map { type(of: $0) }))) stayed at \(size) pt")
        }
        #expect(kept >= before.count / 2, "the labels are updated in place")
        let grownHeight = list.contentSize.height
        #expect(grownHeight > heightBefore * 1.1, "the rows measured again: \(heightBefore) → \(grownHeight)")

        view.traitOverrides.preferredContentSizeCategory = nil
        view.layoutIfNeeded()
        for label in Self.labels(in: view) {
            guard let size = sizes[ObjectIdentifier(label)] else { continue }
            #expect(label.font.pointSize == size, "'\(label.text ?? "")' is back at \(size) pt")
        }
        #expect(list.contentSize.height < grownHeight * 0.95, "the rows measured again at the large size")
    }

    static func messageList(in view: UIView) -> ChatMessageListView? {
        if let list = view as? ChatMessageListView { return list }
        for subview in view.subviews { if let found = messageList(in: subview) { return found } }
        return nil
    }

    @Test func anAppearanceResolvesItsFontsForTheTraits() {
        var appearance = Appearance()
        let xxl = UITraitCollection(preferredContentSizeCategory: .extraExtraLarge)
        let resolved = appearance.resolved(for: xxl)
        #expect(resolved.fonts.body.pointSize == 21 && resolved.fonts.caption1Bold.pointSize == 16)
        #expect(resolved.fonts.caption1Bold.weight == .semibold && resolved.fonts.subheadlineBold.pointSize == 19)
        #expect(resolved.fonts.emoji.pointSize == 62)
        #expect(resolved.resolved(for: .default).fonts.body.pointSize == 17, "resolving again starts from the large size")
        appearance.fonts.body = .systemFont(ofSize: 20)
        #expect(appearance.resolved(for: xxl).fonts.body.pointSize == 20, "a fixed font of the app's stays")
    }

    @Test(arguments: [UIContentSizeCategory.extraExtraLarge, .accessibilityLarge])
    func channelGoldens(category: UIContentSizeCategory) throws {
        let scene = try #require(SceneCatalog.scene(named: "channel"))
        for style in [UIUserInterfaceStyle.light, .dark] {
            let view = SceneCatalog.makeView(scene)
            view.traitOverrides.preferredContentSizeCategory = category
            Snapshot.assert(view, named: "channel-text-\(category.shortName)-\(style == .dark ? "dark" : "light")",
                            size: scene.defaultSize, scale: 2, style: style)
        }
    }
}

extension HeadlessWindowTests {
/// Ctrl+= / Ctrl+- / Ctrl+0 in the demo's window, and the shortcuts sheet listing them.
@MainActor
@Suite(.serialized) struct TextSizeShortcutTests {
    @Test func ctrlEqualsAndMinusStepTheWindowsTextSizeAndCtrlZeroResetsIt() throws {
        try DesktopInteractionTests.withDemo { demo in
            let channelVC = try #require(demo.channelVC)
            let text = try #require(TextSizeTests.labels(in: channelVC.messageListVC.view).first)
            let size = text.font.pointSize
            #expect(channelVC.messageListVC.isScrolledToBottom)
            demo.backend.press(.keyboardEqualSign, modifiers: .control, characters: "=")
            demo.settle()
            #expect(channelVC.messageListVC.isScrolledToBottom, "the list stays at its newest message while its rows grow")
            #expect(demo.window.traitCollection.preferredContentSizeCategory == .extraLarge)
            #expect(text.font.pointSize > size, "'\(text.text ?? "")' grows")
            #expect(demo.list.listView.traitCollection.preferredContentSizeCategory == .extraLarge)
            demo.backend.press(.keyboardEqualSign, modifiers: .control, characters: "=")
            demo.backend.press(.keyboardHyphen, modifiers: .control, characters: "-")
            demo.backend.press(.keyboardHyphen, modifiers: .control, characters: "-")
            demo.backend.press(.keyboardHyphen, modifiers: .control, characters: "-")
            demo.settle()
            #expect(demo.window.traitCollection.preferredContentSizeCategory == .medium)
            demo.backend.press(.keyboard0, modifiers: .control, characters: "0")
            demo.settle()
            #expect(demo.window.traitCollection.preferredContentSizeCategory == .large)
            #expect(demo.window.traitOverrides.preferredContentSizeCategory == nil)
            #expect(text.font.pointSize == size)
        }
    }

    @Test func theShortcutsSheetListsTheTextSizeKeys() throws {
        try DesktopInteractionTests.withDemo { demo in
            let lines = ChatKeyboardShortcutsVC.shortcuts(from: demo.list, appearance: demo.list.appearance)
            #expect(lines.contains(ChatKeyboardShortcutsVC.Shortcut(title: "Larger text", keys: "Ctrl+=")))
            #expect(lines.contains(ChatKeyboardShortcutsVC.Shortcut(title: "Smaller text", keys: "Ctrl+-")))
            #expect(lines.contains(ChatKeyboardShortcutsVC.Shortcut(title: "Default text size", keys: "Ctrl+0")))
        }
    }
}
}
