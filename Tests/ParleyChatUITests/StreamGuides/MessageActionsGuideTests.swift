import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message Actions" (custom message actions): a `ChatMessageActionItem` of
// the app's own, added by a `ChatMessageActionsVC` subclass set in `Components`, plus Stream's
// item initializers with `title:`, `isInsideThread` and `actionButtonClass`.

struct TranslateActionItem: ChatMessageActionItem {
    var title: String { "Translate" }
    var isDestructive: Bool { false }
    let icon: UIImage
    let action: @MainActor (ChatMessageActionItem) -> Void

    init(action: @escaping @MainActor (ChatMessageActionItem) -> Void, appearance: Appearance = .default) {
        self.action = action
        icon = appearance.images.messageActionCopy
    }
}

final class TranslatingActionControl: ChatMessageActionControl {}

final class CustomChatMessageActionsVC: ChatMessageActionsVC {
    var translated: [MessageId] = []

    override var actionButtonClass: ChatMessageActionControl.Type { TranslatingActionControl.self }

    override var messageActions: [ChatMessageActionItem] {
        var actions = super.messageActions
        actions.append(TranslateActionItem(action: { [weak self] _ in
            guard let self, let message = self.message else { return }
            self.translated.append(message.id)
        }, appearance: appearance))
        return actions
    }

    override func inlineReplyActionItem() -> ChatMessageActionItem {
        InlineReplyActionItem(title: "Quote", action: { [weak self] item in
            guard let self else { return }
            self.delegate?.chatMessageActionsVC(self, message: self.message!, didTapOnActionItem: item)
        }, appearance: appearance)
    }
}

@MainActor
@Suite struct MessageActionsGuideTests {
    typealias L = MessageListFixtures

    private func actionsVC(inThread: Bool = false) -> ChatMessageActionsVC {
        var components = Components.default
        components.messageActionsVC = CustomChatMessageActionsVC.self
        let vc = components.messageActionsVC.init()
        vc.components = components
        vc.channel = ChatChannel(cid: L.cid, memberCount: 3, ownCapabilities: [.sendReply, .quoteMessage, .readEvents])
        vc.isInsideThread = inThread
        vc.message = ChatMessage(id: "m", cid: L.cid, text: "Hola", author: L.alice, createdAt: L.day, isSentByCurrentUser: false)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 500))
        let root: UIView = vc.view
        root.frame = host.bounds
        host.addSubview(root)
        host.layoutIfNeeded()
        return vc
    }

    @Test func theAppsActionIsListedAndRuns() throws {
        let vc = actionsVC()
        let titles = vc.actionControls.compactMap { $0.content?.title }
        #expect(titles.first == "Quote", "a default item renamed through `title:`")
        #expect(titles.contains("Thread Reply"))
        #expect(titles.last == "Translate")
        #expect(vc.actionControls.allSatisfy { $0 is TranslatingActionControl })
        let translate = try #require(vc.actionControls.last)
        translate.sendActions(for: .touchUpInside)
        #expect((vc as? CustomChatMessageActionsVC)?.translated == ["m"])
    }

    @Test func insideAThreadThereIsNoThreadReply() {
        let titles = actionsVC(inThread: true).actionControls.compactMap { $0.content?.title }
        #expect(!titles.contains("Thread Reply"))
        #expect(titles.contains("Translate"))
    }

    @Test func itemsTakeStreamsTitleParameter() {
        #expect(MuteUserActionItem(title: "Silence", action: { _ in }).title == "Silence")
        #expect(MuteUserActionItem(action: { _ in }).title == "Mute User")
        #expect(DeleteActionItem(title: "Remove", action: { _ in }).isDestructive)
    }
}
