import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Theming": an app changes `Appearance` (its `colorPalette`, `fonts` and
// `images`) and every view that reads the changed value draws with it. The guide changes
// `Appearance.default`; these tests give one view its own appearance, so they leave the shared
// default alone for the other suites.

@MainActor
@Suite struct ThemingGuideTests {
    typealias L = MessageListFixtures

    private let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 200))

    /// A channel row drawn with `appearance`.
    private func channelRow(_ appearance: Appearance) -> ChatChannelListItemView {
        let view = ChatChannelListItemView(frame: CGRect(x: 0, y: 0, width: 390, height: 64))
        view.appearance = appearance
        host.addSubview(view)
        var channel = L.channel()
        channel.previewMessage = ChatMessage(id: "p", cid: L.cid, text: "Hello there", author: L.alice, createdAt: L.day)
        view.content = .init(channel: channel, currentUserId: L.me.id)
        view.layoutIfNeeded()
        return view
    }

    /// Pure red pixels where `label` is drawn in `row`.
    private func redPixels(of label: UILabel, in row: UIView) throws -> Int {
        let pixels = try #require(row.renderPixels(scale: 1, userInterfaceStyle: .light, background: .white))
        return pixels.count(in: label.convert(label.bounds, to: row)) { r, g, b, _ in r > 200 && g < 60 && b < 60 }
    }

    @Test func colorPaletteAndFontsReachTheViewsThatReadThem() throws {
        var themed = Appearance()
        themed.colorPalette.subtitleText = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        themed.fonts.bodyBold = .italicSystemFont(ofSize: 22)
        let row = channelRow(themed)
        #expect(row.subtitleLabel.textColor == themed.colorPalette.subtitleText)
        #expect(row.titleLabel.font == themed.fonts.bodyBold)
        #expect(try redPixels(of: row.subtitleLabel, in: row) > 10, "the preview is drawn in the palette's colour")

        let plain = channelRow(Appearance())
        #expect(plain.titleLabel.font != themed.fonts.bodyBold)
        #expect(try redPixels(of: plain.subtitleLabel, in: plain) == 0)
    }

    @Test func anImageSetInAppearanceIsTheOneDrawn() throws {
        func sendButton(_ appearance: Appearance) -> SendButton {
            let button = SendButton(frame: CGRect(x: 0, y: 0, width: 38, height: 38))
            button.appearance = appearance
            host.addSubview(button)
            button.layoutIfNeeded()
            return button
        }
        var themed = Appearance()
        themed.images.sendArrow = themed.images.close
        var closeOnly = Appearance()
        closeOnly.images.confirmCheckmark = closeOnly.images.close
        let arrow = try #require(sendButton(Appearance()).renderPixels(scale: 2, userInterfaceStyle: .light, background: .white))
        let cross = try #require(sendButton(themed).renderPixels(scale: 2, userInterfaceStyle: .light, background: .white))
        let editing = sendButton(closeOnly)
        editing.mode = .edit
        let crossInEdit = try #require(editing.renderPixels(scale: 2, userInterfaceStyle: .light, background: .white))
        let all = CGRect(x: 0, y: 0, width: 38, height: 38)
        #expect(differingPixels(arrow, cross, rect: all, scale: 2) > 20, "the send button draws the image it was given")
        #expect(differingPixels(cross, crossInEdit, rect: all, scale: 2) == 0, "the same image draws the same pixels")
    }
}
