import ArgumentParser
import Foundation
import Parley

/// The entry point. `parley demo` runs a real application, whose event loop must own the main
/// thread from synchronous top-level code (see `UIApplicationMain`); every other command is async
/// and runs under `dispatchMain()`, which drains the main queue for the main actor.
@main
enum ParleyMain {
    static func main() {
        let command: ParsableCommand
        do {
            command = try ParleyCommand.parseAsRoot()
        } catch {
            ParleyCommand.exit(withError: error)
        }
        if let demo = command as? DemoCommand {
            do {
                try MainActor.assumeIsolated { try demo.launch() }
                ParleyCommand.exit()
            } catch {
                ParleyCommand.exit(withError: error)
            }
        }
        Task {
            do {
                if let found = command as? AsyncParsableCommand {
                    // Parsed values only; nothing else holds the command.
                    nonisolated(unsafe) var asyncCommand = found
                    try await asyncCommand.run()
                } else {
                    var syncCommand = command
                    try syncCommand.run()
                }
                ParleyCommand.exit()
            } catch {
                ParleyCommand.exit(withError: error)
            }
        }
        dispatchMain()
    }
}

/// `parley`: the command line of the Parley SDK.
struct ParleyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Parley: a chat UI SDK for Swift on Linux.",
        subcommands: [DemoCommand.self, RenderCommand.self, BenchCommand.self, ServeCommand.self, TokenCommand.self, PeersCommand.self]
    )
}
