import AsyncHTTPClient
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ParleyChat
import ParleyProtocol

// One WebSocket session of the remote backend: bootstrap, subscribe, sync, then live events.
extension RemoteChatBackend {
    func session(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, sync: ChatSyncStore, reachedLive: ReachedLive
    ) async throws {
        // Upgraded: the watchdog now gives the session until it catches up.
        reachedLive.setUpgraded()
        state.withLock { $0.writer = outbound }
        var frames = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
        guard case .welcome(let welcome) = try await Self.next(&frames) else {
            throw ChatError.serverError(code: "no_welcome", message: "")
        }
        // The server's upload limit, when it says: files over it are refused before any upload
        // (and a composer refuses them when attached).
        if let limit = welcome.limits.maxUploadBytes {
            state.withLock { $0.serverMaxAttachmentSize = Int64(limit) }
        }

        // Bootstrap: the user's channels, reloaded where the store never saw them or their
        // stream restarted; channels the user left meanwhile go.
        let list: ChannelListResponse = try await http.send(.GET, WirePath.channels)
        let local = Dictionary(uniqueKeysWithValues: try sync.cursors().map { ($0.cid, $0) })
        var cursors: [ChannelCursor] = []
        var listed: Set<ChannelId> = []
        for channel in list.channels {
            guard let snapshot = WireMapping.snapshot(channel) else { continue }
            let cid = snapshot.channel.cid
            listed.insert(cid)
            if let cursor = local[cid], cursor.epoch == snapshot.cursor.epoch, cursor.sequence <= snapshot.cursor.sequence {
                cursors.append(ChannelCursor(cid: cid.rawValue, epoch: cursor.epoch, seq: cursor.sequence))
            } else {
                try await sync.reset(snapshot)
                historyReset(cid, complete: false)
                cursors.append(ChannelCursor(cid: cid.rawValue, epoch: snapshot.cursor.epoch, seq: snapshot.cursor.sequence))
            }
        }
        for cid in local.keys where !listed.contains(cid) { try await sync.removeChannel(cid) }

        // Subscribe first, then sync after the cursors; live events wait for the sync's answer.
        try await send(.subscribe(SubscribeFrame(cids: cursors.map(\.cid))), on: outbound)
        let requestId = nextRequestId()
        try await send(.sync(SyncRequest(requestId: requestId, cursors: cursors)), on: outbound)
        var pending: [ParleyProtocol.ChannelEvent] = []
        var isSyncing = !cursors.isEmpty
        if !isSyncing { goLive(sync, reachedLive) }

        while let frame = try await Self.next(&frames) {
            switch frame {
            case .event(let event):
                if isSyncing { pending.append(event) } else { try await apply([event], sync: sync) }
            case .syncResult(let result) where result.requestId == requestId && isSyncing:
                for channel in result.channels {
                    if channel.reset != nil, let cid = try? ChannelId(cid: channel.cid) {
                        try await reload(cid, sync: sync)
                    } else {
                        try await apply(channel.events, sync: sync)
                    }
                }
                try await apply(pending, sync: sync)
                pending = []
                isSyncing = false
                goLive(sync, reachedLive)
            case .typing(let typing):
                guard typing.userId != sync.currentUserId, let cid = try? ChannelId(cid: typing.cid) else { continue }
                try await sync.applyTyping(in: cid, userId: typing.userId, parentMessageId: typing.parentMessageId, isTyping: typing.isTyping)
            case .feed(let feed):
                guard let cid = try? ChannelId(cid: feed.cid) else { continue }
                switch feed.kind {
                case .channelJoined:
                    try await reload(cid, sync: sync)
                    try await send(.subscribe(SubscribeFrame(cids: [feed.cid])), on: outbound)
                case .channelLeft, .channelDeleted:
                    try await sync.removeChannel(cid)
                }
            case .reset(let reset):
                guard let cid = try? ChannelId(cid: reset.cid) else { continue }
                try await reload(cid, sync: sync)
                try await send(.subscribe(SubscribeFrame(cids: [reset.cid])), on: outbound)
            case .error(let failure) where failure.requestId == requestId:
                throw WireMapping.error(failure.error)
            default:
                continue
            }
        }
    }

    static func next(_ frames: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> ServerFrame? {
        while let message = try await frames.next() {
            guard case .text(let text) = message else { continue }
            if let frame = try? Wire.decoder().decode(ServerFrame.self, from: Data(text.utf8)) { return frame }
        }
        return nil
    }

    func send(_ frame: ClientFrame, on outbound: WebSocketOutboundWriter) async throws {
        let data = try Wire.encoder().encode(frame)
        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }

    func nextRequestId() -> String {
        state.withLock { state in
            state.requestCounter += 1
            return "sync-\(state.requestCounter)"
        }
    }

    func goLive(_ sync: ChatSyncStore, _ reachedLive: ReachedLive) {
        state.withLock { $0.isConnected = true }
        reachedLive.set()
        sync.setConnectionStatus(.connected)
        Task { await self.drain() }
    }

    /// Applies events in order; channels the store cannot continue are reloaded.
    func apply(_ events: [ParleyProtocol.ChannelEvent], sync: ChatSyncStore) async throws {
        let mapped = events.compactMap(WireMapping.event)
        let result = try await sync.apply(mapped)
        for cid in result.needsReset { try await reload(cid, sync: sync) }
    }

    /// Replaces the local channel with the server's (a reset, or a channel seen for the first time).
    func reload(_ cid: ChannelId, sync: ChatSyncStore) async throws(ChatError) {
        do throws(ChatError) {
            let state: ChannelStateResponse = try await http.send(
                .GET, WirePath.channel(cid.rawValue) + "?messages=\(configuration.channelMessageLimit)")
            if let snapshot = WireMapping.snapshot(state) {
                try await sync.reset(snapshot)
                historyReset(cid, complete: state.messages.count < configuration.channelMessageLimit)
            }
        } catch .channelNotFound {
            try await sync.removeChannel(cid)
        }
    }
}
