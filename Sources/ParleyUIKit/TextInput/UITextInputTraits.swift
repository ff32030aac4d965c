import Foundation

/// The title of the return key (accepted for compatibility; there is no on-screen keyboard).
public enum UIReturnKeyType: Int, Sendable {
    /// Return.
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Auto-correction settings (accepted for compatibility).
public enum UITextAutocorrectionType: Int, Sendable {
    /// The default, on, off.
    case `default`, no, yes
}

/// Auto-capitalisation settings (accepted for compatibility).
public enum UITextAutocapitalizationType: Int, Sendable {
    /// None, words, sentences, all characters.
    case none, words, sentences, allCharacters
}
