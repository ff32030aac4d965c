import Foundation

/// A keyboard shortcut a responder offers, as UIKit's `UIKeyCommand`: a key (`input`) with
/// modifiers, an action, and the title the shortcuts list shows.
///
/// Responders list theirs in ``UIResponder/keyCommands``. When a key goes down, the window walks
/// the responder chain from the first responder (or the focused view) and runs the first command
/// that matches. Shortcuts with Control, Alt or Super, and commands that set
/// ``wantsPriorityOverSystemBehavior``, are matched before the first responder sees the key;
/// other commands only get the keys that nothing in the chain handled (a text field keeps its
/// arrows and letters).
///
/// Linux has no selectors: the action is a closure (UIKit's `action: Selector`).
///
/// ```swift
/// override var keyCommands: [UIKeyCommand]? {
///     [UIKeyCommand(title: "Quick switcher", input: "k", modifierFlags: .control) { [weak self] _ in self?.showSwitcher() }]
/// }
/// ```
@preconcurrency @MainActor
public final class UIKeyCommand {
    /// The key: a character ("k", "/", "\r", "\t") or one of the `input…` constants.
    public let input: String?
    /// The modifiers that must be held (exactly these; Caps Lock and the keypad flag are ignored).
    public let modifierFlags: UIKeyModifierFlags
    /// The title of the command.
    public let title: String
    /// The title the shortcuts list shows (the title when nil).
    public var discoverabilityTitle: String?
    /// Whether the command runs before the first responder's own handling of the key (text
    /// editing's arrows, say).
    public var wantsPriorityOverSystemBehavior = false
    /// Whether the command also runs on auto-repeat while the key is held (default true).
    public var allowsAutomaticRepeat = true
    let action: @MainActor (UIKeyCommand) -> Void

    /// A command for `input` with `modifierFlags` that runs `action`.
    public init(title: String = "", input: String, modifierFlags: UIKeyModifierFlags = [], discoverabilityTitle: String? = nil,
                action: @escaping @MainActor (UIKeyCommand) -> Void) {
        self.title = title
        self.input = input
        self.modifierFlags = modifierFlags
        self.discoverabilityTitle = discoverabilityTitle
        self.action = action
    }

    /// The Up arrow.
    public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The Down arrow.
    public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The Left arrow.
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The Right arrow.
    public static let inputRightArrow = "UIKeyInputRightArrow"
    /// Escape.
    public static let inputEscape = "UIKeyInputEscape"
    /// Page Up.
    public static let inputPageUp = "UIKeyInputPageUp"
    /// Page Down.
    public static let inputPageDown = "UIKeyInputPageDown"
    /// Home.
    public static let inputHome = "UIKeyInputHome"
    /// End.
    public static let inputEnd = "UIKeyInputEnd"

    /// The `input` a key matches: the constant of a special key, else its unmodified characters.
    static func input(for key: UIKey) -> String {
        switch key.keyCode {
        case .keyboardUpArrow: return inputUpArrow
        case .keyboardDownArrow: return inputDownArrow
        case .keyboardLeftArrow: return inputLeftArrow
        case .keyboardRightArrow: return inputRightArrow
        case .keyboardEscape: return inputEscape
        case .keyboardPageUp: return inputPageUp
        case .keyboardPageDown: return inputPageDown
        case .keyboardHome: return inputHome
        case .keyboardEnd: return inputEnd
        case .keyboardReturnOrEnter, .keypadEnter: return "\r"
        case .keyboardTab: return "\t"
        case .keyboardSlash: return "/"
        default: return key.charactersIgnoringModifiers.lowercased()
        }
    }

    /// Whether the command is for `key`.
    func matches(_ key: UIKey) -> Bool {
        let relevant: UIKeyModifierFlags = [.shift, .control, .alternate, .command]
        guard let input, key.modifierFlags.intersection(relevant) == modifierFlags.intersection(relevant) else { return false }
        return input.lowercased() == Self.input(for: key).lowercased()
    }

    /// Whether the command is a shortcut that comes before text editing (Control, Alt or Super held).
    var isShortcut: Bool { !modifierFlags.isDisjoint(with: [.control, .alternate, .command]) || wantsPriorityOverSystemBehavior }

    /// How the shortcuts list writes the keys ("Ctrl+K", "Alt+Shift+↓").
    public var keyDescription: String {
        var parts: [String] = []
        if modifierFlags.contains(.control) { parts.append("Ctrl") }
        if modifierFlags.contains(.alternate) { parts.append("Alt") }
        if modifierFlags.contains(.command) { parts.append("Super") }
        if modifierFlags.contains(.shift) { parts.append("Shift") }
        let names: [String: String] = [
            Self.inputUpArrow: "↑", Self.inputDownArrow: "↓", Self.inputLeftArrow: "←", Self.inputRightArrow: "→",
            Self.inputEscape: "Esc", Self.inputPageUp: "Page Up", Self.inputPageDown: "Page Down",
            Self.inputHome: "Home", Self.inputEnd: "End", "\r": "Enter", "\t": "Tab", " ": "Space",
        ]
        let key = input ?? ""
        parts.append(names[key] ?? key.uppercased())
        return parts.joined(separator: "+")
    }
}

extension UIResponder {
    /// The key commands of this responder and the ones after it, first responder's first.
    public var keyCommandsAlongChain: [UIKeyCommand] {
        var result: [UIKeyCommand] = []
        var responder: UIResponder? = self
        var seen = 0
        while let current = responder, seen < 256 {
            result += current.keyCommands ?? []
            responder = current.next
            seen += 1
        }
        return result
    }

    /// Runs the first command along the chain from this responder that matches `key`
    /// (`shortcutsOnly`: only commands that come before text editing). Returns whether one ran.
    func performKeyCommand(for press: UIPress, shortcutsOnly: Bool) -> Bool {
        guard let key = press.key else { return false }
        for command in keyCommandsAlongChain where command.matches(key) && (!shortcutsOnly || command.isShortcut) {
            if press.isRepeat && !command.allowsAutomaticRepeat { return true }
            command.action(command)
            return true
        }
        return false
    }
}
