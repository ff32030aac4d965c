import Foundation

/// Keyboard modifier keys, as UIKit's `UIKeyModifierFlags`.
public struct UIKeyModifierFlags: OptionSet, Sendable, Hashable {
    /// The raw bits (UIKit's values).
    public let rawValue: Int
    /// Creates flags from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock is on.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    /// Shift is held.
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    /// Control is held (the shortcut key on Linux).
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// Alt/Option is held.
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// The Super/Command key is held.
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    /// A key of the numeric keypad.
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// USB HID keyboard usages, as UIKit's `UIKeyboardHIDUsage` (a subset: the keys text editing and
/// scrolling use). SDL's scancodes are the same numbers.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    /// The HID usage number.
    public let rawValue: Int
    /// Creates a usage from its number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The key for a letter a–z (case-insensitive), if `letter` is one.
    public static func letter(_ letter: Character) -> UIKeyboardHIDUsage? {
        guard let ascii = letter.lowercased().unicodeScalars.first?.value, ascii >= 97, ascii <= 122 else { return nil }
        return UIKeyboardHIDUsage(rawValue: 4 + Int(ascii) - 97)
    }

    /// A.
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 4)
    /// C.
    public static let keyboardC = UIKeyboardHIDUsage(rawValue: 6)
    /// V.
    public static let keyboardV = UIKeyboardHIDUsage(rawValue: 25)
    /// X.
    public static let keyboardX = UIKeyboardHIDUsage(rawValue: 27)
    /// Y.
    public static let keyboardY = UIKeyboardHIDUsage(rawValue: 28)
    /// Z.
    public static let keyboardZ = UIKeyboardHIDUsage(rawValue: 29)
    /// Return (Enter on the main keyboard).
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 40)
    /// Escape.
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 41)
    /// Backspace.
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 42)
    /// Tab.
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 43)
    /// Space.
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 44)
    /// Slash (and ? with Shift on US layouts).
    public static let keyboardSlash = UIKeyboardHIDUsage(rawValue: 56)
    /// 0 (and ) with Shift on US layouts).
    public static let keyboard0 = UIKeyboardHIDUsage(rawValue: 39)
    /// Hyphen (and _ with Shift on US layouts).
    public static let keyboardHyphen = UIKeyboardHIDUsage(rawValue: 45)
    /// Equal sign (and + with Shift on US layouts).
    public static let keyboardEqualSign = UIKeyboardHIDUsage(rawValue: 46)
    /// Home.
    public static let keyboardHome = UIKeyboardHIDUsage(rawValue: 74)
    /// Page Up.
    public static let keyboardPageUp = UIKeyboardHIDUsage(rawValue: 75)
    /// Delete (forward).
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 76)
    /// End.
    public static let keyboardEnd = UIKeyboardHIDUsage(rawValue: 77)
    /// Page Down.
    public static let keyboardPageDown = UIKeyboardHIDUsage(rawValue: 78)
    /// Right arrow.
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 79)
    /// Left arrow.
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 80)
    /// Down arrow.
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 81)
    /// Up arrow.
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 82)
    /// Enter on the numeric keypad.
    public static let keypadEnter = UIKeyboardHIDUsage(rawValue: 88)
}

/// A key on a hardware keyboard and the characters it produced, as UIKit's `UIKey`.
public final class UIKey: Sendable {
    /// The physical key.
    public let keyCode: UIKeyboardHIDUsage
    /// The modifiers held with it.
    public let modifierFlags: UIKeyModifierFlags
    /// The characters the key produced with its modifiers ("" for keys that type nothing).
    public let characters: String
    /// The characters the key produces without modifiers.
    public let charactersIgnoringModifiers: String

    /// A key.
    public init(keyCode: UIKeyboardHIDUsage, modifierFlags: UIKeyModifierFlags = [], characters: String = "", charactersIgnoringModifiers: String? = nil) {
        self.keyCode = keyCode
        self.modifierFlags = modifierFlags
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
    }
}

/// One key press (down, held, up), as UIKit's `UIPress`.
@preconcurrency @MainActor
public final class UIPress: Hashable {
    /// What a press is doing.
    public enum Phase: Int, Sendable {
        /// The key went down.
        case began
        /// The key changed (never sent for keyboards).
        case changed
        /// The key is held.
        case stationary
        /// The key went up.
        case ended
        /// The press was cancelled.
        case cancelled
    }

    /// The phase.
    public internal(set) var phase: Phase
    /// The key.
    public let key: UIKey?
    /// When the press changed, in seconds of the application's clock.
    public internal(set) var timestamp: TimeInterval
    /// Whether this is an automatic repeat of a held key (a Parley addition: the desktop repeats keys).
    public let isRepeat: Bool

    /// A press.
    public init(phase: Phase, key: UIKey?, timestamp: TimeInterval = 0, isRepeat: Bool = false) {
        self.phase = phase
        self.key = key
        self.timestamp = timestamp
        self.isRepeat = isRepeat
    }

    /// Identity equality.
    nonisolated public static func == (lhs: UIPress, rhs: UIPress) -> Bool { lhs === rhs }
    /// Hashes the identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
