import Foundation
import ParleyChat
import ParleyUIKit

/// The work behind ``ComposerVC``'s `/` commands: finding the "/query" at the start of the text,
/// matching the channel's commands, the command chip, and running `/giphy`, `/mute` and
/// `/unmute` on this machine.
///
/// Stream runs commands on its server; Parley's embedded backend has no server, so the composer
/// runs the three default commands itself, with the embedded backend and the remote one alike.
/// A command the composer does not know (one a server's config adds) is sent as the message text
/// "/name arguments", as Stream sends it.
extension ComposerVC {
    /// The names of the commands the composer runs itself.
    public static let clientSideCommandNames: Set<String> = [Command.giphy.name, Command.mute.name, Command.unmute.name]

    /// The channel's commands (``ChannelConfig/commands``); the default ones while the channel is
    /// not loaded yet; none without a channel.
    public var availableCommands: [Command] {
        guard let channelController else { return [] }
        return channelController.channel?.config.commands ?? Command.defaultCommands
    }

    /// The letters after ``commandSymbol`` when the text starts with it and the caret is in that
    /// first word, else nil.
    func typedCommandQuery(in textView: UITextView) -> String? {
        guard content.command == nil, textView.selectedRange.length == 0 else { return nil }
        let text = (textView.text ?? "") as NSString
        let symbolLength = (commandSymbol as NSString).length
        guard symbolLength > 0, text.length >= symbolLength, text.hasPrefix(commandSymbol) else { return nil }
        let caret = min(textView.selectedRange.location, text.length)
        guard caret >= symbolLength else { return nil }
        let query = text.substring(with: NSRange(location: symbolLength, length: caret - symbolLength))
        return query.contains(where: \.isWhitespace) ? nil : query
    }

    /// ``availableCommands`` whose name starts with `query` (ignoring case), in the config's order.
    func commands(matching query: String) -> [Command] {
        let folded = query.lowercased()
        return availableCommands.filter { folded.isEmpty || $0.name.lowercased().hasPrefix(folded) }
    }

    /// Fills ``ChatSuggestionsVC/commands`` (the first highlighted), or hides the list when none match.
    func presentCommandSuggestions(_ commands: [Command]) {
        mentionRange = nil
        guard !commands.isEmpty else {
            dismissSuggestions()
            return
        }
        suggestionsVC.users = []
        if suggestionsVC.commands != commands { suggestionsVC.highlightedIndex = 0 }
        suggestionsVC.commands = commands
        suggestionsVC.updateContentIfNeeded()
    }

    /// Picks `command`: the chip shows it, the "/query" typed is removed and the caret stays in
    /// the text for the arguments.
    public func selectCommand(_ command: Command) {
        content.command = command
        content.text = ""
        dismissSuggestions()
    }

    /// The client-side command and its arguments when `text` is "/name arguments" naming one of
    /// ``availableCommands`` (typed without picking it from the list).
    func typedCommand(in text: String) -> (Command, String)? {
        guard text.hasPrefix(commandSymbol) else { return nil }
        let body = text.dropFirst(commandSymbol.count)
        let name = body.prefix { !$0.isWhitespace }
        guard let command = availableCommands.first(where: { $0.name == String(name) }),
              Self.clientSideCommandNames.contains(command.name) else { return nil }
        return (command, body.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs the picked (or typed) command instead of sending `text` as a message; false when
    /// there is no command. A command the composer does not run is sent as "/name arguments".
    func runCommandIfNeeded(text: String) -> Bool {
        guard content.editingMessage == nil else { return false }
        if let command = content.command {
            guard Self.clientSideCommandNames.contains(command.name) else {
                content.command = nil
                content.text = commandSymbol + command.name + (text.isEmpty ? "" : " " + text)
                publishMessage(sender: composerView.sendButton)
                return true
            }
            runCommand(command, arguments: text)
            return true
        }
        guard let (command, arguments) = typedCommand(in: text) else { return false }
        runCommand(command, arguments: arguments)
        return true
    }

    /// The chip, the room the text keeps for it and the placeholder for the picked command
    /// ("Search GIFs" for giphy, the arguments for others, the description for one without).
    func updateCommandContent() {
        let chip = composerView.commandLabelView
        let command = content.command
        if chip.content != command { chip.content = command }
        if chip.isHidden != (command == nil) {
            chip.isHidden = command == nil
            composerView.setNeedsLayout()
        }
        let textView = composerView.inputTextView
        guard let command else {
            textView.leadingAccessoryWidth = 0
            textView.placeholderText = nil
            return
        }
        chip.layoutIfNeeded()
        textView.leadingAccessoryWidth = chip.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).width + 4
        let hint = command.args.isEmpty ? command.localizedDescription(appearance.l10n) : command.args
        textView.placeholderText = command.name == Command.giphy.name ? appearance.l10n.tr("composer.placeholder.giphy") : hint
    }

    /// `/giphy` previews a picture, `/mute` and `/unmute` mute or unmute the channel.
    func runClientSideCommand(_ command: Command, arguments: String) {
        if command.name == Command.giphy.name {
            showGiphyPreview(for: arguments)
        } else {
            runMuteCommand(muting: command.name == Command.mute.name, arguments: arguments)
        }
    }

    /// Escape: closes the giphy preview, else removes the picked command; false when there was
    /// neither.
    func cancelCommandIfNeeded() -> Bool {
        if !giphyPreviewView.isHidden {
            cancelGiphyPreview()
            return true
        }
        guard content.command != nil else { return false }
        content.command = nil
        return true
    }

    /// `/mute` and `/unmute`: without a name they mute (unmute) this channel for the current user
    /// through the chat core's mute API; with one ("@Bob") they name a member, and since the chat
    /// core mutes channels, not people, the composer says so under the input.
    func runMuteCommand(muting: Bool, arguments: String) {
        guard let channelController else {
            errorMessage = appearance.l10n.tr("composer.error.unavailable")
            return
        }
        let name = arguments.hasPrefix(mentionSymbol) ? String(arguments.dropFirst(mentionSymbol.count)) : arguments
        if !name.isEmpty {
            let members = channelController.channel?.members.map(\.user) ?? []
            let folded = name.lowercased()
            let known = members.contains { $0.id.lowercased() == folded || Self.mentionName(of: $0).lowercased() == folded }
            errorMessage = appearance.l10n.tr(known ? "composer.command.user-mute-unavailable" : "composer.command.unknown-user", .string(name))
            return
        }
        let sent = content
        content.clear()
        errorMessage = nil
        run { [weak self] in
            do throws(ChatError) {
                if muting { try await channelController.muteChannel() } else { try await channelController.unmuteChannel() }
            } catch {
                self?.restore(sent, after: error)
            }
        }
    }
}
