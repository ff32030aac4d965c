import Foundation
import Parley
import ParleyTesting
import Testing

/// Records what a message row reports.
@MainActor
final class MessageRowDelegateSpy: ChatMessageContentViewDelegate {
    var events: [String] = []
    func messageContentViewDidTapOnThread(_ message: ChatMessage) { events.append("thread:\(message.id)") }
    func messageContentViewDidTapOnQuotedMessage(_ quotedMessage: ChatMessage) { events.append("quote:\(quotedMessage.id)") }
    func messageContentViewDidTapOnErrorIndicator(_ message: ChatMessage) { events.append("error:\(message.id)") }
    func messageContentView(_ view: ChatMessageContentView, didTapOnLink url: URL) { events.append("link:\(url.absoluteString)") }
    func messageContentView(_ view: ChatMessageContentView, didTapOnMention user: ChatUser) { events.append("mention:\(user.id)") }
}

/// Which parts a row shows for its options, what it shows in them, and how it sizes.
@MainActor
@Suite struct ChatMessageContentViewTests {
    typealias F = MessageRowFixtures

    private func isShown(_ view: UIView?, in row: UIView) -> Bool {
        guard let view else { return false }
        return view.isDescendant(of: row) && !view.isHidden
    }

    /// Not made, or made and not in the row.
    private func isAbsent(_ view: UIView?, from row: UIView) -> Bool {
        guard let view else { return true }
        return !view.isDescendant(of: row)
    }

    @Test func othersLastMessageShowsAvatarNameTimeAndNoStatus() {
        let messages = [F.message("a", "first", by: F.ana, at: 0), F.message("b", "second", by: F.ana, at: 30)]
        let first = F.row(0, in: messages)
        #expect(isShown(first.authorAvatarSpacer, in: first))
        #expect(isAbsent(first.authorAvatarView, from: first))
        #expect(isAbsent(first.footnoteContainer, from: first))
        #expect(first.bubbleView!.content?.roundedCorners == .all)

        let last = F.row(1, in: messages)
        #expect(isShown(last.authorAvatarView, in: last))
        #expect(last.authorAvatarView!.content?.id == "ana")
        #expect(isAbsent(last.authorAvatarSpacer, from: last))
        #expect(isShown(last.authorNameLabel, in: last) && last.authorNameLabel!.text == "Ana Lopez")
        #expect(isShown(last.timestampLabel, in: last) && last.timestampLabel!.text == "22:13")
        #expect(isAbsent(last.deliveryStatusView, from: last))
        #expect(isAbsent(last.errorIndicatorView, from: last))
        // The corner toward the avatar (bottom-left) is the small one.
        #expect(last.bubbleView!.content?.roundedCorners == CACornerMask.all.subtracting(.layerMinXMaxYCorner))
        #expect(last.textView!.text == "second")
        #expect(last.textView!.font == F.appearance.fonts.body)
        // The avatar sits level with the bubble's bottom, beside it.
        let avatar = last.authorAvatarView!.convert(last.authorAvatarView!.bounds, to: last)
        let bubble = last.bubbleView!.convert(last.bubbleView!.bounds, to: last)
        #expect(abs(avatar.maxY - bubble.maxY) < 0.5)
        #expect(avatar.maxX <= bubble.minX)
        #expect(avatar.width == 32 && avatar.height == 32)
    }

    @Test func ownMessagesSitTrailingWithStatusAndTheTailOnTheRight() {
        let row = F.row(0, in: [F.message("m", "mine", by: F.me, readBy: [F.ana])])
        #expect(isAbsent(row.authorAvatarView, from: row))
        #expect(isShown(row.deliveryStatusView, in: row))
        #expect(row.deliveryStatusView!.status == .read)
        #expect(isAbsent(row.authorNameLabel, from: row))
        #expect(row.bubbleView!.content?.roundedCorners == CACornerMask.all.subtracting(.layerMaxXMaxYCorner))
        let bubble = row.bubbleView!.convert(row.bubbleView!.bounds, to: row)
        #expect(abs(bubble.maxX - (row.bounds.width - 8)) < 0.5)
        #expect(bubble.width < row.bounds.width / 2)

        let pending = F.row(0, in: [F.message("m", "mine", by: F.me, localState: .pending)])
        #expect(pending.deliveryStatusView!.status == .pending)
        let sent = F.row(0, in: [F.message("m", "mine", by: F.me)])
        #expect(sent.deliveryStatusView!.status == .sent)
    }

    @Test func systemEmojiDeletedEphemeralAndFailedRows() {
        let system = F.row(0, in: [F.message("s", "Ana joined", by: F.ana, type: .system)])
        #expect(isAbsent(system.bubbleView, from: system))
        #expect(isAbsent(system.authorAvatarView, from: system))
        #expect(system.textView!.textAlignment == .center)
        #expect(system.textView!.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == F.appearance.fonts.footnote)
        let text = system.textView!.convert(system.textView!.bounds, to: system)
        #expect(abs(text.midX - system.bounds.midX) < 1)

        let emoji = F.row(0, in: [F.message("e", "🎉", by: F.ana)])
        #expect(isAbsent(emoji.bubbleView, from: emoji))
        #expect(isShown(emoji.textView, in: emoji))
        #expect(emoji.textView!.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == F.appearance.fonts.emoji)

        let deleted = F.row(0, in: [F.message("d", "secret", by: F.ana, deleted: true)])
        #expect(deleted.textView!.text == "Message deleted")
        #expect((deleted.textView!.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.isItalic == true)
        #expect(isShown(deleted.bubbleView, in: deleted))

        let ephemeral = F.row(0, in: [F.message("e", "/giphy", by: F.me, type: .ephemeral)])
        #expect(isShown(ephemeral.onlyVisibleToYouLabel, in: ephemeral))
        #expect(ephemeral.onlyVisibleToYouLabel!.text == "Only visible to you")

        let failed = F.row(0, in: [F.message("f", "oops", by: F.me, localState: .sendingFailed)])
        #expect(isShown(failed.errorIndicatorView, in: failed))
        let indicator = failed.errorIndicatorView!.convert(failed.errorIndicatorView!.bounds, to: failed)
        let bubble = failed.bubbleView!.convert(failed.bubbleView!.bounds, to: failed)
        #expect(indicator.minX >= bubble.maxX && indicator.maxX <= failed.bounds.width)
        #expect(abs(indicator.midY - bubble.midY) <= 0.5)
        // In pixels: the indicator is red (left of the "!", inside the circle).
        let pixels = failed.renderPixels(scale: 2, userInterfaceStyle: .light, background: .white)!
        let center = pixels[Int((indicator.midX - 5) * 2), Int(indicator.midY * 2)]
        #expect(center.r > 200 && center.g < 120 && center.b < 120)

        let edited = F.row(0, in: [F.message("x", "fixed", by: F.ana, edited: true)])
        #expect(edited.timestampLabel!.text == "22:13 · Edited")
    }

    @Test func quotedReplyAndThreadRootShowTheirParts() {
        let quoted = F.message("q", "The original\nmessage text", by: F.ben)
        let reply = F.row(0, in: [F.message("r", "answer", by: F.ana, quoting: quoted)])
        #expect(reply.quotedMessageView!.isDescendant(of: reply.bubbleView!))
        #expect(reply.quotedMessageView!.content?.id == "q")
        #expect(reply.quotedMessageView!.authorNameLabel.text == "Ben Okafor")
        #expect(reply.quotedMessageView!.textLabel.text == "The original message text")
        #expect(reply.quotedMessageView!.textLabel.numberOfLines == 2)
        // The quote is above the text inside the bubble.
        #expect(reply.quotedMessageView!.frame.maxY <= reply.textView!.frame.minY)

        let root = F.row(0, in: [F.message("t", "root", by: F.ana, replyCount: 3)])
        #expect(isShown(root.threadReplyCountButton, in: root))
        #expect(root.threadReplyCountButton!.currentTitle == "3 replies")
        #expect(isShown(root.threadIconView, in: root) && root.threadAvatarView!.isHidden)
        root.threadLastReplyAuthor = F.ben
        #expect(!root.threadAvatarView!.isHidden && root.threadAvatarView!.content?.id == "ben" && root.threadIconView!.isHidden)
        let one = F.row(0, in: [F.message("t", "root", by: F.ana, replyCount: 1)])
        #expect(one.threadReplyCountButton!.currentTitle == "1 reply")
    }

    @Test func aReusedRowShowsTheNewMessageAndRebuildsForNewOptions() {
        let messages = [F.message("a", "first text", by: F.ana), F.message("b", "see www.example.com", by: F.ben, at: 500)]
        let resolver = ChatMessageLayoutOptionsResolver(calendar: F.utc)
        let row = F.row(0, in: messages)
        let options = row.layoutOptions!
        let avatar = row.authorAvatarView
        #expect(resolver.optionsForMessage(at: 1, in: F.channel(), oldestFirst: messages, appearance: F.appearance) == options)
        row.setUpLayoutIfNeeded(options: options)
        row.content = messages[1]
        #expect(row.authorAvatarView! === avatar)
        #expect(row.authorAvatarView!.content?.id == "ben")
        #expect(row.textView!.text == "see www.example.com")
        #expect(row.textItems.count == 1)
        #expect(row.authorNameLabel!.text == "Ben Okafor")
        #expect(row.timestampLabel!.text == "22:21")

        // Other options: the row rebuilds (own message: no avatar, a delivery status).
        let own = F.message("c", "mine", by: F.me)
        let ownOptions = resolver.optionsForMessage(at: 0, in: F.channel(), oldestFirst: [own], appearance: F.appearance)
        row.setUpLayoutIfNeeded(options: ownOptions)
        row.content = own
        #expect(row.layoutOptions == ownOptions)
        #expect(isAbsent(row.authorAvatarView, from: row))
        #expect(row.deliveryStatusView!.isDescendant(of: row))
        #expect(row.textItems.isEmpty)
        let height = row.systemLayoutSizeFitting(CGSize(width: 360, height: 0), withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel).height
        row.frame = CGRect(x: 0, y: 0, width: 360, height: height)
        row.layoutIfNeeded()
        let bubble = row.bubbleView!.convert(row.bubbleView!.bounds, to: row)
        #expect(abs(bubble.maxX - 352) < 0.5)
    }

    @Test func fittingHeightsShowEverythingAndSizeThatFitsAgrees() {
        let messages = ChatMessageRowSnapshotTests.conversation
        for index in messages.indices {
            for width: CGFloat in [320, 360, 600] {
                let row = F.row(index, in: messages, width: width)
                row.layoutIfNeeded()
                let height = row.bounds.height
                #expect(height > 10, "row \(index) at \(width)")
                #expect(row.sizeThatFits(CGSize(width: width, height: 0)).height == height)
                // Every part lies inside the row, and the text is not cut.
                for part in [row.mainContainer, row.textView, row.bubbleView, row.footnoteContainer].compactMap({ $0 }) where part.isDescendant(of: row) {
                    let frame = part.convert(part.bounds, to: row)
                    #expect(frame.minY >= -0.01 && frame.maxY <= height + 0.01, "row \(index) at \(width): \(type(of: part)) \(frame) in \(height)")
                }
                if let textView = row.textView, textView.isDescendant(of: row) {
                    let needed = textView.sizeThatFits(CGSize(width: textView.bounds.width, height: 0)).height
                    #expect(needed <= textView.bounds.height + 0.01, "row \(index) at \(width): the text is not cut")
                }
                // A part the options do not ask for is never made.
                #expect((row.bubbleView != nil) == (row.layoutOptions?.contains(.bubble) == true), "row \(index)")
                if let bubble = row.bubbleView, bubble.isDescendant(of: row) {
                    #expect(bubble.bounds.width <= width * 0.75 + 0.5, "row \(index) at \(width)")
                }
            }
        }
    }

    @Test func badDataNeverCrashesAndStillSizes() {
        let huge = String(repeating: "long text www.a.com @Ben Okafor ", count: 3_000)
        let texts = ["", "\0\0nul\0", huge, "שלום עולם", "🧑🏽‍🚀🧑🏽‍🚀🧑🏽‍🚀🧑🏽‍🚀", "\n\n\n", "https://", "www.", "@", "@@Ben Okafor"]
        let nameless = ChatUser(id: "", name: "")
        for text in texts {
            for author in [F.ana, F.me, nameless] {
                let row = F.row(0, in: [F.message("x", text, by: author, mentioning: [F.ben, nameless])], width: 320)
                #expect(row.bounds.height.isFinite && row.bounds.height > 0, "\(text.prefix(20).debugDescription) by \(author.id.debugDescription): \(row.layoutOptions!.id)")
                row.layoutIfNeeded()
                _ = row.renderPixels(scale: 1)
            }
        }
        // No content and no channel: the row still sets itself up.
        let empty = ChatMessageContentView(frame: .zero)
        empty.setUpLayoutIfNeeded(options: [.bubble, .text, .avatar, .timestamp, .authorName, .quotedMessage, .threadInfo])
        empty.content = nil
        empty.channel = nil
        #expect(empty.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                              verticalFittingPriority: .fittingSizeLevel).height >= 0)
        #expect(empty.timestampLabel!.text == nil)
    }

    @Test func measuringRowsIsCheap() {
        // Prints, does not assert: timings on shared machines are noise.
        let messages = ChatMessageRowSnapshotTests.conversation
        let resolver = ChatMessageLayoutOptionsResolver(calendar: F.utc)
        var rows: [ChatMessageContentView] = []
        let start = Date()
        for round in 0..<20 {
            for index in messages.indices {
                let options = resolver.optionsForMessage(at: index, in: F.channel(), oldestFirst: messages, appearance: F.appearance)
                let row = ChatMessageContentView(frame: .zero)
                row.setUpLayoutIfNeeded(options: options)
                row.content = messages[index]
                _ = row.systemLayoutSizeFitting(CGSize(width: 360 + CGFloat(round), height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
                rows.append(row)
            }
        }
        let cold = Date().timeIntervalSince(start) / Double(rows.count) * 1e6
        let warmStart = Date()
        for (offset, row) in rows.enumerated() {
            row.content = messages[(offset + 1) % messages.count].id == row.content?.id ? row.content : row.content
            _ = row.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        }
        let warm = Date().timeIntervalSince(warmStart) / Double(rows.count) * 1e6
        print("message row: create + set up + fit \(Int(cold)) µs per row; re-fit at a new width \(Int(warm)) µs (debug build)")
        #expect(rows.count == 20 * messages.count)
    }
}

/// Taps on links, mentions, the quote, the thread info and the error indicator, through the
/// headless backend.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct ChatMessageContentViewTapTests {
    typealias F = MessageRowFixtures

    private func host(_ row: ChatMessageContentView) -> (HeadlessBackend, UIWindow) {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: row.bounds.width, height: row.bounds.height + 40))
        row.frame.origin = CGPoint(x: 0, y: 20)
        window.addSubview(row)
        window.layoutIfNeeded()
        return (backend, window)
    }

    /// A point of `label` over the character range `range`, found by hit-testing a grid.
    private func point(in label: UITextView, over range: NSRange) -> CGPoint? {
        var y: CGFloat = 1
        while y < label.bounds.height {
            var x: CGFloat = 1
            while x < label.bounds.width {
                if let index = label.characterIndex(at: CGPoint(x: x, y: y)), NSLocationInRange(index, range) { return CGPoint(x: x, y: y) }
                x += 3
            }
            y += 3
        }
        return nil
    }

    @Test func characterIndexFindsCharactersAndNothingBesideTheText() throws {
        let row = F.row(0, in: [F.message("a", "Hello world", by: F.ana)])
        row.layoutIfNeeded()
        let label = try #require(row.textView)
        #expect(label.characterIndex(at: CGPoint(x: 1, y: label.bounds.midY)) == 0)
        #expect(label.characterIndex(at: CGPoint(x: label.bounds.width - 1, y: label.bounds.midY)) == 10)
        #expect(label.characterIndex(at: CGPoint(x: label.bounds.midX, y: -5)) == nil)
        #expect(label.characterIndex(at: CGPoint(x: label.bounds.width + 20, y: label.bounds.midY)) == nil)
    }

    @Test func tappingALinkOrAMentionCallsTheDelegate() throws {
        let text = "Read https://parley.chat/docs, then ask @Ben Okafor or me."
        let row = F.row(0, in: [F.message("a", text, by: F.ana, mentioning: [F.ben])], width: 300)
        let spy = MessageRowDelegateSpy()
        row.delegate = spy
        let (backend, window) = host(row)
        #expect(row.textItems.count == 2)
        let link = try #require(row.textItems.first { if case .link = $0.kind { true } else { false } })
        let mention = try #require(row.textItems.first { if case .mention = $0.kind { true } else { false } })
        // Links and mentions are styled.
        let linkColor = row.textView!.attributedText?.attribute(.foregroundColor, at: link.range.location, effectiveRange: nil) as? UIColor
        #expect(linkColor == F.appearance.colorPalette.textLinkColor)
        let mentionFont = row.textView!.attributedText?.attribute(.font, at: mention.range.location, effectiveRange: nil) as? UIFont
        #expect(mentionFont?.weight == .semibold)

        let linkPoint = try #require(point(in: row.textView!, over: link.range))
        backend.tap(at: row.textView!.convert(linkPoint, to: window))
        #expect(spy.events == ["link:https://parley.chat/docs"])

        let mentionPoint = try #require(point(in: row.textView!, over: mention.range))
        backend.advance(by: 0.5)
        backend.tap(at: row.textView!.convert(mentionPoint, to: window))
        #expect(spy.events == ["link:https://parley.chat/docs", "mention:ben"])

        // Plain words do nothing.
        let plainPoint = try #require(point(in: row.textView!, over: NSRange(location: 0, length: 4)))
        backend.advance(by: 0.5)
        backend.tap(at: row.textView!.convert(plainPoint, to: window))
        #expect(spy.events.count == 2)
    }

    @Test func tappingTheQuoteTheThreadAndTheErrorCallsTheDelegate() throws {
        let quoted = F.message("q", "original", by: F.ben)
        let spy = MessageRowDelegateSpy()

        let reply = F.row(0, in: [F.message("r", "answer", by: F.ana, quoting: quoted)])
        reply.delegate = spy
        var (backend, window) = host(reply)
        backend.tap(at: reply.quotedMessageView!.convert(CGPoint(x: reply.quotedMessageView!.bounds.midX, y: reply.quotedMessageView!.bounds.midY), to: window))
        #expect(spy.events == ["quote:q"])

        let root = F.row(0, in: [F.message("t", "root", by: F.ana, replyCount: 3)])
        root.delegate = spy
        (backend, window) = host(root)
        let button = try #require(root.threadReplyCountButton)
        backend.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window))
        #expect(spy.events.last == "thread:t")

        let failed = F.row(0, in: [F.message("f", "oops", by: F.me, localState: .sendingFailed)])
        failed.delegate = spy
        (backend, window) = host(failed)
        let indicator = try #require(failed.errorIndicatorView)
        backend.tap(at: indicator.convert(CGPoint(x: indicator.bounds.midX, y: indicator.bounds.midY), to: window))
        #expect(spy.events.last == "error:f")
        #expect(spy.events.count == 3)
    }
}
}

/// The seeds' customisations reach the message row.
@MainActor
@Suite(.serialized) struct ChatMessageContentViewSeedTests {
    typealias F = MessageRowFixtures

    @Test func rectAvatarViewFromComponentsIsTheMessageAvatar() {
        let saved = Components.default
        defer { Components.default = saved }
        Components.default.avatarView = RectAvatarView.self

        let quoted = F.message("q", "original", by: F.ben)
        let row = F.row(0, in: [F.message("a", "hi", by: F.ana, quoting: quoted)], components: Components.default)
        row.layoutIfNeeded()
        #expect(row.authorAvatarView! is RectAvatarView)
        #expect(row.authorAvatarView!.imageView.layer.cornerRadius == 3)
        #expect(row.quotedMessageView!.authorAvatarView is RectAvatarView)
        // In pixels: the avatar's corner is filled (a round avatar's is empty).
        let frame = row.authorAvatarView!.convert(row.authorAvatarView!.bounds, to: row)
        let pixels = row.renderPixels(scale: 2, userInterfaceStyle: .light, background: .white)!
        let corner = pixels[Int(frame.minX * 2) + 2, Int(frame.minY * 2) + 2]
        #expect(corner.r < 250 || corner.g < 250 || corner.b < 250)
    }

    @Test func seed001ItalicBodyFontAndYellowOwnBubbles() {
        let saved = Appearance.default
        defer { Appearance.default = saved }
        Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)
        Appearance.default.colorPalette.background6 = .yellow

        let messages = [F.message("o", "Mine, in yellow", by: F.ana, at: 0), F.message("m", "Mine, in yellow", by: F.me, at: 100)]
        let own = F.row(1, in: messages)
        let font = own.textView!.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont
        #expect(font?.isItalic == true)
        #expect(font?.pointSize == 20)

        // Pixels: inside the own bubble's padding it is yellow; the other's bubble is not.
        for style in [UIUserInterfaceStyle.light, .dark] {
            let pixels = own.renderPixels(scale: 2, userInterfaceStyle: style, background: .systemBackground)!
            let bubble = own.bubbleView!.convert(own.bubbleView!.bounds, to: own)
            let inside = pixels[Int((bubble.minX + 5) * 2), Int(bubble.midY * 2)]
            #expect(inside.r > 240 && inside.g > 240 && inside.b < 30, "\(style)")
        }
        let other = F.row(0, in: messages)
        let otherBubble = other.bubbleView!.convert(other.bubbleView!.bounds, to: other)
        let otherPixel = other.renderPixels(scale: 2, userInterfaceStyle: .light, background: .white)![Int((otherBubble.minX + 5) * 2), Int(otherBubble.midY * 2)]
        #expect(otherPixel.b > 200)
        // The larger font makes a taller row than the default one.
        Appearance.default = saved
        let plain = F.row(1, in: messages)
        #expect(own.bounds.height > plain.bounds.height)
    }

    /// Foundation on Linux leaks the storage of every `NSAttributedString` it frees, and a row
    /// makes its text for every message it measures or shows: text without links or mentions is
    /// set as plain text in the body font and colour, with no attributed string at all.
    @Test func plainMessageTextMakesNoAttributedString() {
        let row = F.row(0, in: [F.message("a", "no links here", by: F.ana)])
        #expect(row.attributedText(for: "no links here", items: []) == nil)
        #expect(row.textView?.text == "no links here")
        #expect(row.textView?.font == F.appearance.fonts.body)
        #expect(row.textView?.textColor == F.appearance.colorPalette.text)
        // Links and mentions are styled without an attributed string too.
        let linked = F.row(0, in: [F.message("b", "see https://example.com", by: F.ana)])
        #expect(linked.attributedText(for: "see https://example.com", items: linked.textItems) == nil)
        #expect(linked.textView?.styledText?.spans.isEmpty == false)
        #expect(linked.textView?.attributedText?.attribute(.link, at: 5, effectiveRange: nil) != nil)
    }

    /// The styled text draws exactly what the same attributes in an `NSAttributedString` draw.
    @Test func styledTextDrawsAsTheAttributedStringDoes() throws {
        let messages = [F.message("l", "Spec is up: https://parley.dev/specs @Ben Okafor can you review?", by: F.ana,
                                  mentioning: [F.ben])]
        let row = F.row(0, in: messages)
        let label = try #require(row.textView)
        let styled = try #require(label.styledText)
        for style in [UIUserInterfaceStyle.light, .dark] {
            let viaStyled = row.renderPixels(scale: 2, userInterfaceStyle: style, background: .systemBackground)
            label.attributedText = styled.makeAttributedString()
            let viaAttributed = row.renderPixels(scale: 2, userInterfaceStyle: style, background: .systemBackground)
            label.styledText = styled
            #expect(viaStyled != nil && viaStyled == viaAttributed, "\(style)")
        }
    }

    /// A subclass that styles every text (as a markdown renderer would) sees its string shown,
    /// plain text included.
    @Test func overriddenAttributedTextIsShownForPlainText() {
        final class Shouting: ChatMessageContentView {
            override func attributedText(for text: String, items: [ChatMessageTextItem]) -> NSAttributedString? {
                NSAttributedString(string: text.uppercased(), attributes: [.font: appearance.fonts.bodyBold])
            }
        }
        var components = Components()
        components.messageContentView = Shouting.self
        let row = F.row(0, in: [F.message("a", "quiet words", by: F.ana)], components: components)
        #expect(row.textView?.attributedText?.string == "QUIET WORDS")
        #expect(row.textView?.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == F.appearance.fonts.bodyBold)
    }
}
