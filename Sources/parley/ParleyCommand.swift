import ArgumentParser
import Foundation

/// `parley`: the command line of the Parley SDK.
@main
struct ParleyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Parley: a chat UI SDK for Swift on Linux.",
        subcommands: [RenderCommand.self, BenchCommand.self]
    )
}
