import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The rows of ``ChatMessageListVC``: what `MessageListRows` asks for each message, separator and
/// the typing indicator, and the sizing views rows are measured in (outside the window).
extension ChatMessageListVC {
    // MARK: Rows

    /// The options of the message at `index` of `messages` (oldest first): the data source's
    /// `chatMessageListVC(_:messageLayoutOptionsAt:)` for its index path (newest first), which by
    /// default asks `components.messageLayoutOptionsResolver`.
    func layoutOptions(in messages: [ChatMessage], at index: Int) -> ChatMessageLayoutOptions {
        let indexPath = IndexPath(item: messages.count - 1 - index, section: 0)
        if let dataSource { return dataSource.chatMessageListVC(self, messageLayoutOptionsAt: indexPath) }
        return resolvedLayoutOptions(at: indexPath, in: messages)
    }

    /// The resolver's options for the message at `indexPath` (newest first) of `messages`
    /// (oldest first), which it reads through a reversed view of the same storage, not a copy.
    func resolvedLayoutOptions(at indexPath: IndexPath, in messages: [ChatMessage]) -> ChatMessageLayoutOptions {
        guard let channel = rowsChannel ?? dataSource?.channel(for: self) ?? messages.first.map({ ChatChannel(cid: $0.cid) }) else { return [] }
        return components.messageLayoutOptionsResolver.optionsForMessage(
            at: indexPath, in: channel, with: AnyRandomAccessCollection(messages.reversed()), appearance: appearance)
    }

    /// The row of the message at `index`: a `components.messageContentView`, reused among
    /// messages with the same layout options, with the spacing above it (2 pt within a group, more
    /// between groups). Its version changes with the message and with what it shows of its
    /// neighbours (its options and spacing); an unchanged version is neither measured nor updated
    /// again.
    func messageRow(in messages: [ChatMessage], at index: Int, startsGroup: Bool) -> ComponentList.Row {
        let message = messages[index]
        let options = layoutOptions(in: messages, at: index)
        let continuesGroup = index > 0 && !startsGroup && layoutOptions(in: messages, at: index - 1).contains(.continuousBubble)
        let spacing = index == 0 ? 0 : (continuesGroup ? spacingInGroup : spacingBetweenGroups)
        var version = Hasher()
        version.combine(MessageListRows.contentVersion(of: message))
        version.combine(options)
        version.combine(spacing)
        return ComponentList.Row(
            id: message.id, version: version.finalize(), estimatedHeight: estimatedMessageHeight + spacingBetweenGroups,
            component: messageRow(MessageRowModel(message: message, channel: rowsChannelBox, options: options, components: components)).inset(top: spacing))
    }

    /// The row of one message: measured in a sizing view kept for its layout options, shown in a
    /// `components.messageContentView` made on demand and pooled by the list. Its closures share
    /// the one model: the list holds a row per loaded message, and each keeps a reference, not a
    /// copy of the message and of the channel per closure.
    func messageRow(_ model: MessageRowModel) -> ChatMessageListRow {
        ChatMessageListRow(
            reuseKey: model.reuseKey,
            measure: { [weak self] width in
                guard let self else { return 0 }
                let row = self.sizingView(model.reuseKey) { self.components.messageContentView.init(frame: .zero) }
                guard let sizing = row as? ChatMessageContentView else { return 0 }
                sizing.setUpLayoutIfNeeded(options: model.options, attachmentViewInjectorType: model.injector)
                sizing.show(model.message, channel: model.channel.channel)
                self.measuredRowCount += 1
                return fittingHeight(of: sizing, width: width)
            },
            make: { [weak self] in
                guard let self else { return UIView() }
                let view = self.components.messageContentView.init(frame: .zero)
                view.appearance = self.appearance
                view.components = self.components
                // Joining the list sets it up, once, for these options and the window's traits.
                view.presetLayoutOptions(model.options, attachmentViewInjectorType: model.injector)
                return view
            },
            update: { [weak self] view in
                guard let self, let row = view as? ChatMessageContentView else { return }
                row.delegate = self
                row.setUpLayoutIfNeeded(options: model.options, attachmentViewInjectorType: model.injector)
                row.show(model.message, channel: model.channel.channel)
                row.accessibilityCustomActions = self.accessibilityCustomActions(for: row)
                self.delegate?.chatMessageListVC(self, willDisplay: model.message)
            })
    }

    func dateSeparatorRow(for date: Date, day: Int) -> ComponentList.Row {
        let text = appearance.formatters.messageDateSeparator.format(date)
        let row = ChatMessageListRow(
            reuseKey: "date-separator",
            measure: { [weak self] width in
                guard let self else { return 0 }
                let view = self.sizingView("date-separator") { self.components.messageListDateSeparatorView.init(frame: .zero) }
                (view as? ChatMessageListDateSeparatorView)?.content = text
                return fittingHeight(of: view, width: width)
            },
            make: { [weak self] in self?.makeSubview { $0.components.messageListDateSeparatorView.init(frame: .zero) } ?? UIView() },
            update: { view in (view as? ChatMessageListDateSeparatorView)?.content = text })
        return ComponentList.Row(id: "date-\(day)", version: day, estimatedHeight: 38, component: row)
    }

    func unreadSeparatorRow() -> ComponentList.Row {
        let row = ChatMessageListRow(
            reuseKey: "unread-separator",
            measure: { [weak self] width in
                guard let self else { return 0 }
                let view = self.sizingView("unread-separator") { self.components.messageListUnreadSeparatorView.init(frame: .zero) }
                return fittingHeight(of: view, width: width)
            },
            make: { [weak self] in self?.makeSubview { $0.components.messageListUnreadSeparatorView.init(frame: .zero) } ?? UIView() },
            update: { _ in })
        return ComponentList.Row(id: MessageListRows.unreadSeparatorID, estimatedHeight: 40, component: row)
    }

    func typingIndicatorRow(_ users: [ChatUser]) -> ComponentList.Row {
        let row = ChatMessageListRow(
            reuseKey: "typing-indicator",
            measure: { [weak self] width in
                guard let self else { return 0 }
                let view = self.sizingView("typing-indicator") { self.components.typingIndicatorView.init(frame: .zero) }
                (view as? TypingIndicatorView)?.content = users
                return fittingHeight(of: view, width: width)
            },
            make: { [weak self] in self?.makeSubview { $0.components.typingIndicatorView.init(frame: .zero) } ?? UIView() },
            update: { view in (view as? TypingIndicatorView)?.content = users })
        var version = Hasher()
        for user in users { version.combine(user.id); version.combine(user.name) }
        return ComponentList.Row(id: MessageListRows.typingIndicatorID, version: version.finalize(), estimatedHeight: 30, component: row)
    }

    func makeSubview<V: _View>(_ make: (ChatMessageListVC) -> V) -> V {
        let view = make(self)
        view.appearance = appearance
        view.components = components
        return view
    }

    /// The sizing instance for `key`: made once (again if it was dropped to keep at most
    /// ``SizingViewCache/capacity``), set up in a container that is in no window.
    func sizingView(_ key: String, make: () -> UIView) -> UIView {
        // Measured as shown: text rounds to the window's pixels, fonts follow its text size.
        let traits = listView.traitCollection
        var overrides = UITraitOverrides()
        overrides.displayScale = traits.displayScale
        overrides.userInterfaceStyle = traits.userInterfaceStyle
        overrides.layoutDirection = traits.layoutDirection
        overrides.preferredContentSizeCategory = traits.preferredContentSizeCategory
        if sizingContainer.traitOverrides != overrides {
            // Sizing views measured at another scale keep sizes rounded to its pixels in their
            // layout: new ones measure at the new scale.
            if sizingContainer.traitOverrides.displayScale != overrides.displayScale {
                sizingViews.removeAll()
            }
            sizingContainer.traitOverrides = overrides
        }
        return sizingViews.view(for: key) {
            let view = make()
            if let chatView = view as? _View {
                chatView.appearance = appearance
                chatView.components = components
            }
            sizingContainer.addSubview(view)
            return view
        }
    }
}

/// A channel shared by the rows built for it (``ChatMessageListVC/rowsChannel``).
final class MessageRowChannel {
    let channel: ChatChannel?
    init(_ channel: ChatChannel?) { self.channel = channel }
}

/// What a message row shows, in one allocation its measure, make and update closures share: the
/// message, the channel's shared box, the layout options, the attachment injector and the reuse
/// key (rows are pooled by their options and the injector drawing their attachments).
@MainActor
final class MessageRowModel {
    let message: ChatMessage
    let channel: MessageRowChannel
    let options: ChatMessageLayoutOptions
    let injector: AttachmentViewInjector.Type?
    let reuseKey: String

    init(message: ChatMessage, channel: MessageRowChannel, options: ChatMessageLayoutOptions, components: Components) {
        self.message = message
        self.channel = channel
        self.options = options
        let injector = components.attachmentViewCatalog.attachmentViewInjectorClassFor(message: message, components: components)
        self.injector = injector
        reuseKey = "message-\(options.id)" + (injector.map { "-" + String(reflecting: $0) } ?? "")
    }
}
