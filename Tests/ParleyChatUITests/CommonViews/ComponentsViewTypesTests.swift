import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyUIKit

/// `Components.onlineIndicatorView` and `Components.messageDeliveryStatusView` (issue 18): the
/// views are made from the types set there, with the owner's appearance.
@MainActor
@Suite struct ComponentsViewTypesTests {
    final class SquareIndicator: OnlineIndicatorView {
        override func layoutSubviews() {
            super.layoutSubviews()
            layer.cornerRadius = 0
        }
    }

    final class TaggedStatusView: ChatMessageDeliveryStatusView {}

    @Test func theOnlineDotIsTheComponentsType() throws {
        let me = ChatUser(id: "me", name: "Me")
        let pat = ChatUser(id: "pat", name: "Pat", isOnline: true)
        let members = [me, pat].map { ChatChannelMember(user: $0, role: .member, memberCreatedAt: Date(timeIntervalSince1970: 0)) }
        let channel = ChatChannel(cid: ChannelId(type: .messaging, id: "dm"), members: members, memberCount: 2)
        func avatar(_ components: Components) -> ChatChannelAvatarView {
            let view = ChatChannelAvatarView(frame: CGRect(x: 0, y: 0, width: 48, height: 48))
            view.components = components
            let host = UIView(frame: view.frame)
            host.addSubview(view)
            view.content = (channel, "me")
            host.layoutIfNeeded()
            return view
        }
        let standard = avatar(Components())
        #expect(standard.onlineIndicatorView is OnlineIndicatorView)
        #expect(!standard.onlineIndicatorView.isHidden)
        #expect(standard.onlineIndicatorView.layer.cornerRadius == 6, "a circle of 12 pt")
        #expect(standard.onlineIndicatorView.backgroundColor == standard.appearance.colorPalette.alternativeActiveTint)
        var components = Components()
        components.onlineIndicatorView = SquareIndicator.self
        let square = avatar(components)
        #expect(square.onlineIndicatorView is SquareIndicator)
        #expect(square.onlineIndicatorView.layer.cornerRadius == 0)
        #expect(!square.onlineIndicatorView.isHidden)
    }

    @Test func theDeliveryStatusIsTheComponentsType() {
        typealias R = MessageRowFixtures
        var components = Components()
        components.messageDeliveryStatusView = TaggedStatusView.self
        let row = R.row(0, in: [R.message("m", "sent", by: R.me)], components: components)
        #expect(row.deliveryStatusView is TaggedStatusView)
        #expect(row.deliveryStatusView?.isDescendant(of: row) == true)
        #expect(row.deliveryStatusView?.content?.id == "m")
        let plain = R.row(0, in: [R.message("m", "sent", by: R.me)]).deliveryStatusView
        #expect(plain != nil && !(plain is TaggedStatusView))
    }

    final class FiveDots: TypingAnimationView {
        override var numberOfDots: Int { 5 }
    }

    @Test func theTypingDotsAreTheComponentsType() {
        func indicator(_ components: Components) -> TypingIndicatorView {
            let view = TypingIndicatorView(frame: CGRect(x: 0, y: 0, width: 390, height: 30))
            view.components = components
            let host = UIView(frame: view.frame)
            host.addSubview(view)
            view.content = [ChatUser(id: "alice", name: "Alice Liddell")]
            host.layoutIfNeeded()
            return view
        }
        let standard = indicator(Components())
        #expect(type(of: standard.typingAnimationView) == TypingAnimationView.self)
        #expect(standard.dotsView.arrangedSubviews.count == 3)
        #expect(standard.typingAnimationView.frame.size == CGSize(width: 24, height: 6))
        #expect(standard.textLabel.text == "Alice is typing…")
        var components = Components()
        components.typingAnimationView = FiveDots.self
        let five = indicator(components)
        #expect(five.typingAnimationView is FiveDots)
        #expect(five.dotsView.arrangedSubviews.count == 5)
        #expect(five.typingAnimationView.frame.width == 42)
        #expect(five.textLabel.frame.minX > standard.textLabel.frame.minX, "the text moves over for the wider dots")
    }
}
