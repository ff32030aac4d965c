import Foundation
import ParleyChat
import ParleyUIKit

/// The bodies of `ChatMessageContentView`'s `create…()` methods.
extension ChatMessageContentView {
    /// The body of `createTextView()`.
    func makeTextView() -> UITextView {
        if let textView { return textView }
        let view = UITextView()
        view.isEditable = false
        view.isScrollEnabled = false
        view.backgroundColor = nil
        view.textContainerInset = .zero
        view.textContainer.lineFragmentPadding = 0
        view.setContentCompressionResistancePriority(.required, for: .vertical)
        view.addGestureRecognizer(UITapGestureRecognizer { [weak self, weak view] recognizer in
            guard let self, let view, recognizer.state == .ended else { return }
            self.handleTapOnText(at: recognizer.location(in: view))
        })
        view.addInteraction(UIPointerInteraction(delegate: self))
        textView = view
        return view
    }

    /// The body of `createBubbleView()`.
    func makeBubbleView() -> ChatMessageBubbleView {
        if let bubbleView { return bubbleView }
        let bubble = components.messageBubbleView.init(frame: .zero)
        // A one-letter message still makes a round bubble.
        bubble.widthAnchor.constraint(greaterThanOrEqualToConstant: 36).isActive = true
        bubbleView = bubble
        return bubble
    }

    /// The body of `createAvatarView()`.
    func makeAvatarView() -> ChatAvatarView {
        if let authorAvatarView { return authorAvatarView }
        let avatar = components.avatarView.init(frame: .zero)
        pin(avatar, width: messageAuthorAvatarSize.width, height: messageAuthorAvatarSize.height)
        authorAvatarView = avatar
        return avatar
    }

    /// The body of `createAvatarSpacer()`.
    func makeAvatarSpacer() -> UIView {
        if let authorAvatarSpacer { return authorAvatarSpacer }
        let spacer = UIView()
        spacer.isUserInteractionEnabled = false
        spacer.widthAnchor.constraint(equalToConstant: messageAuthorAvatarSize.width).isActive = true
        authorAvatarSpacer = spacer
        return spacer
    }

    /// The body of `createQuotedMessageView()`.
    func makeQuotedMessageView() -> QuotedChatMessageView {
        if let quotedMessageView { return quotedMessageView }
        let quoted = components.quotedMessageView.init(frame: .zero)
        quoted.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended, let message = self.content?.quotedMessage else { return }
            self.delegate?.messageContentViewDidTapOnQuotedMessage(message)
        })
        quotedMessageView = quoted
        return quoted
    }

    /// The body of `createThreadInfoContainer()`.
    func makeThreadInfoContainer() -> ContainerStackView {
        if let threadInfoContainer { return threadInfoContainer }
        let container = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
        container.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnThread(message)
        })
        threadInfoContainer = container
        return container
    }

    /// The body of `createThreadAvatarView()`.
    func makeThreadAvatarView() -> ChatAvatarView {
        if let threadAvatarView { return threadAvatarView }
        let avatar = components.avatarView.init(frame: .zero)
        pin(avatar, width: 16, height: 16)
        threadAvatarView = avatar
        return avatar
    }

    /// The body of `createThreadIconView()`.
    func makeThreadIconView() -> UIImageView {
        if let threadIconView { return threadIconView }
        let icon = UIImageView()
        pin(icon, width: 16, height: 16)
        threadIconView = icon
        return icon
    }

    /// The body of `createThreadReplyCountButton()`.
    func makeThreadReplyCountButton() -> UIButton {
        if let threadReplyCountButton { return threadReplyCountButton }
        let button = UIButton(type: .system)
        button.addAction(UIAction { [weak self] _ in
            guard let self, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnThread(message)
        }, for: .touchUpInside)
        threadReplyCountButton = button
        return button
    }

    /// The body of `createFootnoteContainer()`.
    func makeFootnoteContainer() -> ContainerStackView {
        if let footnoteContainer { return footnoteContainer }
        let container = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
        footnoteContainer = container
        return container
    }

    /// The body of `createAuthorNameLabel()`.
    func makeAuthorNameLabel() -> UILabel {
        if let authorNameLabel { return authorNameLabel }
        let label = UILabel()
        label.setContentCompressionResistancePriority(.defaultHigh - 10, for: .horizontal)
        authorNameLabel = label
        return label
    }

    /// The body of `createTimestampLabel()`.
    func makeTimestampLabel() -> UILabel {
        if let timestampLabel { return timestampLabel }
        let label = UILabel()
        label.setContentCompressionResistancePriority(.required, for: .horizontal)
        timestampLabel = label
        return label
    }

    /// The body of `createDeliveryStatusView()`.
    func makeDeliveryStatusView() -> ChatMessageDeliveryStatusView {
        if let deliveryStatusView { return deliveryStatusView }
        let view = makeComponent(components.messageDeliveryStatusView.init(frame: .zero))
        deliveryStatusView = view
        return view
    }

    /// The body of `createOnlyVisibleToYouContainer()`.
    func makeOnlyVisibleToYouContainer() -> ContainerStackView {
        if let onlyVisibleToYouContainer { return onlyVisibleToYouContainer }
        let container = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 4)
        container.addArrangedSubviews([createOnlyVisibleToYouImageView(), createOnlyVisibleToYouLabel()])
        onlyVisibleToYouContainer = container
        return container
    }

    /// The body of `createOnlyVisibleToYouImageView()`.
    func makeOnlyVisibleToYouImageView() -> UIImageView {
        if let onlyVisibleToYouImageView { return onlyVisibleToYouImageView }
        let image = UIImageView()
        pin(image, width: 14, height: 14)
        onlyVisibleToYouImageView = image
        return image
    }

    /// The body of `createOnlyVisibleToYouLabel()`.
    func makeOnlyVisibleToYouLabel() -> UILabel {
        if let onlyVisibleToYouLabel { return onlyVisibleToYouLabel }
        let label = UILabel()
        label.setContentCompressionResistancePriority(.defaultHigh - 5, for: .horizontal)
        onlyVisibleToYouLabel = label
        return label
    }

    /// The body of `createErrorIndicatorContainer()`.
    func makeErrorIndicatorContainer() -> UIView {
        if let errorIndicatorContainer { return errorIndicatorContainer }
        let container = UIView()
        errorIndicatorContainer = container
        return container
    }

    /// The body of `createErrorIndicatorView()`.
    func makeErrorIndicatorView() -> UIButton {
        if let errorIndicatorView { return errorIndicatorView }
        let button = components.messageErrorIndicator.init(frame: .zero)
        hand(appearance, components, to: button)
        pin(button, width: 20, height: 20)
        button.addAction(UIAction { [weak self] _ in
            guard let self, let message = self.content else { return }
            self.delegate?.messageContentViewDidTapOnErrorIndicator(message)
        }, for: .touchUpInside)
        errorIndicatorView = button
        return button
    }
}
