import Foundation
import Parley
import Testing

// Stream's guides declare the providers on their own subclasses of the lifecycle base classes;
// these declarations compile because the base classes leave the conformances to subclasses
// (before, each was a "redundant conformance" error).
final class ExplicitAppearanceView: _View, AppearanceProvider {
    override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.background6
    }
}

final class ExplicitComponentsView: _View, ComponentsProvider {}
final class ExplicitThemeControl: _Control, ThemeProvider {}
final class ExplicitThemeButton: _Button, ThemeProvider {}
final class ExplicitThemeViewController: _ViewController, ThemeProvider {}

@MainActor
@Suite(.serialized) struct ExplicitProviderConformanceTests {
    @Test func aViewThatDeclaresAppearanceProviderReadsTheAppearanceGivenThroughIt() {
        let view = ExplicitAppearanceView()
        let provider: AppearanceProvider = view
        provider.appearance.colorPalette.background6 = .systemPink
        UIView().addSubview(view)
        #expect(view.backgroundColor == .systemPink)

        let themed: [any ThemeProvider] = [ExplicitThemeControl(), ExplicitThemeButton(), ExplicitThemeViewController()]
        for object in themed {
            object.components.avatarView = RectAvatarView.self
            #expect(object.components.avatarView == RectAvatarView.self)
        }
        let components: ComponentsProvider = ExplicitComponentsView()
        #expect(components.components.avatarView == ChatAvatarView.self)
    }

    @Test func theRouterOpensChannelsWithItsRootsComponentsWhateverItDeclares() {
        let declared = ExplicitThemeViewController()
        declared.components.channelVC = CustomChannelVC.self
        #expect(ChatChannelListRouter(rootViewController: declared).components.channelVC == CustomChannelVC.self)

        // Parley's own list declares nothing, and its components reach the router all the same.
        let list = ChatChannelListVC()
        list.components.channelVC = CustomChannelVC.self
        #expect(ChatChannelListRouter(rootViewController: list).components.channelVC == CustomChannelVC.self)
        #expect(ChatChannelListRouter(rootViewController: UIViewController()).components.channelVC == ChatChannelVC.self)
    }
}

/// A channel screen type to tell the router's components apart.
final class CustomChannelVC: ChatChannelVC {}
