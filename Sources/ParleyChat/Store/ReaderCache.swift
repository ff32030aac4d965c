import GRDB

/// What one read needs again and again: the viewer, channel configs, parsed channel ids. Lives
/// for one `StoreReader` (one read transaction), so it can never be stale.
final class ReaderCache {
    private var channelIds: [String: ChannelId] = [:]
    private var configs: [ChannelId: ChannelConfig?] = [:]
    private var viewer: ChatUser??

    /// Parses (once) a stored `type:id`.
    func channelId(_ raw: String) throws -> ChannelId {
        if let cid = channelIds[raw] { return cid }
        guard let cid = try? ChannelId(cid: raw) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "invalid channel id \(raw) in the store")
        }
        channelIds[raw] = cid
        return cid
    }

    func config(_ cid: ChannelId, load: () throws -> ChannelConfig?) rethrows -> ChannelConfig? {
        if let config = configs[cid] { return config }
        let config = try load()
        configs[cid] = config
        return config
    }

    func viewer(load: () throws -> ChatUser?) rethrows -> ChatUser? {
        if let viewer { return viewer }
        let loaded = try load()
        viewer = .some(loaded)
        return loaded
    }
}
