import Foundation
import ParleyChat
import ParleyUIKit

/// The bodies of `ChatMessageContentView`'s steps (the class keeps the overridable methods; these
/// are what their default implementations do).
extension ChatMessageContentView {
    /// Arranges the parts `options` ask for: the default `layout(options:)`.
    func layOutParts(options: ChatMessageLayoutOptions) {
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)

        mainContainer.translatesAutoresizingMaskIntoConstraints = false
        addSubview(mainContainer)
        var constraints = [
            mainContainerTopConstraint(for: options),
            mainContainer.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]

        if options.contains(.centered) {
            bubbleThreadFootnoteContainer.alignment = .centerX
            constraints += [
                mainContainer.centerXAnchor.constraint(equalTo: centerXAnchor),
                mainContainer.leadingAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.leadingAnchor, constant: 24),
            ]
        } else if options.contains(.flipped) {
            bubbleThreadFootnoteContainer.alignment = .trailing
            constraints += [
                mainContainer.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
                mainContainer.leadingAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.leadingAnchor),
            ]
        } else {
            bubbleThreadFootnoteContainer.alignment = .leading
            constraints += [
                mainContainer.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
                mainContainer.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
            ]
        }

        if options.contains(.avatar) {
            embedAvatar(createAvatarView())
            mainContainer.addArrangedSubview(authorAvatarContainer)
        } else if options.contains(.avatarSizePadding) {
            mainContainer.addArrangedSubview(createAvatarSpacer())
        }
        mainContainer.addArrangedSubview(bubbleThreadFootnoteContainer)

        // The text (or the deleted placeholder) and the quote, in the bubble or on their own.
        // A bubble is never empty: without text, a quote or attachment views it holds the empty
        // text view and keeps its padding.
        let showsText = options.contains(.text) || options.contains(.deletedPlaceholder)
            || (options.contains(.bubble) && !options.contains(.quotedMessage) && attachmentViewInjector == nil)
        var bubbleOrText: UIView?
        if options.contains(.bubble) {
            let bubbleView = createBubbleView()
            embedBubbleContent(in: bubbleView)
            if options.contains(.quotedMessage) { bubbleContentContainer.addArrangedSubview(createQuotedMessageView()) }
            if showsText { bubbleContentContainer.addArrangedSubview(createTextView()) }
            bubbleThreadFootnoteContainer.addArrangedSubview(bubbleView)
            constraints.append(bubbleView.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, multiplier: maxContentWidthMultiplier))
            if attachmentViewInjector?.fillAllAvailableWidth == true {
                // As wide as the row allows, up to `maxAttachmentWidth`.
                let fill = bubbleView.widthAnchor.constraint(equalTo: widthAnchor, multiplier: maxContentWidthMultiplier)
                fill.priority = .defaultHigh
                constraints += [fill, bubbleView.widthAnchor.constraint(lessThanOrEqualToConstant: maxAttachmentWidth)]
            }
            bubbleOrText = bubbleView
        } else {
            if options.contains(.quotedMessage) { bubbleThreadFootnoteContainer.addArrangedSubview(createQuotedMessageView()) }
            if showsText {
                let textView = createTextView()
                bubbleThreadFootnoteContainer.addArrangedSubview(textView)
                let ratio: CGFloat = options.contains(.centered) ? 1 : maxContentWidthMultiplier
                constraints.append(textView.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, multiplier: ratio, constant: options.contains(.centered) ? -64 : 0))
                bubbleOrText = textView
            }
        }

        if options.contains(.threadInfo) {
            let container = createThreadInfoContainer()
            container.addArrangedSubviews([createThreadAvatarView(), createThreadIconView(), createThreadReplyCountButton()])
            bubbleThreadFootnoteContainer.addArrangedSubview(container)
        }

        var footnote: [UIView] = []
        if options.contains(.onlyVisibleToYouIndicator) { footnote.append(createOnlyVisibleToYouContainer()) }
        if options.contains(.authorName) { footnote.append(createAuthorNameLabel()) }
        if options.contains(.timestamp) { footnote.append(createTimestampLabel()) }
        if options.contains(.deliveryStatusIndicator) { footnote.append(createDeliveryStatusView()) }
        if !footnote.isEmpty {
            let footnoteContainer = createFootnoteContainer()
            footnoteContainer.addArrangedSubviews(footnote)
            bubbleThreadFootnoteContainer.addArrangedSubview(footnoteContainer)
            // The footnote may be wider than a short bubble, never wider than the row allows.
            constraints.append(footnoteContainer.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -(messageAuthorAvatarSize.width + 24)))
        }

        // The avatar and the error indicator line up with the bubble (or the bare text).
        if options.contains(.avatar), let authorAvatarView {
            if let bubbleOrText {
                constraints.append(authorAvatarView.bottomAnchor.constraint(equalTo: bubbleOrText.bottomAnchor))
            } else {
                constraints.append(authorAvatarView.bottomAnchor.constraint(equalTo: authorAvatarContainer.bottomAnchor))
            }
        }
        if options.contains(.errorIndicator) {
            let container = createErrorIndicatorContainer()
            let indicator = createErrorIndicatorView()
            embedErrorIndicator(indicator, in: container)
            mainContainer.addArrangedSubview(container)
            constraints.append(indicator.centerYAnchor.constraint(equalTo: (bubbleOrText ?? container).centerYAnchor))
        }

        constraints += reactionsBubbleConstraints(for: options)
        NSLayoutConstraint.activate(constraints)
        optionConstraints = constraints
    }

    // MARK: Embedding (constraints inside one part, made once: they stay valid whatever the options)

    func embedAvatar(_ avatar: ChatAvatarView) {
        guard avatar.superview !== authorAvatarContainer else { return }
        avatar.translatesAutoresizingMaskIntoConstraints = false
        authorAvatarContainer.addSubview(avatar)
        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: authorAvatarContainer.leadingAnchor),
            avatar.trailingAnchor.constraint(equalTo: authorAvatarContainer.trailingAnchor),
            avatar.topAnchor.constraint(greaterThanOrEqualTo: authorAvatarContainer.topAnchor),
        ])
    }

    func embedBubbleContent(in bubbleView: ChatMessageBubbleView) {
        guard bubbleContentContainer.superview !== bubbleView else { return }
        bubbleContentContainer.translatesAutoresizingMaskIntoConstraints = false
        bubbleView.addSubview(bubbleContentContainer)
        let insets = bubbleContentInsets
        NSLayoutConstraint.activate([
            bubbleContentContainer.topAnchor.constraint(equalTo: bubbleView.topAnchor, constant: insets.top),
            bubbleContentContainer.bottomAnchor.constraint(equalTo: bubbleView.bottomAnchor, constant: -insets.bottom),
            bubbleContentContainer.leadingAnchor.constraint(equalTo: bubbleView.leadingAnchor, constant: insets.leading),
            bubbleContentContainer.trailingAnchor.constraint(equalTo: bubbleView.trailingAnchor, constant: -insets.trailing),
        ])
    }

    func embedErrorIndicator(_ indicator: UIButton, in container: UIView) {
        guard indicator.superview !== container else { return }
        indicator.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(indicator)
        NSLayoutConstraint.activate([
            container.widthAnchor.constraint(equalToConstant: 20),
            indicator.centerXAnchor.constraint(equalTo: container.centerXAnchor),
        ])
    }

    /// Fixes `view`'s size.
    func pin(_ view: UIView, width: CGFloat, height: CGFloat) {
        NSLayoutConstraint.activate([
            view.widthAnchor.constraint(equalToConstant: width),
            view.heightAnchor.constraint(equalToConstant: height),
        ])
    }

    /// Colours, fonts and images of the parts made: the default `setUpAppearance()`.
    func styleParts() {
        let palette = appearance.colorPalette
        let fonts = appearance.fonts
        backgroundColor = nil

        textView?.textColor = palette.text
        textView?.font = fonts.body
        textView?.linkTextAttributes = [.foregroundColor: palette.linkText, .underlineStyle: NSUnderlineStyle.single.rawValue]

        authorAvatarSpacer?.backgroundColor = nil

        authorNameLabel?.font = fonts.caption1Bold
        authorNameLabel?.textColor = palette.textLowEmphasis
        timestampLabel?.font = fonts.caption1
        timestampLabel?.textColor = palette.textLowEmphasis

        onlyVisibleToYouImageView?.image = appearance.images.onlyVisibleToCurrentUser.withRenderingMode(.alwaysTemplate)
        onlyVisibleToYouImageView?.tintColor = palette.textLowEmphasis
        onlyVisibleToYouImageView?.contentMode = .scaleAspectFit
        onlyVisibleToYouLabel?.font = fonts.caption1
        onlyVisibleToYouLabel?.textColor = palette.textLowEmphasis
        onlyVisibleToYouLabel?.text = appearance.l10n.tr("message.only-visible-to-you")

        threadIconView?.image = appearance.images.threadIcon.withRenderingMode(.alwaysTemplate)
        threadIconView?.contentMode = .scaleAspectFit
        threadReplyCountButton?.titleLabel?.font = fonts.footnoteBold
        threadReplyCountButton?.setTitleColor(tintColor, for: .normal)

        if let errorIndicatorView, !(errorIndicatorView is ChatMessageErrorIndicator) {
            errorIndicatorView.setImage(appearance.images.messageListErrorIndicator.withRenderingMode(.alwaysTemplate), for: .normal)
            errorIndicatorView.tintColor = palette.alert
        }
        errorIndicatorView?.accessibilityLabel = appearance.l10n.tr("message.failed-to-send")

        bubbleView?.setNeedsDisplay()
    }

    /// Fills the parts from `content` and `channel`: the default `updateContent()`.
    func fillParts(options: ChatMessageLayoutOptions) {
        let message = content
        let palette = appearance.colorPalette
        let fonts = appearance.fonts

        // Text: system notice, deleted placeholder, emoji, or body text with links and mentions.
        // Text without styled ranges is set as plain text with the label's font and colour: no
        // `NSAttributedString` is made for it (Foundation on Linux never frees one's storage).
        textItems = []
        if options.contains(.deletedPlaceholder) {
            setPlainText(appearance.l10n.tr("message.deleted"), font: fonts.bodyItalic, color: palette.textLowEmphasis, alignment: .natural)
        } else if options.contains(.centered) {
            setPlainText(message?.text ?? "", font: fonts.footnote, color: palette.textLowEmphasis, alignment: .center)
        } else if options.contains(.emojiOnly) {
            setPlainText(message?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", font: fonts.emoji,
                         color: palette.text, alignment: .natural)
        } else {
            let raw = message?.text ?? ""
            // Markdown first: links and mentions are then found in the text as shown.
            let markdown = markdownText(for: raw)
            let text = markdown?.string ?? raw
            textItems = ChatMessageTextDetector.items(in: text, mentionedUsers: message?.mentionedUsers ?? [])
            if let markdown { textItems = Self.merging(textItems, linksOf: markdown) }
            textView?.textAlignment = .natural
            if let attributed = attributedText(for: text, items: textItems) {
                textView?.attributedText = attributed
            } else if var markdown {
                addItemAttributes(textItems, to: &markdown)
                textView?.styledText = markdown
            } else if textItems.isEmpty {
                setPlainText(text, font: fonts.body, color: palette.text, alignment: .natural)
            } else {
                textView?.styledText = styledText(for: text, items: textItems)
            }
        }

        // Bubble: own messages in background6, others' in background8; the tail corner points at
        // the author and is small only on the last message of a group.
        let isOwn = options.contains(.flipped)
        bubbleView?.content = ChatMessageBubbleView.Content(
            backgroundColor: isOwn ? palette.background6 : palette.background8,
            roundedCorners: roundedCorners(for: options)
        )

        if options.contains(.avatar) { authorAvatarView?.content = message?.author }
        if options.contains(.quotedMessage) { quotedMessageView?.content = message?.quotedMessage }

        if let author = message?.author {
            authorNameLabel?.text = author.name.isEmpty ? author.id : author.name
        } else {
            authorNameLabel?.text = nil
        }
        if let message {
            let time = appearance.formatters.messageTimestamp.format(message.createdAt)
            timestampLabel?.text = message.isEdited && !message.isDeleted && components.isMessageEditedLabelEnabled ? appearance.l10n.tr("message.edited", .string(time)) : time
        } else {
            timestampLabel?.text = nil
        }
        deliveryStatusView?.content = message

        if options.contains(.threadInfo) {
            let count = message?.replyCount ?? 0
            threadReplyCountButton?.setTitle(appearance.l10n.plural("message.threads.count", count: count), for: .normal)
            threadAvatarView?.content = threadLastReplyAuthor
            threadAvatarView?.isHidden = threadLastReplyAuthor == nil
            threadIconView?.isHidden = threadLastReplyAuthor != nil
        }
        updateReactionsBubble(options: options)
    }

    /// Gives a view that has not set itself up yet the options its first `setUpLayout()` builds
    /// for, so joining a window sets it up once, with the window's traits and tint (setting up
    /// first and joining after runs `setUpAppearance()` and `updateContent()` again).
    func presetLayoutOptions(_ options: ChatMessageLayoutOptions, attachmentViewInjectorType: AttachmentViewInjector.Type? = nil) {
        guard !lifecycle.isInitialized else { return }
        layoutOptions = options
        attachmentViewInjector = attachmentViewInjectorType?.init(self)
    }

    /// Removes the option-dependent arrangement so `layout(options:)` can build another.
    func tearDownLayout() {
        NSLayoutConstraint.deactivate(optionConstraints)
        optionConstraints = []
        let containers = [bubbleContentContainer, threadInfoContainer, footnoteContainer, bubbleThreadFootnoteContainer, mainContainer]
        for container in containers.compactMap({ $0 }) {
            container.removeAllArrangedSubviews()
        }
        mainContainer.removeFromSuperview()
    }

    func updateContentIfReady() {
        if lifecycle.isInitialized && !isSettingContent { updateContent() }
    }

    /// Shows `message` of `channel` with one `updateContent()`, or none when the view shows
    /// exactly them already (a row measured ahead of display, shown unchanged).
    func show(_ message: ChatMessage?, channel: ChatChannel?) {
        if lifecycle.isInitialized, message == content, channel == self.channel { return }
        if content != nil, message?.id != content?.id { attachmentViewInjector?.contentViewDidPrepareForReuse() }
        isSettingContent = true
        self.channel = channel
        isSettingContent = false
        content = message
    }

    /// `text` styled by `markdownFormatter` when markdown is on and changes anything, else `nil`.
    func markdownText(for text: String) -> StyledText? {
        guard isMarkdownEnabled, MarkdownParser.mayContainMarkdown(text) else { return nil }
        let styled = markdownFormatter.format(text, attributes: [.font: appearance.fonts.body, .foregroundColor: appearance.colorPalette.text])
        return styled.spans.isEmpty && styled.string == text ? nil : styled
    }

    /// `items` plus the `[text](url)` links of `styled` that no detected item overlaps.
    static func merging(_ items: [ChatMessageTextItem], linksOf styled: StyledText) -> [ChatMessageTextItem] {
        var result = items
        for span in styled.spans {
            guard let url = span.attributes[.link] as? URL else { continue }
            if result.contains(where: { NSIntersectionRange($0.range, span.range).length > 0 }) { continue }
            result.append(ChatMessageTextItem(kind: .link(url), range: span.range))
        }
        return result.sorted { $0.range.location < $1.range.location }
    }

    /// Colours links and mentions in `styled` as `styledText(for:items:)` does.
    func addItemAttributes(_ items: [ChatMessageTextItem], to styled: inout StyledText) {
        let body = appearance.fonts.body
        let length = styled.string.utf16.count
        for item in items where item.range.location >= 0 && NSMaxRange(item.range) <= length {
            switch item.kind {
            case .link(let url):
                styled.addAttributes([
                    .foregroundColor: appearance.colorPalette.linkText,
                    .underlineStyle: NSUnderlineStyle.single.rawValue,
                    .link: url,
                ], range: item.range)
            case .mention:
                styled.addAttributes([
                    .foregroundColor: tintColor ?? appearance.colorPalette.accentPrimary,
                    .font: body.withWeight(.semibold),
                ], range: item.range)
            }
        }
    }

    /// Shows `text` in the text view as plain text (not parsed as markup).
    func setPlainText(_ text: String, font: UIFont, color: UIColor, alignment: NSTextAlignment) {
        guard let textView else { return }
        textView.text = text
        textView.font = font
        textView.textColor = color
        textView.textAlignment = alignment
        // Measure afresh, as new attributed text would: the traits (the display scale the size
        // is rounded to) may have changed since the label last measured the same text.
        textView.invalidateIntrinsicContentSize()
    }
}
