import Foundation

/// A colour: fixed sRGB components, or dynamic — resolved from a trait collection (light/dark).
public final class UIColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    enum Storage: Sendable {
        case rgba(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
        case dynamic(@Sendable (UITraitCollection) -> UIColor)
    }

    let storage: Storage

    /// A colour from sRGB components in 0…1 (values outside are clamped when drawn).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .rgba(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey from its white level and alpha.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour resolved from the trait collection each time it is used.
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        storage = .dynamic(dynamicProvider)
    }

    /// A colour with a light and a dark variant (a convenience Parley adds).
    public convenience init(light: UIColor, dark: UIColor) {
        self.init { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// A colour from a 24-bit `0xRRGGBB` value.
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(
            red: CGFloat((rgb >> 16) & 0xFF) / 255,
            green: CGFloat((rgb >> 8) & 0xFF) / 255,
            blue: CGFloat(rgb & 0xFF) / 255,
            alpha: alpha
        )
    }

    /// The fixed colour for `traitCollection`; a fixed colour returns itself.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch storage {
        case .rgba: return self
        case .dynamic(let provider): return provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    /// Whether the colour changes with the trait collection.
    public var isDynamic: Bool {
        if case .dynamic = storage { return true }
        return false
    }

    /// The same colour with another alpha (dynamic colours stay dynamic).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch storage {
        case let .rgba(r, g, b, _): return UIColor(red: r, green: g, blue: b, alpha: alpha)
        case .dynamic(let provider): return UIColor { provider($0).withAlphaComponent(alpha) }
        }
    }

    /// The sRGB components, resolved for light appearance when dynamic. Returns `true` as UIKit does.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = components(for: .default)
        red?.pointee = c.red; green?.pointee = c.green; blue?.pointee = c.blue; alpha?.pointee = c.alpha
        return true
    }

    /// The resolved components, clamped to 0…1.
    public func components(for traits: UITraitCollection = .default) -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        switch resolvedColor(with: traits).storage {
        case let .rgba(r, g, b, a):
            return (clamp(r), clamp(g), clamp(b), clamp(a))
        case .dynamic:
            return (0, 0, 0, 1)
        }
    }

    /// The colour's alpha, resolved for light appearance when dynamic.
    public var alpha: CGFloat { components().alpha }

    /// The fixed colour for light appearance, as a layer stores it (Core Graphics has no dynamic colours).
    public var cgColor: UIColor { resolvedColor(with: .default) }

    /// Fixed colours are equal when their components are; dynamic colours only when identical.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        if lhs === rhs { return true }
        switch (lhs.storage, rhs.storage) {
        case let (.rgba(r1, g1, b1, a1), .rgba(r2, g2, b2, a2)):
            return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
        default:
            return false
        }
    }

    /// Hashes fixed colours by their components.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case let .rgba(r, g, b, a): hasher.combine(r); hasher.combine(g); hasher.combine(b); hasher.combine(a)
        case .dynamic: hasher.combine(ObjectIdentifier(self))
        }
    }

    /// The components as text.
    public var description: String {
        switch storage {
        case let .rgba(r, g, b, a): return String(format: "UIColor(r: %.3f, g: %.3f, b: %.3f, a: %.3f)", r, g, b, a)
        case .dynamic: return "UIColor(dynamic)"
        }
    }
}

@inline(__always)
private func clamp(_ value: CGFloat) -> CGFloat { min(1, max(0, value.isNaN ? 0 : value)) }

// MARK: - Named colours

extension UIColor {
    private static func fixed(_ rgb: UInt32) -> UIColor { UIColor(rgb: rgb) }
    private static func system(_ light: UInt32, _ dark: UInt32) -> UIColor {
        UIColor(light: UIColor(rgb: light), dark: UIColor(rgb: dark))
    }

    /// Black.
    public static let black = UIColor(white: 0, alpha: 1)
    /// White.
    public static let white = UIColor(white: 1, alpha: 1)
    /// Fully transparent.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// 33 % grey.
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    /// 67 % grey.
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// 50 % grey.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Pure red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Pure green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Pure blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan.
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta.
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple.
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown.
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    /// System red, adapting to dark mode.
    public static let systemRed = system(0xFF3B30, 0xFF453A)
    /// System orange.
    public static let systemOrange = system(0xFF9500, 0xFF9F0A)
    /// System yellow.
    public static let systemYellow = system(0xFFCC00, 0xFFD60A)
    /// System green.
    public static let systemGreen = system(0x34C759, 0x30D158)
    /// System mint.
    public static let systemMint = system(0x00C7BE, 0x63E6E2)
    /// System teal.
    public static let systemTeal = system(0x30B0C7, 0x40C8E0)
    /// System cyan.
    public static let systemCyan = system(0x32ADE6, 0x64D2FF)
    /// System blue: the default tint colour.
    public static let systemBlue = system(0x007AFF, 0x0A84FF)
    /// System indigo.
    public static let systemIndigo = system(0x5856D6, 0x5E5CE6)
    /// System purple.
    public static let systemPurple = system(0xAF52DE, 0xBF5AF2)
    /// System pink.
    public static let systemPink = system(0xFF2D55, 0xFF375F)
    /// System brown.
    public static let systemBrown = system(0xA2845E, 0xAC8E68)
    /// System grey.
    public static let systemGray = system(0x8E8E93, 0x8E8E93)
    /// System grey 2.
    public static let systemGray2 = system(0xAEAEB2, 0x636366)
    /// System grey 3.
    public static let systemGray3 = system(0xC7C7CC, 0x48484A)
    /// System grey 4.
    public static let systemGray4 = system(0xD1D1D6, 0x3A3A3C)
    /// System grey 5.
    public static let systemGray5 = system(0xE5E5EA, 0x2C2C2E)
    /// System grey 6.
    public static let systemGray6 = system(0xF2F2F7, 0x1C1C1E)

    /// The primary background: white in light mode, black in dark.
    public static let systemBackground = system(0xFFFFFF, 0x000000)
    /// The secondary background.
    public static let secondarySystemBackground = system(0xF2F2F7, 0x1C1C1E)
    /// The tertiary background.
    public static let tertiarySystemBackground = system(0xFFFFFF, 0x2C2C2E)
    /// The grouped background.
    public static let systemGroupedBackground = system(0xF2F2F7, 0x000000)
    /// Primary text.
    public static let label = system(0x000000, 0xFFFFFF)
    /// Secondary text.
    public static let secondaryLabel = UIColor(
        light: UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6),
        dark: UIColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.6)
    )
    /// Tertiary text.
    public static let tertiaryLabel = UIColor(
        light: UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3),
        dark: UIColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.3)
    )
    /// Placeholder text.
    public static let placeholderText = tertiaryLabel
    /// Thin separators.
    public static let separator = UIColor(
        light: UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29),
        dark: UIColor(red: 84 / 255, green: 84 / 255, blue: 88 / 255, alpha: 0.6)
    )
    /// Links.
    public static let link = systemBlue
    /// The default tint colour of a window.
    public static let tintColor = systemBlue
}
