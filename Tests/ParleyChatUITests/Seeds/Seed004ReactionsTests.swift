import Foundation
import Parley
import Testing

// Seed 004's classes are in Examples/Seed004Examples.swift.

@MainActor
@Suite(.serialized) struct Seed004ReactionsTests {
    typealias F = ReactionFixtures

    @Test func customReactionSetReplacesTheDefaults() throws {
        let savedAppearance = Appearance.default
        defer { Appearance.default = savedAppearance }

        Seed004.useCustomReactions()

        let message = F.message(groups: [("fire", 2, 2, true), (.love, 3, 3, false), ("wave", 1, 1, false), (.haha, 1, 1, false)])
        let (_, bubble) = F.bubble(for: message)
        #expect(F.types(bubble.reactionsView) == ["fire", "wave"])
        #expect(bubble.reactionsView.itemViews.first?.currentImage != nil)

        let picker = F.picker(for: message)
        #expect(F.types(picker.reactionsBubble.reactionsView) == ["fire", "wave"])
        // The picker's fire item is the big icon, the bubble's the small one.
        let bigSize = try #require(picker.reactionsBubble.reactionsView.itemViews.first?.currentImage?.size)
        let smallSize = try #require(bubble.reactionsView.itemViews.first?.currentImage?.size)
        #expect(bigSize.width > smallSize.width)

        // A message with only default reactions shows no bubble at all with the custom set.
        let (_, hidden) = F.bubble(for: F.message(groups: [(.love, 1, 1, false)]))
        #expect(hidden.reactionsView.itemViews.isEmpty)
        #expect(hidden.isHidden)
    }

    @Test func scoreSortingOrdersTheItems() {
        let saved = Components.default
        defer { Components.default = saved }

        Seed004.sortByScore()

        let message = F.message(groups: [(.love, 1, 7, false), (.haha, 1, 2, false), (.wow, 1, 4, true), (.sad, 1, 1, false)])
        let (_, bubble) = F.bubble(for: message)
        #expect(F.types(bubble.reactionsView) == ["sad", "haha", "wow", "love"])
    }

    @Test func positionSortingOrdersTheItemsAndDefaultIsAlphabetical() {
        let saved = Components.default
        defer { Components.default = saved }
        let message = F.message(groups: [(.wow, 1, 1, false), (.sad, 1, 1, false), (.like, 1, 1, false), (.haha, 1, 1, false), (.love, 1, 1, true)])

        let (_, alphabetical) = F.bubble(for: message)
        #expect(F.types(alphabetical.reactionsView) == ["haha", "like", "love", "sad", "wow"])

        Seed004.sortByPosition()

        let (_, byPosition) = F.bubble(for: message)
        #expect(F.types(byPosition.reactionsView) == ["love", "haha", "like", "sad", "wow"])
        // The picker follows the same sorting.
        #expect(F.types(F.picker(for: message).reactionsBubble.reactionsView) == ["love", "haha", "like", "sad", "wow"])
    }

    @Test func blackBubbleFill() throws {
        let saved = Components.default
        defer { Components.default = saved }

        Components.default.messageReactionsBubbleView = CustomChatReactionsBubbleView.self

        let (_, bubble) = F.bubble(for: F.mixed)
        #expect(bubble is CustomChatReactionsBubbleView)
        #expect(bubble.fillColor == .black)
        let pixels = try #require(bubble.renderPixels(scale: 2))
        // Inside the capsule, left of the first item: black.
        let capsule = bubble.capsuleRect
        let p = pixels[Int((capsule.minX + 4) * 2), Int(capsule.midY * 2)]
        #expect(p.r < 10 && p.g < 10 && p.b < 10 && p.a == 255)

        // The default bubble is light there.
        Components.default = saved
        let (_, plain) = F.bubble(for: F.mixed)
        let q = try #require(plain.renderPixels(scale: 2))[Int((capsule.minX + 4) * 2), Int(capsule.midY * 2)]
        #expect(q.r > 200 && q.g > 200 && q.b > 200)
    }

    @Test func verticalStackInTheMessageReactionsView() {
        let saved = Components.default
        defer { Components.default = saved }

        Components.default.messageReactionsView = CustomChatMessageReactionsView.self

        let (_, bubble) = F.bubble(for: F.mixed)
        let items = bubble.reactionsView.itemViews
        #expect(bubble.reactionsView is CustomChatMessageReactionsView)
        #expect(bubble.reactionsView.stackView.axis == .vertical)
        #expect(items.count == 4)
        for (upper, lower) in zip(items, items.dropFirst()) {
            #expect(lower.frame.minY >= upper.frame.maxY - 0.5)
            #expect(abs(lower.frame.midX - upper.frame.midX) <= 1)
        }
        #expect(bubble.bounds.height > bubble.bounds.width)
    }

    @Test func whiteTintForYoursAndGrayForOthers() throws {
        let saved = Components.default
        defer { Components.default = saved }

        Components.default.messageReactionItemView = CustomChatMessageReactionItemView.self
        Components.default.messageReactionsBubbleView = CustomChatReactionsBubbleView.self

        let (_, bubble) = F.bubble(for: F.mixed)
        let items = bubble.reactionsView.itemViews
        let love = try #require(items.first { $0.content?.reaction.type == .love })
        let haha = try #require(items.first { $0.content?.reaction.type == .haha })
        #expect(love.reactionImageTint == .white)
        #expect(haha.reactionImageTint == .gray)

        // In pixels, on the black bubble: white strokes in your reaction, none in others'.
        let pixels = try #require(bubble.renderPixels(scale: 2))
        func box(_ item: ChatMessageReactionItemView) -> CGRect {
            let image = item.convert(item.imageView!.frame, to: bubble)
            return CGRect(x: image.minX * 2, y: image.minY * 2, width: image.width * 2, height: image.height * 2)
        }
        let white: (UInt8, UInt8, UInt8, UInt8) -> Bool = { r, g, b, _ in r > 235 && g > 235 && b > 235 }
        let gray: (UInt8, UInt8, UInt8, UInt8) -> Bool = { r, g, b, _ in (110...145).contains(r) && (110...145).contains(g) && (110...145).contains(b) }
        #expect(pixels.count(in: box(love), where: white) > 20)
        #expect(pixels.count(in: box(haha), where: white) == 0)
        #expect(pixels.count(in: box(haha), where: gray) > 20)

        // The default: your reactions in the tint colour, others' in inactiveTint.
        Components.default = saved
        let (_, plain) = F.bubble(for: F.mixed)
        let plainLove = try #require(plain.reactionsView.itemViews.first { $0.content?.reaction.type == .love })
        let plainHaha = try #require(plain.reactionsView.itemViews.first { $0.content?.reaction.type == .haha })
        #expect(plainLove.reactionImageTint == plainLove.tintColor)
        #expect(plainHaha.reactionImageTint == Appearance.default.colorPalette.inactiveTint)
    }

    @Test func blackPickerBubbleWithCornerRadius20AndVerticalPicker() throws {
        let saved = Components.default
        defer { Components.default = saved }

        Components.default.reactionPickerBubbleView = CustomChatReactionPickerBubbleView.self
        // The seed's line assigns the base class (its documentation slip); then the custom one.
        Components.default.reactionPickerReactionsView = ChatReactionPickerReactionsView.self
        #expect(Components.default.reactionPickerReactionsView == ChatReactionPickerReactionsView.self)
        Components.default.reactionPickerReactionsView = CustomChatReactionPickerReactionsView.self
        Components.default.reactionPickerReactionItemView = CustomChatMessageReactionItemView.self

        let picker = F.picker(for: F.mixed)
        let bubble = try #require(picker.reactionsBubble as? CustomChatReactionPickerBubbleView)
        #expect(bubble.contentViewBackground.layer.cornerRadius == 20)
        #expect(bubble.contentViewBackground.backgroundColor == .black)
        #expect(bubble.contentViewBackground.layer.borderColor == .black)

        let items = bubble.reactionsView.itemViews
        #expect(items.count == 5)
        #expect(items.allSatisfy { $0 is CustomChatMessageReactionItemView })
        for (upper, lower) in zip(items, items.dropFirst()) {
            #expect(lower.frame.minY >= upper.frame.maxY - 0.5)
        }
        #expect(bubble.bounds.height > bubble.bounds.width)
        let love = try #require(items.first { $0.content?.reaction.type == .love })
        #expect(love.reactionImageTint == .white)

        // Black in pixels, inside the capsule between items.
        let pixels = try #require(picker.view.renderPixels(scale: 2))
        let capsule = bubble.contentViewBackground.frame
        let p = pixels[Int((capsule.minX + 3) * 2), Int(capsule.midY * 2)]
        #expect(p.r < 10 && p.g < 10 && p.b < 10 && p.a == 255)
        // The tail is black too (the seed re-tints both tail images).
        let tail = bubble.tailFrontImageView.frame
        #expect(pixels.count(in: CGRect(x: tail.minX * 2, y: (capsule.maxY + 1) * 2, width: tail.width * 2, height: (tail.maxY - capsule.maxY - 1) * 2),
                             where: { r, g, b, a in r < 10 && g < 10 && b < 10 && a > 200 }) > 10)
    }

    @Test func authorsVCWithBlackBackgroundWhiteLabelAnd64x70Cells() throws {
        let saved = Components.default
        defer { Components.default = saved }

        Components.default.reactionAuthorsVC = CustomChatMessageReactionAuthorsVC.self

        let authors = Components.default.reactionAuthorsVC.init()
        authors.message = ReactionAuthorFixtures.messageWithAuthors(count: 6)
        authors.loadViewIfNeeded()
        authors.view.frame = CGRect(x: 0, y: 0, width: 360, height: 260)
        authors.view.layoutIfNeeded()
        #expect(authors.view.backgroundColor == .black)
        #expect(authors.topLabel.textColor == .white)
        #expect(authors.topLabel.text == "6 reactions")
        let cells = authors.collectionView.visibleViews.compactMap { $0 as? ChatMessageReactionAuthorViewCell }
        #expect(cells.count == 6)
        #expect(cells.allSatisfy { $0.frame.size == CGSize(width: 64, height: 70) })
        let pixels = try #require(authors.view.renderPixels(scale: 1))
        let corner = pixels[30, 200]
        #expect(corner.r < 10 && corner.g < 10 && corner.b < 10)
    }

    @Test func authorCellWithoutItsNameLabel() throws {
        let saved = Components.default
        defer { Components.default = saved }

        Components.default.reactionAuthorCell = CustomChatMessageReactionAuthorViewCell.self

        let authors = Components.default.reactionAuthorsVC.init()
        authors.message = ReactionAuthorFixtures.messageWithAuthors(count: 3)
        authors.loadViewIfNeeded()
        authors.view.frame = CGRect(x: 0, y: 0, width: 360, height: 260)
        authors.view.layoutIfNeeded()
        let cells = authors.collectionView.visibleViews.compactMap { $0 as? CustomChatMessageReactionAuthorViewCell }
        #expect(cells.count == 3)
        let cell = try #require(cells.first)
        #expect(!cell.containerStack.arrangedSubviews.contains { $0 === cell.authorNameLabel })
        #expect(cell.authorNameLabel.superview == nil)
        #expect(cell.authorNameLabel.window == nil)
        #expect(cell.authorAvatarView.superview === cell.containerStack)

        // The default cell shows the name.
        Components.default = saved
        let plain = ChatMessageReactionAuthorViewCell(frame: CGRect(x: 0, y: 0, width: 64, height: 80))
        UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)).addSubview(plain)
        #expect(plain.authorNameLabel.superview === plain.containerStack)
    }
}

/// Messages with many reaction authors.
enum ReactionAuthorFixtures {
    static let names = ["Alice Liddell", "Bob Builder", "Carol Danvers", "Dave Lister", "Eve Moneypenny", "Frank Castle",
                        "Grace Hopper", "Heidi Klum", "Ivan Drago", "Judy Hopps", "Ken Masters", "Liu Yang"]
    static let types: [MessageReactionType] = [.love, .haha, .like, .wow, .sad, .love, .like, .haha, .love, .wow, .like, .love]

    static func messageWithAuthors(count: Int) -> ChatMessage {
        let epoch = ReactionFixtures.epoch
        var latest: [ChatMessageReaction] = []
        var groups: [MessageReactionType: (Int, Bool)] = [:]
        for i in 0..<count {
            let name = names[i % names.count]
            let user = ChatUser(id: i == 0 ? "alice" : "u\(i)", name: name)
            let type = types[i % types.count]
            latest.append(ChatMessageReaction(messageId: "m1", type: type, score: 1, author: user, createdAt: epoch, updatedAt: epoch))
            let group = groups[type] ?? (0, false)
            groups[type] = (group.0 + 1, group.1 || i == 0)
        }
        var data: [MessageReactionType: ChatMessageReactionData] = [:]
        for (type, group) in groups { data[type] = ChatMessageReactionData(type: type, score: group.0, count: group.0, isChosenByCurrentUser: group.1) }
        return ChatMessage(id: "m1", cid: ChannelId(type: .messaging, id: "general"), text: "Who's in?", author: ReactionFixtures.bob,
                           createdAt: epoch, latestReactions: latest, currentUserReactions: latest.filter { $0.author.id == "alice" },
                           reactionGroups: data)
    }
}
