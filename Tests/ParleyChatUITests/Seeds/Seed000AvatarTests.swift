import Foundation
import Parley
import Testing

@MainActor
@Suite(.serialized) struct Seed000AvatarTests {
    @Test func rectAvatarKeepsItsCornerRadiusThroughLayout() {
        let saved = Components.default
        defer { Components.default = saved }
        Components.default.avatarView = RectAvatarView.self

        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let avatar = Components.default.avatarView.init(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        avatar.content = ChatUser(id: "ana", name: "Ana Lopez")
        container.addSubview(avatar)
        container.layoutIfNeeded()
        #expect(avatar is RectAvatarView)
        #expect(avatar.imageView.layer.cornerRadius == 3)
        avatar.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        container.layoutIfNeeded()
        #expect(avatar.imageView.layer.cornerRadius == 3)
        // In pixels: the corner of a 3-pt radius avatar is filled; a round one's is empty.
        let pixels = avatar.renderPixels(scale: 1)!
        #expect(pixels[2, 2].a == 255)
    }

    @Test func defaultAvatarsAreRoundAndRectAvatarsByLayoutAreNot() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let round = ChatAvatarView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        round.content = ChatUser(id: "ben", name: "Ben")
        container.addSubview(round)
        container.layoutIfNeeded()
        #expect(round.imageView.layer.cornerRadius == 20)
        #expect(round.renderPixels(scale: 1)![2, 2].a == 0)

        let saved = Components.default
        defer { Components.default = saved }
        Seed001.advancedCustomization()
        let rect = Components.default.avatarView.init(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        container.addSubview(rect)
        container.layoutIfNeeded()
        #expect(rect is Seed001.RectAvatarView)
        #expect(rect.imageView.layer.cornerRadius == 3)
    }
}
