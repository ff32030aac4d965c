import Foundation
import Parley
@testable import ParleyUIKit
import Testing

/// Seed 001's snippets (Examples/Seed001Examples.swift) and their effect on the composer.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct Seed001ComposerTests {
    @Test func theBodyFontChangesTheComposerFont() {
        let defaultHeight = HostedComposer(content: .init(text: "Hello")).layout()
        let saved = Appearance.default
        defer { Appearance.default = saved }

        Seed001.changeColorsAndFonts()

        let hosted = HostedComposer(content: .init(text: "Hello"))
        let textView = hosted.composerView.inputTextView
        #expect(textView.font?.isItalic == true)
        #expect(textView.font?.pointSize == 20)
        #expect(textView.placeholderLabel.font.isItalic)
        #expect(textView.placeholderLabel.font.pointSize == 20)
        // The bigger line makes the one-line composer taller.
        #expect(hosted.layout() > defaultHeight)
        #expect(textView.frame.height == textView.minimumHeight)
    }

    @Test func aCustomSendArrowReplacesTheDefaultImage() throws {
        let saved = Appearance.default
        defer { Appearance.default = saved }
        let before = HostedComposer(content: .init(text: "Hi"))
        let beforePixels = try #require(before.host.renderPixels(scale: 2))

        Seed001.changeImageAssets()

        let after = HostedComposer(content: .init(text: "Hi"))
        let afterPixels = try #require(after.host.renderPixels(scale: 2))
        let button = after.composerView.sendButton
        #expect(button.currentImage?.size == UIImage(systemName: "arrowshape.turn.up.right")?.size)
        let buttonRect = button.convert(button.bounds, to: after.host)
        #expect(buttonRect == before.composerView.sendButton.convert(before.composerView.sendButton.bounds, to: before.host))
        // The icon changed…
        #expect(differingPixels(beforePixels, afterPixels, rect: buttonRect, scale: 2) > 40)
        // …and nothing else did.
        let left = CGRect(x: 0, y: 0, width: buttonRect.minX, height: after.host.bounds.height)
        #expect(differingPixels(beforePixels, afterPixels, rect: left, scale: 2) == 0)
        // In edit mode the confirm checkmark shows instead.
        var editing = ComposerVC.Content()
        editing.editMessage(composerTestMessage("Hi"))
        after.composer.content = editing
        after.layout()
        let editPixels = try #require(after.host.renderPixels(scale: 2))
        // The composer is pinned to the bottom, so the header grows it upwards and the button stays put.
        #expect(button.convert(button.bounds, to: after.host) == buttonRect)
        #expect(differingPixels(afterPixels, editPixels, rect: buttonRect, scale: 2) > 40)
    }

    @Test func aPinkWindowTintsTheEnabledSendButtonPink() throws {
        let backend = HeadlessBackend.install()
        let app = UIApplication.shared
        let host = ComposerBehaviourTests.HostVC()
        app.launchConfiguration = UIApplication.LaunchConfiguration(
            title: "Seed 001", size: CGSize(width: 390, height: 240), initialViewController: { host })
        app.sceneDelegateFactory = Seed001.SceneDelegate.init
        app.connectInitialScene()
        backend.advance(by: 0.05)
        let window = try #require((app.connectedScenes.first as? UIWindowScene)?.windows.first)
        #expect(window.tintColor == .systemPink)

        let button = host.composer.composerView.sendButton
        let rect = button.convert(button.bounds, to: window)
        let pink = (r: 0xFF, g: 0x2D, b: 0x55), blue = (r: 0x00, g: 0x7A, b: 0xFF), grey = (r: 0x7A, g: 0x7E, b: 0x86)

        // Empty: disabled, in the inactive tint.
        var pixels = try #require(backend.snapshot()?.rgbaPixels(scale: backend.scale))
        #expect(!button.isEnabled)
        #expect(nearestPixel(to: grey, in: pixels, rect: rect, scale: backend.scale) < 30)
        #expect(nearestPixel(to: pink, in: pixels, rect: rect, scale: backend.scale) > 100)

        // With text: enabled, in the window's pink (and no trace of the default blue).
        host.composer.content.text = "Hi"
        backend.advance(by: 0.05)
        pixels = try #require(backend.snapshot()?.rgbaPixels(scale: backend.scale))
        #expect(button.isEnabled)
        #expect(nearestPixel(to: pink, in: pixels, rect: rect, scale: backend.scale) < 30)
        #expect(nearestPixel(to: blue, in: pixels, rect: rect, scale: backend.scale) > 100)
    }
}
}
