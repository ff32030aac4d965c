import Foundation
import Parley
import Testing

/// A pink, custom error indicator.
final class PinkErrorIndicator: ChatMessageErrorIndicator {
    override func setUpAppearance() {
        super.setUpAppearance()
        tintColor = .systemPink
    }
}

/// A router that answers every deletion confirmation with yes, without an alert.
final class AutoConfirmingAlertsRouter: AlertsRouter {
    nonisolated(unsafe) static var asked = 0
    override func showMessageDeletionConfirmationAlert(confirmed: @escaping (Bool) -> Void) {
        Self.asked += 1
        confirmed(true)
    }
}

/// `Components.messageErrorIndicator` and `Components.alertsRouter` reach the views that use them.
@MainActor
@Suite(.serialized) struct SmallComponentsKeysTests {
    typealias F = MessageRowFixtures

    @Test func theErrorIndicatorComesFromComponents() throws {
        let plain = F.row(0, in: [F.message("f", "oops", by: F.me, localState: .sendingFailed)])
        let indicator = try #require(plain.errorIndicatorView as? ChatMessageErrorIndicator)
        #expect(indicator.tintColor == plain.appearance.colorPalette.alert)

        let saved = Components.default
        defer { Components.default = saved }
        Components.default.messageErrorIndicator = PinkErrorIndicator.self
        let pink = F.row(0, in: [F.message("f", "oops", by: F.me, localState: .sendingFailed)])
        let custom = try #require(pink.errorIndicatorView as? PinkErrorIndicator)
        #expect(custom.tintColor == .systemPink, "the subclass's appearance is not overwritten by the row")
        #expect(custom.currentImage != nil)
    }
}

extension SmallComponentsKeysTests {
    @Test func presenceAvatarShowsTheDotWhileTheUserIsOnline() throws {
        let row = ChatMentionSuggestionView()
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 48))
        host.addSubview(row)
        row.content = ChatUser(id: "ana", name: "Ana", isOnline: true)
        let avatar = try #require(row.avatarView as? ChatPresenceAvatarView)
        #expect(avatar.isOnlineIndicatorVisible)
        #expect(!avatar.onlineIndicatorView.isHidden)
        row.content = ChatUser(id: "ben", name: "Ben", isOnline: false)
        #expect(avatar.onlineIndicatorView.isHidden)
        #expect(Components.default.presenceAvatarView == ChatPresenceAvatarView.self)
    }
}

extension ReactionsInteractionTests {
    @Test func deletingAsksTheAlertsRouterFromComponents() async throws {
        let saved = Components.default
        defer { Components.default = saved }
        Components.default.alertsRouter = AutoConfirmingAlertsRouter.self
        AutoConfirmingAlertsRouter.asked = 0
        let h = try await ReactionsHarness()
        let popup = try #require(try h.longPress(h.aliceMessage))
        let actions = try #require(popup.actionsController)
        #expect(actions.alertsRouter is AutoConfirmingAlertsRouter)
        let delete = try #require(actions.actionControls.first { $0.content?.title == "Delete Message" })
        h.backend.tap(at: h.center(of: delete))
        h.backend.runUntilIdle()
        #expect(AutoConfirmingAlertsRouter.asked == 1)
        #expect(actions.deleteConfirmation == nil, "no alert was shown")
        await actions.pendingRequest?.value
        await h.eventually("deleted") { h.message(h.aliceMessage)?.isDeleted == true }
    }
}
