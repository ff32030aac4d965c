import Foundation
import Parley
@testable import ParleyChatUI
import ParleyTesting
import Testing

/// What the user reads when something they did is refused: a sentence in their language, never
/// the developer-facing ``ChatError/description`` and never silence.
@MainActor
@Suite(.serialized) struct ErrorMessagesTests {
    /// One error of every case (the switch in `L10n.message(for:)` is exhaustive; this list is
    /// what the tables are checked with).
    static let everyCase: [ChatError] = [
        .emptyMessage, .messageTooLong(length: 6000, limit: 5000), .invalidChannelId("x"), .invalidReactionType("a b"),
        .invalidReactionScore(0), .attachmentFileMissing(URL(fileURLWithPath: "/tmp/gone.png")), .invalidThreadParent("m"),
        .invalidQuotedMessage("m"), .messageNotEditable("m", .system), .messageNotFailed("m", .synced), .duplicateId("m"),
        .channelNotFound(ChannelId(type: .messaging, id: "x")), .messageNotFound("m"), .userNotFound("u"),
        .notAMember("u", cid: ChannelId(type: .messaging, id: "x")),
        .missingCapability(.sendMessage, cid: ChannelId(type: .messaging, id: "x")),
        .featureDisabled(.reactions, cid: ChannelId(type: .messaging, id: "x")),
        .channelFrozen(ChannelId(type: .messaging, id: "x")), .messageDeleted("m"), .notOwnMessage("m"),
        .databaseUnreadable(path: "/p", reason: "r", movedTo: nil), .databaseUnreadable(path: "/p", reason: "r", movedTo: "/q"),
        .diskFull(reason: "r"), .readOnlyStorage(reason: "r"), .databaseError(code: 1, reason: "r"),
        .notConnected(reason: "r"), .serverError(code: "c", message: "busy"),
    ]

    @Test(arguments: ["en", "de", "ar"])
    func everyErrorHasASentenceInEveryLanguage(language: String) {
        withLanguage(language) {
            let l10n = Appearance.default.l10n
            for error in Self.everyCase {
                let text = l10n.message(for: error)
                #expect(!text.contains("error."), "\(language): no text for \(error)")
                #expect(text != error.description, "\(language): the developer's description is shown for \(error)")
            }
            #expect(l10n.message(for: .messageTooLong(length: 6000, limit: 5000)).contains("5000"))
            #expect(l10n.message(for: .serverError(code: "c", message: "busy")).contains("busy"))
        }
    }

    @Test func theChannelListErrorSpeaksTheUsersLanguage() {
        withLanguage("de") {
            let host = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
            let view = ChatChannelListErrorView(frame: host.bounds)
            host.addSubview(view)
            view.content = .notConnected(reason: "connection refused")
            #expect(view.messageLabel.text == "Du bist offline. Nachrichten werden aufbewahrt und gesendet, sobald du wieder online bist.")
        }
    }

    /// Before, a reaction refused after the popup closed went to a closure nobody had set: the
    /// user saw nothing happen.
    @Test func aRefusedReactionShowsAnAlert() async throws {
        let h = try await ReactionsHarness()
        let popup = try #require(try h.longPress(h.bobMessage))
        // Bob deletes his message while Alice's popup is open.
        try await #require(h.client.embeddedBackend).deleteMessage(h.bobMessage, by: "bob")
        try await h.pick(.like, in: popup)
        await h.eventually("the alert") { h.channelVC.presentedViewController is UIAlertController }
        let alert = try #require(h.channelVC.presentedViewController as? UIAlertController)
        #expect(alert.message == "This message was deleted.")
        #expect(h.message(h.bobMessage)?.reactionGroups[.like] == nil)
    }
}
