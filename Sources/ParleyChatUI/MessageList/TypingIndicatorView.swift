import Foundation
import ParleyChat
import ParleyUIKit

/// "Alice is typing…" with three dots (a `components.typingAnimationView`), at the bottom of the
/// message list.
@preconcurrency @MainActor
open class TypingIndicatorView: _View {
    /// The users typing, in any order (shown sorted by name); hidden text when empty.
    public var content: [ChatUser] = [] {
        didSet { updateContentIfNeeded() }
    }

    /// The dots and the label, side by side.
    open private(set) lazy var container: ContainerStackView = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 12)
    /// The three dots.
    open private(set) lazy var typingAnimationView: TypingAnimationView = makeComponent(components.typingAnimationView.init(frame: .zero))
    /// The dots' stack.
    open var dotsView: ContainerStackView { typingAnimationView.dotsView }
    /// "Alice is typing…".
    open private(set) lazy var textLabel: UILabel = UILabel()

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Dots under the avatars' column (12 pt in), text where the bubbles start, 6 pt above and
    /// below.
    open override func setUpLayout() {
        super.setUpLayout()
        container.translatesAutoresizingMaskIntoConstraints = false
        addSubview(container)
        container.addArrangedSubviews([typingAnimationView, textLabel])
        NSLayoutConstraint.activate([
            container.topAnchor.constraint(equalTo: topAnchor, constant: 6),
            container.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -6),
            container.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            container.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -16),
        ])
    }

    /// Low-emphasis footnote text.
    open override func setUpAppearance() {
        super.setUpAppearance()
        textLabel.font = appearance.fonts.footnote
        textLabel.textColor = appearance.colorPalette.subtitleText
        textLabel.numberOfLines = 1
        textLabel.lineBreakMode = .byTruncatingTail
    }

    /// The sentence for `content`.
    open override func updateContent() {
        super.updateContent()
        textLabel.text = TypingUsersFormatter.text(for: content, l10n: appearance.l10n)
    }
}

/// "Alice is typing…", "Alice and Bob are typing…", "Alice and 2 more are typing…".
enum TypingUsersFormatter {
    static func text(for users: [ChatUser], l10n: L10n = .default) -> String? {
        let names = users
            .map { $0.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? $0.id : $0.name }
            .sorted()
            .map { firstName($0) }
        return l10n.typing(names)
    }

    /// The first word of a name ("Alice" of "Alice Liddell"), at most 40 characters.
    static func firstName(_ name: String) -> String {
        let first = name.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first.map(String.init) ?? name
        return first.count > 40 ? String(first.prefix(40)) + "…" : first
    }
}
