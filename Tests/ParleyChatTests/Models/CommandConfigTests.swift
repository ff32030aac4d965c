import Foundation
import Testing
@testable import ParleyChat

/// The `/` commands a channel config carries, and configs stored before they had any.
@Suite struct CommandConfigTests {
    @Test func channelsGetGiphyMuteAndUnmuteWithHintsThatSayWhatTheyDo() {
        #expect(ChannelConfig().commands.map(\.name) == ["giphy", "mute", "unmute"])
        #expect(ChannelConfig.default(for: .livestream).commands == Command.defaultCommands)
        #expect(Command.giphy.args == "[text]")
        // `/mute` mutes the channel it is typed in (the chat core has no user mutes): no argument.
        #expect(Command.mute.args.isEmpty && Command.unmute.args.isEmpty)
        #expect(Command.mute.description == "Mute this channel" && Command.unmute.description == "Unmute this channel")
        #expect(Command.unmute.set == "moderation_set")
    }

    @Test func aConfigStoredBeforeCommandsDecodesWithTheDefaultOnesAndKeepsItsFlags() throws {
        let old = """
        {"reactionsEnabled":false,"repliesEnabled":true,"quotesEnabled":true,"typingEventsEnabled":true,
         "readEventsEnabled":false,"uploadsEnabled":true,"mutesEnabled":true,"maxMessageLength":300}
        """
        let config = try JSONDecoder().decode(ChannelConfig.self, from: Data(old.utf8))
        #expect(!config.reactionsEnabled)
        #expect(!config.readEventsEnabled)
        #expect(config.maxMessageLength == 300)
        #expect(config.commands == Command.defaultCommands)
    }

    @Test func customCommandsRoundTrip() throws {
        let config = ChannelConfig(commands: [Command(name: "poll", description: "Start a poll", set: "fun_set", args: "[question]")])
        let decoded = try JSONDecoder().decode(ChannelConfig.self, from: JSONEncoder().encode(config))
        #expect(decoded == config)
        let none = ChannelConfig(commands: [])
        #expect(try JSONDecoder().decode(ChannelConfig.self, from: JSONEncoder().encode(none)).commands.isEmpty)
    }
}
