import Foundation
import ParleyChat
import ParleyUIKit

/// The bar of quick actions that shows over the top trailing corner of the message under the
/// pointer, as desktop chat apps do: react, reply, reply in a thread, more (the message popup).
/// Each icon button has a tooltip.
@preconcurrency @MainActor
open class ChatMessageHoverActionsView: _View {
    /// Opens the reaction picker.
    open private(set) lazy var reactButton = UIButton(type: .system)
    /// Quotes the message in the composer.
    open private(set) lazy var replyButton = UIButton(type: .system)
    /// Opens the message's thread.
    open private(set) lazy var threadButton = UIButton(type: .system)
    /// Opens every action of the message.
    open private(set) lazy var moreButton = UIButton(type: .system)

    /// The buttons shown, in order.
    open var visibleButtons: [UIButton] { [reactButton, replyButton, threadButton, moreButton].filter { !$0.isHidden } }

    /// The side of a button.
    open var buttonSize: CGFloat { 30 }

    /// The buttons in a row.
    open override func setUpLayout() {
        super.setUpLayout()
        for button in [reactButton, replyButton, threadButton, moreButton] { addSubview(button) }
    }

    /// A rounded card with a hairline border and a shadow; icons, tooltips.
    open override func setUpAppearance() {
        super.setUpAppearance()
        let palette = appearance.colorPalette
        backgroundColor = palette.popoverBackground
        layer.cornerRadius = 8
        layer.borderWidth = 1
        layer.borderColor = palette.border2
        layer.shadowColor = palette.hoverButtonShadow
        layer.shadowOpacity = 1
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 0, height: 1)
        let l10n = appearance.l10n
        let items: [(UIButton, UIImage, String)] = [
            (reactButton, appearance.images.smiley, l10n.tr("hover-actions.react")),
            (replyButton, appearance.images.messageActionInlineReply, l10n.tr("hover-actions.reply")),
            (threadButton, appearance.images.messageActionThreadReply, l10n.tr("hover-actions.thread")),
            (moreButton, UIImage(systemName: "ellipsis") ?? appearance.images.messageActionCopy, l10n.tr("hover-actions.more")),
        ]
        for (button, image, title) in items {
            button.setImage(image, for: .normal)
            button.tintColor = palette.textLowEmphasis
            button.toolTip = title
            button.accessibilityLabel = title
        }
        reactButton.accessibilityIdentifier = "hover-react"
        replyButton.accessibilityIdentifier = "hover-reply"
        threadButton.accessibilityIdentifier = "hover-thread"
        moreButton.accessibilityIdentifier = "hover-more"
    }

    /// The width the shown buttons need.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: CGFloat(visibleButtons.count) * buttonSize + 8, height: buttonSize + 6)
    }

    /// The buttons side by side.
    open override func layoutSubviews() {
        super.layoutSubviews()
        var x: CGFloat = 4
        for button in visibleButtons {
            button.frame = CGRect(x: x, y: 3, width: buttonSize, height: buttonSize)
            x += buttonSize
        }
    }
}

/// The desktop interactions of the message list: the message rows take keyboard focus (Enter
/// opens a message's actions), Page Up/Down and Home/End scroll, a right-click opens a
/// message's actions and hovering a message shows its quick actions.
extension ChatMessageListVC {
    /// The focus group of the rows.
    static let focusGroupID = "parley.message-list"

    /// Wires right-click and hover (from `setUp()`).
    func setUpDesktopInteractions() {
        listView.focusGroupIdentifier = Self.focusGroupID
        let click = UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            self.hideHoverActions()
            guard let row = self.messageRow(at: recognizer.location(in: self.listView)), let message = row.content else { return }
            self.delegate?.chatMessageListVC(self, didLongPressOn: message, messageView: row)
        }
        click.buttonMaskRequired = .secondary
        click.name = "ChatMessageListVC secondary click"
        listView.addGestureRecognizer(click)

        let hover = UIHoverGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            switch recognizer.state {
            case .began, .changed: self.hoverMoved(to: recognizer.location(in: self.view))
            default: self.hideHoverActions()
            }
        }
        hover.name = "ChatMessageListVC hover"
        view.addGestureRecognizer(hover)
        hoverActionsView.isHidden = true
        hoverActionsView.reactButton.addAction(UIAction { [weak self] _ in self?.performHoverAction(.react) }, for: .touchUpInside)
        hoverActionsView.replyButton.addAction(UIAction { [weak self] _ in self?.performHoverAction(.reply) }, for: .touchUpInside)
        hoverActionsView.threadButton.addAction(UIAction { [weak self] _ in self?.performHoverAction(.thread) }, for: .touchUpInside)
        hoverActionsView.moreButton.addAction(UIAction { [weak self] _ in self?.performHoverAction(.more) }, for: .touchUpInside)
    }

    /// The quick actions of the hover bar.
    public enum HoverAction: Sendable {
        /// Open the reaction picker.
        case react
        /// Quote the message in the composer.
        case reply
        /// Open the thread.
        case thread
        /// Every action.
        case more
    }

    /// The message row at `point` (in the list's coordinates), if any.
    public func messageRow(at point: CGPoint) -> ChatMessageContentView? {
        listView.visibleViews.first { !$0.isHidden && $0.frame.contains(point) } as? ChatMessageContentView
    }

    /// The message the hover bar shows for, if it is shown.
    public var hoveredMessage: ChatMessage? { hoverActionsView.isHidden ? nil : hoveredRow?.content }

    private func hoverMoved(to point: CGPoint) {
        // Over the bar itself: keep it for the message it belongs to.
        if !hoverActionsView.isHidden, hoverActionsView.frame.contains(point) { return }
        let location = listView.convert(point, from: view)
        guard listView.bounds.contains(location), let row = messageRow(at: location), let message = row.content,
              message.type != .system, message.type != .error, !message.isDeleted else {
            hideHoverActions()
            return
        }
        hoveredRow = row
        hoverActionsView.threadButton.isHidden = message.parentMessageId != nil || channelForHover?.config.repliesEnabled == false
        hoverActionsView.reactButton.isHidden = channelForHover?.config.reactionsEnabled == false
        let size = hoverActionsView.sizeThatFits(view.bounds.size)
        let rowFrame = view.convert(row.bounds, from: row)
        let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let x = rtl ? rowFrame.minX + 12 : rowFrame.maxX - size.width - 12
        let y = max(view.bounds.minY + 2, rowFrame.minY - size.height / 2)
        hoverActionsView.frame = CGRect(x: x, y: y, width: size.width, height: size.height)
        hoverActionsView.isHidden = false
        view.bringSubviewToFront(hoverActionsView)
    }

    private var channelForHover: ChatChannel? { dataSource?.channel(for: self) }

    /// Hides the hover bar.
    public func hideHoverActions() {
        hoverActionsView.isHidden = true
        hoveredRow = nil
    }

    /// Runs a quick action on the hovered message.
    public func performHoverAction(_ action: HoverAction) {
        guard let row = hoveredRow, let message = row.content else { return }
        hideHoverActions()
        perform(action, on: message, row: row)
    }

    // MARK: Keyboard

    /// The list's keys while a message row has focus: Enter opens the message's actions, Home
    /// goes to the oldest loaded message, End to the newest, Page Up/Down scroll a page.
    func messageListKeyCommands() -> [UIKeyCommand] {
        let l10n = appearance.l10n
        return [
            UIKeyCommand(title: l10n.tr("shortcuts.message-actions"), input: "\r") { [weak self] _ in self?.openActionsOfFocusedMessage() },
            UIKeyCommand(title: l10n.tr("shortcuts.oldest"), input: UIKeyCommand.inputHome) { [weak self] _ in self?.scrollToOldestLoadedMessage() },
            UIKeyCommand(title: l10n.tr("shortcuts.newest"), input: UIKeyCommand.inputEnd) { [weak self] _ in self?.scrollToBottom(animated: false) },
        ] + pageKeyCommands()
    }

    /// Page Up and Page Down, which work from the composer too (they take priority over text editing).
    public func pageKeyCommands() -> [UIKeyCommand] {
        let l10n = appearance.l10n
        let up = UIKeyCommand(title: l10n.tr("shortcuts.page-up"), input: UIKeyCommand.inputPageUp) { [weak self] _ in self?.scrollByPage(-1) }
        let down = UIKeyCommand(title: l10n.tr("shortcuts.page-down"), input: UIKeyCommand.inputPageDown) { [weak self] _ in self?.scrollByPage(1) }
        up.wantsPriorityOverSystemBehavior = true
        down.wantsPriorityOverSystemBehavior = true
        return [up, down]
    }

    /// Scrolls a page (the list's height less a row) up (`direction` < 0) or down.
    public func scrollByPage(_ direction: Int) {
        let inset = listView.adjustedContentInset
        let minY = -inset.top
        let maxY = max(minY, listView.contentSize.height + inset.bottom - listView.bounds.height)
        let page = max(40, listView.bounds.height - 48) * (direction < 0 ? -1 : 1)
        let target = min(max(listView.contentOffset.y + page, minY), maxY)
        listView.setContentOffset(CGPoint(x: listView.contentOffset.x, y: target), animated: false)
    }

    /// Scrolls to the oldest message loaded (the top of the list; older pages load from there).
    public func scrollToOldestLoadedMessage() {
        listView.setContentOffset(CGPoint(x: listView.contentOffset.x, y: -listView.adjustedContentInset.top), animated: false)
    }

    /// Opens the actions of the focused message (Enter on a row).
    public func openActionsOfFocusedMessage() {
        guard let row = UIFocusSystem.focusSystem(for: view)?.focusedItem as? ChatMessageContentView,
              row.isDescendant(of: listView), let message = row.content else { return }
        delegate?.chatMessageListVC(self, didLongPressOn: message, messageView: row)
    }
}
