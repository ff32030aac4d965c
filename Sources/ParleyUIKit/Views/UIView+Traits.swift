import Foundation

/// How ``UIView``'s tint colour and traits pass down the hierarchy.
extension UIView {
    func inheritedTintMayHaveChanged() {
        guard explicitTintColor == nil else { return }
        if lastTint != tintColor { tintDidChangeRecursively() }
    }

    func tintDidChangeRecursively() {
        lastTint = tintColor
        setNeedsDisplay()
        tintColorDidChange()
        for subview in subviews where subview.explicitTintColor == nil {
            subview.tintDidChangeRecursively()
        }
    }

    private func computeTraits() -> UITraitCollection {
        var base = superview?.traitCollection ?? rootTraitCollection
        // A root without a direction of its own takes the app's (UIKit: the app's localization).
        if superview == nil, base.layoutDirection == .unspecified, UIApplication.preferredLayoutDirection == .rightToLeft {
            base = base.modifying(layoutDirection: .rightToLeft)
        }
        if traitOverrides != UITraitOverrides() { base = traitOverrides.applied(to: base) }
        guard overrideUserInterfaceStyle != .unspecified else { return base }
        return base.modifying(userInterfaceStyle: overrideUserInterfaceStyle)
    }

    func updateTraitsIfNeeded() {
        let previous = cachedTraits
        let current = computeTraits()
        cachedTraits = current
        guard previous != current else { return }
        if previous?.userInterfaceStyle != current.userInterfaceStyle || previous?.layoutDirection != current.layoutDirection {
            setNeedsDisplay()
        }
        for subview in subviews { subview.updateTraitsIfNeeded() }
        if previous != nil {
            traitCollectionDidChange(previous)
            (owningViewController as? UIViewController)?.traitCollectionDidChange(previous)
        }
    }

    /// The direction from the semantic content attribute, a superview that sets one, else the
    /// traits (``effectiveUserInterfaceLayoutDirection``).
    var resolvedLayoutDirection: UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        case .unspecified:
            if let superview, superview.semanticContentAttribute != .unspecified {
                return superview.effectiveUserInterfaceLayoutDirection
            }
            return traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        }
    }

    /// The cached traits, computed and cached on first use (``traitCollection``).
    var cachedOrComputedTraits: UITraitCollection {
        if let cachedTraits { return cachedTraits }
        let traits = computeTraits()
        cachedTraits = traits
        return traits
    }
}
