import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Localization": every text of the UI is looked up by key through
// `Appearance.localizationProvider` (`{ key, table in ... }`); an app returns its own text for
// the keys it wants to change and the SDK's for the rest. The guide sets it on
// `Appearance.default`; here one screen gets its own appearance.

@MainActor
@Suite struct LocalizationGuideTests {
    /// An appearance with the app's texts for two keys.
    static var appTexts: Appearance {
        var appearance = Appearance()
        appearance.localizationProvider = { key, table in
            switch key {
            case "composer.placeholder.message": "Say something nice"
            case "channelList.empty.title": "Nothing here yet"
            default: ChatLocalization.current.string(forKey: key, table: table)
            }
        }
        return appearance
    }

    @Test func theProvidersTextsAreShownAndTheRestStay() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let empty = ChatChannelListEmptyView(frame: host.bounds)
        empty.appearance = Self.appTexts
        host.addSubview(empty)
        #expect(empty.titleLabel.text == "Nothing here yet")
        #expect(empty.messageLabel.text == ChatLocalization.current.string(forKey: "channelList.empty.subtitle"))
        #expect(empty.messageLabel.text != "channelList.empty.subtitle", "a key the app left alone keeps the SDK's text")

        let composer = HostedComposer { $0.appearance = Self.appTexts }
        #expect(composer.composerView.inputTextView.placeholderLabel.text == "Say something nice")
        #expect(HostedComposer().composerView.inputTextView.placeholderLabel.text == ChatLocalization.current.string(forKey: "composer.placeholder.message"))
    }
}
