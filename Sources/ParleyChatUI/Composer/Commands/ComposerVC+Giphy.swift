import Foundation
import ParleyChat
import ParleyUIKit

/// `/giphy`: the preview above the input with Send, Shuffle and Cancel, and sending the picture.
extension ComposerVC {
    /// Hands the giphy preview's buttons and the command chip's tap (it removes the command) to
    /// the composer.
    func setUpCommands() {
        composerView.commandLabelView.onTap = { [weak self] in self?.content.command = nil }
        giphyPreviewView.isHidden = true
        giphyPreviewView.onSend = { [weak self] in self?.sendGiphyPreview() }
        giphyPreviewView.onShuffle = { [weak self] in self?.shuffleGiphyPreview() }
        giphyPreviewView.onCancel = { [weak self] in self?.cancelGiphyPreview() }
    }

    /// Whether the giphy preview is showing.
    public var isShowingGiphyPreview: Bool { !giphyPreviewView.isHidden && giphyPreviewView.content != nil }

    /// Searches `components.giphySearch` for `query` and previews the first picture; says so under
    /// the input (keeping what was typed) when nothing matches.
    public func showGiphyPreview(for query: String) {
        guard let picture = components.giphySearch.results(for: query).first else {
            errorMessage = appearance.l10n.tr("composer.giphy.no-results", .string(query))
            return
        }
        giphyPreviewView.content = ChatGiphyPreviewView.Content(query: query, picture: picture)
        // In the stack only while showing, so its fixed heights never weigh on a hidden row.
        if giphyPreviewView.superview !== rootStack {
            rootStack.insertArrangedSubview(giphyPreviewView, at: rootStack.arrangedSubviews.firstIndex { $0 === composerView } ?? 0)
        }
        giphyPreviewView.isHidden = false
        content.command = nil
        content.text = ""
        errorMessage = nil
    }

    /// Shows the next picture matching the preview's words (wrapping to the first).
    public func shuffleGiphyPreview() {
        guard let shown = giphyPreviewView.content else { return }
        let results = components.giphySearch.results(for: shown.query)
        guard !results.isEmpty else { return }
        let next = results.firstIndex(of: shown.picture).map { ($0 + 1) % results.count } ?? 0
        giphyPreviewView.content = ChatGiphyPreviewView.Content(query: shown.query, picture: results[next])
    }

    /// Drops the preview; nothing is sent.
    public func cancelGiphyPreview() {
        giphyPreviewView.content = nil
        giphyPreviewView.isHidden = true
        giphyPreviewView.removeFromSuperview()
    }

    /// Sends the previewed picture as an image attachment (in the thread, quoting what the
    /// composer quotes) and closes the preview; text typed meanwhile stays in the composer.
    public func sendGiphyPreview() {
        guard let picture = giphyPreviewView.content?.picture else { return }
        let gif: AnyAttachmentPayload
        do {
            gif = try AnyAttachmentPayload(localFileURL: picture.url, attachmentType: .image, width: picture.width, height: picture.height)
        } catch {
            errorMessage = Self.shortDescription(of: error, l10n: appearance.l10n)
            return
        }
        cancelGiphyPreview()
        let typed = content
        content = Content(quotingMessage: typed.quotingMessage, threadMessage: typed.threadMessage, attachments: [gif])
        publishMessage(sender: composerView.sendButton)
        guard content.isEmpty else { return }  // refused: the picture stays attached, with the reason shown
        if !typed.text.isEmpty || !typed.attachments.isEmpty || typed.command != nil {
            content = typed
            content.quotingMessage = nil
        }
    }
}
