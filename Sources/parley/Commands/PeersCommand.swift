import ArgumentParser
import Foundation
import Parley

/// `parley peers --server URL`: simulated people as real clients of a `parley serve`: each user
/// has its own remote backend and store, and in the channels it belongs to it types, writes,
/// replies and reacts over the network.
struct PeersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers",
        abstract: "Run simulated peers as clients of a parley serve (they type, write, reply and react).")

    @Option(help: "The server, for example http://127.0.0.1:8080.")
    var server: String

    @Option(help: "The peers' user ids, comma-separated.")
    var users: String = "bob,carol,dave"

    @Option(help: "Mean seconds between one peer's actions.")
    var interval: Double = 4

    @Option(help: "The server's data directory, for its dev secret (default: $XDG_DATA_HOME/parley/server).")
    var dataDir: String?

    @Option(help: "Stop after this many seconds (default: run until interrupted).")
    var duration: Double?

    @Option(help: "A channel the peers share with --members (created by the first peer to get there, for example messaging:pg-pair).")
    var channel: String?

    @Option(help: "With --channel: the users its creator adds, comma-separated (demo users, peers of other processes), each once they exist.")
    var members: String = ""

    func validate() throws {
        guard interval > 0.05 else { throw ValidationError("--interval must be more than 0.05 seconds.") }
        guard !peerIds.isEmpty else { throw ValidationError("--users needs at least one user id.") }
        if let channel, (try? ChannelId(cid: channel)) == nil {
            throw ValidationError("--channel must be a channel id such as messaging:pg-pair.")
        }
        if channel == nil, !memberIds.isEmpty { throw ValidationError("--members needs --channel.") }
    }

    var peerIds: [String] { Self.list(users) }
    var memberIds: [String] { Self.list(members) }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func run() async throws {
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("--server must be an http(s) URL, for example http://127.0.0.1:8080.")
        }
        var tasks: [Task<Void, Never>] = []
        let shared = try channel.map { try ChannelId(cid: $0) }
        let sharedWith = Array(Set(peerIds + memberIds)).sorted()
        for user in peerIds {
            let token = try RemoteDemo.token(for: user, token: nil, dataDir: dataDir)
            let client = try RemoteDemo.makeClient(server: url, user: user, token: token, store: nil)
            let interval = self.interval
            if let shared {
                tasks.append(Task { @MainActor in
                    await Self.share(shared, with: sharedWith.filter { $0 != user }, as: client)
                })
            }
            tasks.append(Task { @MainActor in
                await Self.act(as: client, interval: interval)
            })
            print("peer \(user) connecting to \(server)")
        }
        if let duration {
            try await Task.sleep(for: .seconds(duration))
            for task in tasks { task.cancel() }
        } else {
            for task in tasks { await task.value }
        }
    }

    /// Makes `cid` a channel of `client`'s user with `members`: creates it (unless another peer
    /// did), then adds each member once that user exists on the server (a demo user exists once
    /// its window connected). A peer that did not create it only waits to be added; it stops
    /// trying after a minute.
    @MainActor
    static func share(_ cid: ChannelId, with members: [String], as client: ChatClient) async {
        var pending = members
        var isOwner = false
        for round in 0... {
            guard !Task.isCancelled, !pending.isEmpty, isOwner || round < 30 else { return }
            if round > 0 { try? await Task.sleep(for: .seconds(2)) }
            guard client.connectionStatus == .connected else { continue }
            if !isOwner {
                let request = ChannelCreationRequest(cid: cid, name: "Across two servers", memberIds: [])
                isOwner = (try? await client.createChannel(request)) != nil
                guard isOwner else { continue }
            }
            var waiting: [String] = []
            for user in pending {
                do { try await client.addMembers([user], to: cid) } catch { waiting.append(user) }
            }
            pending = waiting
        }
    }

    /// One peer's life: every so often, in a random channel of its own, type for a moment and
    /// then write, reply to the latest message, or react to someone else's.
    @MainActor
    static func act(as client: ChatClient, interval: Double) async {
        var random = SystemRandomNumberGenerator()
        let list = client.channelListController()
        let lines = ["Sounds good!", "On my way 🚶", "Ha, nice one 😂", "Can we move it to 3pm?", "Agreed.", "👍", "Let me check and get back to you.", "Who's in for lunch?"]
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(interval * Double.random(in: 0.5...1.5, using: &random)))
            guard client.connectionStatus == .connected else { continue }
            try? list.synchronize()
            guard let channel = list.channels.randomElement(using: &random) else { continue }
            let latest = channel.latestMessages.first { $0.author.id != client.currentUserId && !$0.isDeleted }
            do {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<2:
                    if let latest {
                        let type = MessageReactionType(rawValue: ["like", "love", "haha"].randomElement(using: &random) ?? "like")
                        try await client.addReaction(type, to: latest.id)
                    }
                case 2..<4:
                    if let latest, latest.parentMessageId == nil {
                        try await client.sendMessage(lines.randomElement(using: &random) ?? "👍", in: channel.cid, parentMessageId: latest.id)
                    }
                default:
                    try? await client.startTyping(in: channel.cid)
                    try await Task.sleep(for: .seconds(1.5))
                    try await client.sendMessage(lines.randomElement(using: &random) ?? "👍", in: channel.cid)
                }
            } catch {
                continue
            }
        }
    }
}
