import Foundation
import ParleyUIKit

// Desktop: larger and smaller text with Ctrl+= / Ctrl+- / Ctrl+0, as desktop apps zoom text.
extension ChatChannelListVC {
    /// Makes the window's text `steps` content size categories larger (negative: smaller),
    /// from extra small up to the largest accessibility size, through the window's
    /// `traitOverrides.preferredContentSizeCategory`: every chat view takes the new size and
    /// the lists measure their rows again. Returns the category now in effect.
    @discardableResult
    public func adjustTextSize(by steps: Int) -> UIContentSizeCategory {
        let target: UIView = view.window ?? view
        let category = target.traitCollection.preferredContentSizeCategory.stepped(by: steps)
        target.traitOverrides.preferredContentSizeCategory = category
        return category
    }

    /// Returns the window to the text size the desktop (or `PARLEY_TEXT_SIZE`) gives it.
    public func resetTextSize() {
        let target: UIView = view.window ?? view
        target.traitOverrides.preferredContentSizeCategory = nil
    }

    /// Ctrl+= and Ctrl+- step the text size, Ctrl+0 resets it; Ctrl+Shift+= (Ctrl++) also
    /// enlarges, unlisted.
    func textSizeKeyCommands() -> [UIKeyCommand] {
        let l10n = appearance.l10n
        return [
            UIKeyCommand(title: l10n.tr("shortcuts.text-larger"), input: "=", modifierFlags: .control) { [weak self] _ in self?.adjustTextSize(by: 1) },
            UIKeyCommand(title: l10n.tr("shortcuts.text-smaller"), input: "-", modifierFlags: .control) { [weak self] _ in self?.adjustTextSize(by: -1) },
            UIKeyCommand(title: l10n.tr("shortcuts.text-reset"), input: "0", modifierFlags: .control) { [weak self] _ in self?.resetTextSize() },
            UIKeyCommand(input: "+", modifierFlags: [.control, .shift]) { [weak self] _ in self?.adjustTextSize(by: 1) },
        ]
    }
}
