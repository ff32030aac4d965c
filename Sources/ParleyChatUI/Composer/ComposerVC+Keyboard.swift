import Foundation
import ParleyChat
import ParleyUIKit

/// What Escape and Enter do in ``ComposerVC``, in order of precedence.
extension ComposerVC {
    /// Escape: closes the suggestions, else the giphy preview, else removes the picked command,
    /// else cancels replying or editing; false when there was nothing to close.
    func handleEscape() -> Bool {
        if suggestionsVC.isPresented {
            dismissSuggestions()
            return true
        }
        if cancelCommandIfNeeded() { return true }
        guard content.quotingMessage != nil || content.editingMessage != nil else { return false }
        cancelReplyOrEdit()
        return true
    }

    /// Enter: picks the highlighted suggestion, else sends the giphy preview when nothing is
    /// typed, else sends the message (or runs its command).
    func handleReturn() {
        if suggestionsVC.isPresented, let index = suggestionsVC.highlightedIndex {
            didSelectSuggestion(at: index)
        } else if isShowingGiphyPreview, content.isEmpty, content.command == nil {
            sendGiphyPreview()
        } else {
            publishMessage(sender: composerView.sendButton)
        }
    }
}

extension ComposerVC {
    /// `view` with the composer's appearance and components.
    func configured<View: UIView>(_ view: View) -> View {
        hand(appearance, components, to: view)
        return view
    }
}
