import Foundation
import ParleyUIKit

/// The sheet Ctrl+/ shows: every keyboard shortcut that works where the user is (the key
/// commands along the responder chain, by their `discoverabilityTitle`) and the keys of the
/// focus system (Tab, the arrows, Enter, Escape). Escape closes it.
@preconcurrency @MainActor
open class ChatKeyboardShortcutsVC: _ViewController {
    /// One line: what a shortcut does and its keys.
    public struct Shortcut: Equatable, Sendable {
        /// What it does.
        public var title: String
        /// The keys ("Ctrl+K").
        public var keys: String
        /// A line.
        public init(title: String, keys: String) {
            self.title = title
            self.keys = keys
        }
    }

    /// The lines, in order.
    public var shortcuts: [Shortcut] = [] {
        didSet {
            preferredContentSize = CGSize(width: 560, height: 88 + lineHeight * CGFloat(shortcuts.count))
            updateContentIfNeeded()
        }
    }

    /// The heading.
    open private(set) lazy var titleLabel = UILabel()
    /// The labels of the lines: (title, keys).
    public private(set) var lineLabels: [(title: UILabel, keys: UILabel)] = []

    /// The height of a line.
    open var lineHeight: CGFloat { 30 }

    /// A shortcuts sheet.
    public required init() {
        super.init()
        modalPresentationStyle = .formSheet
        preferredContentSize = CGSize(width: 560, height: 88)
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The lines for the key commands along the chain from `responder` (first come first, each
    /// key once), then the focus keys, in `appearance`'s language.
    public static func shortcuts(from responder: UIResponder?, extra: [UIKeyCommand] = [], appearance: Appearance = .default) -> [Shortcut] {
        let l10n = appearance.l10n
        var seen = Set<String>()
        var lines: [Shortcut] = []
        for command in (responder?.keyCommandsAlongChain ?? []) + extra {
            let title = command.discoverabilityTitle ?? command.title
            guard !title.isEmpty, seen.insert(command.keyDescription).inserted else { continue }
            lines.append(Shortcut(title: title, keys: command.keyDescription))
        }
        // The focus system's keys, named as key commands name them.
        let keys = { (input: String, flags: UIKeyModifierFlags) in UIKeyCommand(input: input, modifierFlags: flags) { _ in }.keyDescription }
        lines += [
            Shortcut(title: l10n.tr("shortcuts.focus-next"), keys: keys("\t", [])),
            Shortcut(title: l10n.tr("shortcuts.focus-previous"), keys: keys("\t", .shift)),
            Shortcut(title: l10n.tr("shortcuts.arrows"), keys: "↑ ↓ ← →"),
            Shortcut(title: l10n.tr("shortcuts.open"), keys: keys("\r", [])),
            Shortcut(title: l10n.tr("shortcuts.back"), keys: keys(UIKeyCommand.inputEscape, [])),
        ]
        return lines
    }

    /// The heading and the lines.
    open override func setUpLayout() {
        super.setUpLayout()
        view.addSubview(titleLabel)
    }

    /// Colours and fonts.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.popoverBackground
        titleLabel.text = appearance.l10n.tr("shortcuts.title")
        titleLabel.font = appearance.fonts.title3
        titleLabel.textColor = appearance.colorPalette.text
    }

    /// Rebuilds the lines.
    open override func updateContent() {
        super.updateContent()
        while lineLabels.count < shortcuts.count {
            let line = (title: UILabel(), keys: UILabel())
            view.addSubview(line.title)
            view.addSubview(line.keys)
            lineLabels.append(line)
        }
        for (index, line) in lineLabels.enumerated() {
            let shown = index < shortcuts.count
            line.title.isHidden = !shown
            line.keys.isHidden = !shown
            guard shown else { continue }
            line.title.text = shortcuts[index].title
            line.title.font = appearance.fonts.body
            line.title.textColor = appearance.colorPalette.text
            line.keys.text = shortcuts[index].keys
            line.keys.font = appearance.fonts.footnoteBold
            line.keys.textColor = appearance.colorPalette.text
            line.keys.textAlignment = .center
            line.keys.backgroundColor = appearance.colorPalette.background2
            line.keys.layer.cornerRadius = 6
            line.keys.layer.borderWidth = 1
            line.keys.layer.borderColor = appearance.colorPalette.border2
            line.keys.clipsToBounds = true
        }
        view.setNeedsLayout()
    }

    /// The heading on top; each line's title on the leading side, its keys in a key cap on the
    /// trailing side.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        titleLabel.frame = CGRect(x: 24, y: 18, width: max(0, bounds.width - 48), height: 32)
        titleLabel.textAlignment = .natural
        var y: CGFloat = 64
        for line in lineLabels where !line.title.isHidden {
            let keysWidth = min(160, line.keys.intrinsicContentSize.width + 20)
            let titleWidth = max(0, bounds.width - 48 - keysWidth - 12)
            line.keys.frame = CGRect(x: rtl ? 24 : bounds.width - 24 - keysWidth, y: y + 3, width: keysWidth, height: lineHeight - 6)
            line.title.frame = CGRect(x: rtl ? bounds.width - 24 - titleWidth : 24, y: y, width: titleWidth, height: lineHeight)
            y += lineHeight
        }
    }
}
