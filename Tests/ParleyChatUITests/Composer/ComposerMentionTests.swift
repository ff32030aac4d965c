import Foundation
import Parley
import Testing

/// Mention suggestions driven by typing in a focused composer: "@" and letters list the matching
/// members above the input; Enter or a tap inserts the mention and the sent message carries it.
extension HeadlessWindowTests.ComposerBehaviourTests {
    static let mentionMembers = [
        ChatUser(id: "carol", name: "Carol Díaz"),
        ChatUser(id: "dave", name: "David Albers"),
    ]

    private func suggested(_ world: World) -> [UserId] {
        world.composer.suggestionsVC.isPresented ? world.composer.suggestionsVC.users.map(\.id) : []
    }

    @Test func typingTheMentionSymbolListsTheMatchingMembersAboveTheInput() async throws {
        let world = try await makeWorld(otherMembers: Self.mentionMembers)
        defer { world.cleanUp() }
        world.backend.type("Hi")
        #expect(suggested(world).isEmpty)
        #expect(world.composer.suggestionsVC.view.isHidden)
        world.backend.advance(by: 0.05)
        let composerHeight = world.composer.view.frame.height

        world.backend.type(" @")
        #expect(Set(suggested(world)) == ["bob", "carol", "dave"], "every member but the current user")
        world.backend.type("d")
        #expect(Set(suggested(world)) == ["carol", "dave"], "a word of the name (ignoring accents) or the id")
        world.backend.type("av")
        #expect(suggested(world) == ["dave"])
        world.backend.advance(by: 0.05)
        // The list opens above the input; the composer stays pinned to the bottom.
        let list = world.composer.suggestionsVC.view!
        let input = world.composer.composerView
        #expect(list.frame.height >= 48)
        #expect(list.frame.maxY <= input.frame.minY)
        #expect(world.composer.view.frame.height == composerHeight + list.frame.height)
        #expect(world.composer.view.frame.maxY == world.window.bounds.height)

        world.backend.type("x")
        #expect(suggested(world).isEmpty, "nobody matches")
        world.backend.press(.keyboardDeleteOrBackspace)
        #expect(suggested(world) == ["dave"])
        world.backend.type(" ")
        #expect(suggested(world).isEmpty, "a space ends the mention")
        world.backend.type("mail@bo")
        #expect(suggested(world).isEmpty, "the symbol inside a word is no mention")
        world.backend.advance(by: 0.05)
        #expect(world.composer.view.frame.height == composerHeight)
    }

    @Test func enterPicksTheHighlightedSuggestionAndTheMessageMentionsTheUser() async throws {
        let world = try await makeWorld(otherMembers: Self.mentionMembers)
        defer { world.cleanUp() }
        world.backend.type("Ping @bo")
        #expect(suggested(world) == ["bob"])
        #expect(world.composer.suggestionsVC.highlightedIndex == 0)
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.textView.text == "Ping @Bob Builder ")
        #expect(world.composer.content.text == "Ping @Bob Builder ")
        #expect(world.composer.content.mentionedUsers.map(\.id) == ["bob"])
        #expect(suggested(world).isEmpty)
        await world.composer.pendingTask?.value
        #expect(try world.messages().isEmpty, "Enter picked the mention instead of sending")

        // Typing goes on after the inserted mention (the caret is after it).
        world.backend.type("please")
        #expect(world.composer.content.text == "Ping @Bob Builder please")
        world.clock.advance(by: 60)  // after Bob last read the channel
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        let sent = try #require(try world.messages().last)
        #expect(sent.text == "Ping @Bob Builder please")
        #expect(sent.mentionedUsers.map(\.id) == ["bob"])
        #expect(world.composer.content.mentionedUsers.isEmpty)
        // Bob's store counts the mention.
        #expect(try world.bob.channel(world.cid)?.unreadCount.mentions == 1)
    }

    @Test func tappingASuggestionInsertsItAndARemovedMentionIsNotSent() async throws {
        let world = try await makeWorld(otherMembers: Self.mentionMembers)
        defer { world.cleanUp() }
        world.backend.type("@")
        world.backend.advance(by: 0.05)
        let cells = world.composer.suggestionsVC.cells
        #expect(cells.count == 3)
        let carolRow = try #require(cells.first { $0.mentionView.content?.id == "carol" })
        #expect(carolRow.mentionView.usernameLabel.text == "Carol Díaz")
        #expect(carolRow.mentionView.usernameTagLabel.text == "@carol")
        #expect(carolRow.accessibilityLabel == "Mention Carol Díaz")
        world.tap(carolRow)
        #expect(world.composer.content.text == "@Carol Díaz ")
        #expect(world.composer.content.mentionedUsers.map(\.id) == ["carol"])
        #expect(suggested(world).isEmpty)

        // The mention is deleted from the text before sending: nobody is mentioned.
        world.composer.content.text = "never mind"
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        let sent = try #require(try world.messages().last)
        #expect(sent.text == "never mind")
        #expect(sent.mentionedUsers.isEmpty)
    }

    @Test func escapeClosesTheSuggestionsAndLeavesTheText() async throws {
        let world = try await makeWorld(otherMembers: Self.mentionMembers)
        defer { world.cleanUp() }
        world.backend.type("@ca")
        #expect(suggested(world) == ["carol"])
        world.backend.press(.keyboardEscape)
        #expect(suggested(world).isEmpty)
        #expect(world.composer.content.text == "@ca")
        // Enter now sends the text as it is.
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(try world.messages().last?.text == "@ca")
    }
}
