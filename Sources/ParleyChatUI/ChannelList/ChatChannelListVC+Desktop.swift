import Foundation
import ParleyChat
import ParleyUIKit

// Desktop: the selected row beside an expanded split view, keyboard shortcuts, right-click
// channel actions and the light/dark toggle.
extension ChatChannelListVC {
    /// Switches the window (every screen in it) between light and dark, live: each chat view
    /// runs `setUpAppearance()` and `updateContent()` again.
    public func toggleUserInterfaceStyle() {
        let target: UIView = view.window ?? view
        let isDark = target.traitCollection.userInterfaceStyle == .dark
        target.overrideUserInterfaceStyle = isDark ? .light : .dark
    }

    /// Whether the row of `cid` shows as selected: it is ``selectedChannelId`` and the list is in
    /// an expanded split view (a collapsed one shows one screen at a time).
    public func isShowingSelection(of cid: ChannelId) -> Bool {
        guard cid == selectedChannelId, let split = splitViewController else { return false }
        return !split.isCollapsed
    }

    /// Marks the rows on screen selected or not.
    public func refreshSelection() {
        lastCollapsed = splitViewController?.isCollapsed
        for cell in listView.visibleViews.compactMap({ $0 as? ChatChannelListCollectionViewCell }) {
            guard let cid = cell.content?.channel.cid else { continue }
            cell.isSelected = isShowingSelection(of: cid)
        }
    }

    /// Opens the channel `delta` rows from the selected one (the first or last row when none is
    /// selected); `unreadOnly` skips channels without unread messages. Returns the channel opened.
    @discardableResult
    public func selectAdjacentChannel(by delta: Int, unreadOnly: Bool) -> ChannelId? {
        guard !channels.isEmpty, delta != 0 else { return nil }
        let count = channels.count
        let start = selectedChannelId.flatMap { cid in channels.firstIndex { $0.cid == cid } } ?? (delta > 0 ? -1 : count)
        var index = start
        for _ in 0..<count {
            index += delta > 0 ? 1 : -1
            if unreadOnly { index = (index + count) % count } else if index < 0 || index >= count { return nil }
            let channel = channels[index]
            if channel.cid == selectedChannelId { return nil }
            guard !unreadOnly || channel.unreadCount.messages > 0 else { continue }
            didSelectChannel(channel.cid)
            return channel.cid
        }
        return nil
    }

    /// Presents the quick switcher over the window; the channel picked opens through ``router``.
    public func showQuickSwitcher() {
        let presenter = view.window?.rootViewController ?? self
        guard presenter.presentedViewController == nil else { return }
        let switcher = ChatChannelQuickSwitcherVC()
        switcher.appearance = appearance
        switcher.components = components
        switcher.currentUserId = controller?.client.currentUserId
        switcher.channels = channels
        switcher.onSelect = { [weak self] cid in self?.didSelectChannel(cid) }
        presenter.present(switcher, animated: true)
    }

    /// Presents the sheet of every shortcut that works where the first responder (or the focused
    /// view) is.
    public func showKeyboardShortcuts() {
        let presenter = view.window?.rootViewController ?? self
        guard presenter.presentedViewController == nil else { return }
        let window = view.window
        let first = (UIResponder.currentFirstResponder as? UIView).flatMap { $0.window === window ? $0 : nil }
        let origin: UIResponder = first ?? window.flatMap { UIFocusSystem.focusSystem(for: $0)?.focusedItem } ?? self
        let sheet = ChatKeyboardShortcutsVC()
        sheet.appearance = appearance
        sheet.components = components
        sheet.shortcuts = ChatKeyboardShortcutsVC.shortcuts(from: origin, extra: keyCommands ?? [], appearance: appearance)
        presenter.present(sheet, animated: true)
    }

    /// Right-click on a row: the channel's actions.
    func setUpSecondaryClick() {
        let click = UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            let location = recognizer.location(in: self.listView)
            guard let cell = self.listView.visibleViews.first(where: { !$0.isHidden && $0.frame.contains(location) }) as? ChatChannelListCollectionViewCell,
                  let cid = cell.content?.channel.cid else { return }
            self.showChannelActions(for: cid)
        }
        click.buttonMaskRequired = .secondary
        click.name = "ChatChannelListVC secondary click"
        listView.addGestureRecognizer(click)
    }

    /// The actions of a channel (a right-click on its row): open, mark read, mute or unmute,
    /// delete (as the user may), cancel; in an action sheet.
    public func showChannelActions(for cid: ChannelId) {
        guard let index = channels.firstIndex(where: { $0.cid == cid }), let controller else { return }
        let channel = channels[index]
        let l10n = appearance.l10n
        let sheet = UIAlertController(title: ChatChannelListItemView.displayable(
            appearance.formatters.channelName.format(channel: channel, forCurrentUserId: controller.client.currentUserId) ?? cid.id),
            message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: l10n.tr("channel-actions.open"), style: .default) { [weak self] _ in self?.didSelectChannel(cid) })
        if channel.unreadCount.messages > 0 {
            sheet.addAction(UIAlertAction(title: l10n.tr("channel-actions.mark-read"), style: .default) { [weak self] _ in
                self?.markChannelRead(cid)
            })
        }
        let path = IndexPath(item: index, section: 0)
        if channel.can(.muteChannel) {
            sheet.addAction(UIAlertAction(title: l10n.tr(channel.isMuted ? "channel.swipe.unmute" : "channel.swipe.mute"), style: .default) { [weak self] _ in
                self?.muteButtonPressedForCell(at: path)
            })
        }
        if channel.can(.deleteChannel) {
            sheet.addAction(UIAlertAction(title: l10n.tr("channel.swipe.delete"), style: .destructive) { [weak self] _ in
                self?.deleteButtonPressedForCell(at: path)
            })
        }
        sheet.addAction(UIAlertAction(title: l10n.tr("alert.actions.cancel"), style: .cancel))
        (view.window?.rootViewController ?? self).present(sheet, animated: true)
    }

    /// Marks the channel read (the channel actions' "Mark as read"); a failure shows an alert.
    public func markChannelRead(_ cid: ChannelId) {
        guard let controller else { return }
        let channelController = controller.client.channelController(for: cid)
        Task { @MainActor in
            do {
                try await channelController.markRead()
            } catch {
                alertsRouter.showErrorAlert(message: appearance.l10n.tr("channel-actions.mark-read-failed"))
            }
        }
    }

    /// The commands of ``keyCommands``.
    func channelListKeyCommands() -> [UIKeyCommand] {
        let l10n = appearance.l10n
        var commands = [
            UIKeyCommand(title: l10n.tr("shortcuts.quick-switcher"), input: "k", modifierFlags: .control) { [weak self] _ in self?.showQuickSwitcher() },
            UIKeyCommand(title: l10n.tr("shortcuts.previous-channel"), input: UIKeyCommand.inputUpArrow, modifierFlags: .alternate) { [weak self] _ in
                self?.selectAdjacentChannel(by: -1, unreadOnly: false)
            },
            UIKeyCommand(title: l10n.tr("shortcuts.next-channel"), input: UIKeyCommand.inputDownArrow, modifierFlags: .alternate) { [weak self] _ in
                self?.selectAdjacentChannel(by: 1, unreadOnly: false)
            },
            UIKeyCommand(title: l10n.tr("shortcuts.previous-unread"), input: UIKeyCommand.inputUpArrow, modifierFlags: [.alternate, .shift]) { [weak self] _ in
                self?.selectAdjacentChannel(by: -1, unreadOnly: true)
            },
            UIKeyCommand(title: l10n.tr("shortcuts.next-unread"), input: UIKeyCommand.inputDownArrow, modifierFlags: [.alternate, .shift]) { [weak self] _ in
                self?.selectAdjacentChannel(by: 1, unreadOnly: true)
            },
        ]
        if isSearchEnabled {
            commands.append(UIKeyCommand(title: l10n.tr("shortcuts.search"), input: "f", modifierFlags: .control) { [weak self] _ in self?.focusSearch() })
        }
        commands += textSizeKeyCommands()
        commands.append(UIKeyCommand(title: l10n.tr("shortcuts.show"), input: "/", modifierFlags: .control) { [weak self] _ in self?.showKeyboardShortcuts() })
        return commands
    }
}
