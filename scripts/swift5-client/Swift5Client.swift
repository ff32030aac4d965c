// Code as a Swift 5 language-mode app writes it: no `@MainActor`, no `await`, plain `import
// Parley` — as iOS code in Swift 5 mode uses UIKit's main-actor classes. `scripts/check-seed-package`
// compiles this file in a target of its own with `.swiftLanguageMode(.v5)`; it must compile
// without errors or warnings.
import Parley

// A view created and configured in a function that is not isolated to the main actor.
func makeContentView() -> ChatMessageContentView {
    let view = ChatMessageContentView(frame: .zero)
    view.backgroundColor = .systemBackground
    view.layer.cornerRadius = 8
    return view
}

// Subclasses of the SDK's views and view controllers, overriding their lifecycle.
class SquareAvatarView: ChatAvatarView {
    override func setUpAppearance() {
        super.setUpAppearance()
        layer.cornerRadius = 2
    }
}

class CompactContentView: ChatMessageContentView {
    override func setUpLayout() {
        super.setUpLayout()
        bubbleView?.layer.cornerRadius = 4
    }
}

class PlainChannelListItemView: ChatChannelListItemView {
    override func updateContent() {
        super.updateContent()
        backgroundColor = .systemGray6
    }
}

class ThemedMessageListVC: ChatMessageListVC {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
    }
}

// Global configuration, as an app delegate does it.
func customizeParley() {
    Components.default.avatarView = SquareAvatarView.self
    Components.default.messageContentView = CompactContentView.self
    Components.default.channelContentView = PlainChannelListItemView.self
    Appearance.default.colorPalette.accentPrimary = .systemPink
    Appearance.default.fonts.body = .systemFont(ofSize: 15)
}

// Plain toolkit views and UIComponent-style components.
func makeHeader(title: String) -> UIView {
    let header = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    let label = UILabel()
    label.text = title
    label.font = .boldSystemFont(ofSize: 17)
    header.addSubview(label)
    header.componentEngine.component = HStack(spacing: 8, alignItems: .center) {
        Text(title).textColor(.label)
        Spacer()
        Text("›")
    }.inset(h: 16, v: 8)
    header.layoutIfNeeded()
    return header
}

struct ProfileRow: ComponentBuilder {
    let name: String
    let subtitle: String
    func build() -> some Component {
        VStack(spacing: 4) {
            Text(name, font: .boldSystemFont(ofSize: 16))
            Text(subtitle).textColor(.secondaryLabel)
        }.inset(12)
    }
}

final class ProfileListView: ComponentView {
    var names: [String] = [] {
        didSet { component = VStack { for name in names { ProfileRow(name: name, subtitle: "online") } } }
    }
}

let sharedSeparatorColor = UIColor.separator
