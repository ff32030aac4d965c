import Foundation

/// A `/` command a channel offers in the composer, as Stream's `Command`: typing "/" at the start
/// of the message lists the channel's commands (``ChannelConfig/commands``).
public struct Command: Hashable, Sendable, Codable {
    /// The name typed after the slash ("giphy").
    public var name: String
    /// What the command does, in a sentence ("Post a random gif to the channel").
    public var description: String
    /// The group the command belongs to ("fun_set", "moderation_set").
    public var set: String
    /// The arguments it takes, as shown beside its name ("[text]"); empty when it takes none.
    public var args: String

    /// Describes a command.
    public init(name: String, description: String, set: String, args: String) {
        self.name = name
        self.description = description
        self.set = set
        self.args = args
    }

    /// `/giphy [text]`: a picture from the bundled set matching the text, previewed before it is
    /// posted.
    public static let giphy = Command(name: "giphy", description: "Post a random gif to the channel", set: "fun_set", args: "[text]")
    /// `/mute`: mutes the channel it is typed in, for the current user (the chat core mutes
    /// channels, not people; a name after it is answered with that).
    public static let mute = Command(name: "mute", description: "Mute this channel", set: "moderation_set", args: "")
    /// `/unmute`: unmutes the channel it is typed in.
    public static let unmute = Command(name: "unmute", description: "Unmute this channel", set: "moderation_set", args: "")

    /// The commands a channel has unless its config says otherwise: giphy, mute and unmute.
    public static let defaultCommands: [Command] = [.giphy, .mute, .unmute]
}
