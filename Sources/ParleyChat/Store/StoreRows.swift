import Foundation
import GRDB

/// Column lists and decoders shared by every query that builds models. Columns are read by
/// position: the lists below and the decoders must change together.
enum StoreColumns {
    /// The 8 columns of a user, from a table aliased `u`.
    static let user = "u.id, u.name, u.image_url, u.avatar_color, u.role, u.is_online, u.last_active_at, u.created_at"

    /// The 17 columns of a message (alias `m`), its author's 8 (alias `u`), then the message's
    /// version: the row's plus its author's (both only grow, so the sum changes whenever either
    /// does, and a renamed author re-renders their messages).
    static let message = """
        m.pk, m.id, m.cid, m.type, m.text, m.user_id, m.created_at, m.updated_at, m.text_updated_at, \
        m.deleted_at, m.parent_id, m.reply_count, m.show_in_channel, m.quoted_id, m.mentioned, \
        m.attachments, m.local_state, \(user), m.version + u.version
        """

    /// The message columns joined with their authors; append WHERE/ORDER BY.
    static let messageFrom = "SELECT \(message) FROM message m CROSS JOIN user u ON u.id = m.user_id"

    /// Decodes a user starting at column `offset`.
    static func decodeUser(_ row: Row, at offset: Int = 0) -> ChatUser {
        let imageURL: String? = row[offset + 2]
        let lastActive: Int64? = row[offset + 6]
        let colour: Int64 = row[offset + 3]
        return ChatUser(
            id: row[offset],
            name: row[offset + 1],
            imageURL: imageURL.flatMap(URL.init(string:)),
            avatarColor: ChatAvatarColor(rgb: UInt32(truncatingIfNeeded: colour)),
            role: UserRole(rawValue: row[offset + 4]),
            isOnline: row[offset + 5],
            lastActiveAt: lastActive.map(Date.init(millisecondsSince1970:)),
            createdAt: Date(millisecondsSince1970: row[offset + 7]))
    }

    /// Decodes a user starting at column `offset` of a raw row.
    static func decodeUser(_ row: RawRow, at offset: Int32 = 0) -> ChatUser {
        ChatUser(
            id: row.text(offset),
            name: row.text(offset + 1),
            imageURL: row.optionalText(offset + 2).flatMap(URL.init(string:)),
            avatarColor: ChatAvatarColor(rgb: UInt32(truncatingIfNeeded: row.int64(offset + 3))),
            role: UserRole(rawValue: row.text(offset + 4)),
            isOnline: row.bool(offset + 5),
            lastActiveAt: row.optionalInt64(offset + 6).map(Date.init(millisecondsSince1970:)),
            createdAt: Date(millisecondsSince1970: row.int64(offset + 7)))
    }

    /// Decodes a raw message row (see ``message``).
    static func decodeMessage(_ row: RawRow, cache: ReaderCache) throws -> MessageRow {
        MessageRow(
            pk: row.int64(0),
            id: row.text(1),
            cid: try cache.channelId(row.text(2)),
            type: MessageType(rawValue: row.text(3)) ?? .regular,
            text: row.text(4),
            userId: row.text(5),
            createdAt: row.int64(6),
            updatedAt: row.int64(7),
            textUpdatedAt: row.optionalInt64(8),
            deletedAt: row.optionalInt64(9),
            parentId: row.optionalText(10),
            replyCount: row.int(11),
            showInChannel: row.bool(12),
            quotedId: row.optionalText(13),
            mentionedIds: row.optionalText(14).map(JSONColumn.decodeStrings) ?? [],
            attachments: row.optionalText(15).map(JSONColumn.decodeAttachments) ?? [],
            localState: LocalMessageState(storageValue: row.int(16)),
            author: decodeUser(row, at: 17),
            version: row.int(25))
    }

    /// Decodes a message row (see ``message``).
    static func decodeMessage(_ row: Row, cache: ReaderCache) throws -> MessageRow {
        let cid = try cache.channelId(row[2])
        let mentioned: String? = row[14]
        let attachments: String? = row[15]
        return MessageRow(
            pk: row[0],
            id: row[1],
            cid: cid,
            type: MessageType(rawValue: row[3]) ?? .regular,
            text: row[4],
            userId: row[5],
            createdAt: row[6],
            updatedAt: row[7],
            textUpdatedAt: row[8],
            deletedAt: row[9],
            parentId: row[10],
            replyCount: row[11],
            showInChannel: row[12],
            quotedId: row[13],
            mentionedIds: mentioned.map(JSONColumn.decodeStrings) ?? [],
            attachments: attachments.map(JSONColumn.decodeAttachments) ?? [],
            localState: LocalMessageState(storageValue: row[16]),
            author: decodeUser(row, at: 17),
            version: row[25])
    }
}

/// A message as stored, before reactions, quotes and read states are attached.
struct MessageRow: Sendable {
    var pk: Int64
    var id: MessageId
    var cid: ChannelId
    var type: MessageType
    var text: String
    var userId: UserId
    var createdAt: Int64
    var updatedAt: Int64
    var textUpdatedAt: Int64?
    var deletedAt: Int64?
    var parentId: MessageId?
    var replyCount: Int
    var showInChannel: Bool
    var quotedId: MessageId?
    var mentionedIds: [UserId]
    var attachments: [ChatMessageAttachment]
    var localState: LocalMessageState
    var author: ChatUser
    /// The row's version plus its author's (see ``StoreColumns/message``).
    var version: Int

    var orderKey: MessageOrderKey { MessageOrderKey(createdAt: createdAt, sequence: pk) }
    var isShownInChannel: Bool { parentId == nil || showInChannel }
}

/// JSON stored in TEXT columns (mentions, attachments, channel config).
enum JSONColumn {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding these plain value types cannot fail; an empty document is the safe fallback.
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A JSON array of strings, written by hand: mentions are encoded for many messages in bulk
    /// imports, where `JSONEncoder` dominated the cost. Output is what `JSONEncoder` would parse
    /// back to the same strings.
    static func encodeStrings(_ strings: [String]) -> String {
        var json = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\n": json += "\\n"
                case "\r": json += "\\r"
                case "\t": json += "\\t"
                case _ where scalar.value < 0x20: json += String(format: "\\u%04x", scalar.value)
                default: json.unicodeScalars.append(scalar)
                }
            }
            json += "\""
        }
        return json + "]"
    }

    /// Parses a JSON array of strings (what ``encodeStrings(_:)`` writes) by hand; anything
    /// unusual falls back to `JSONDecoder`.
    static func decodeStrings(_ text: String) -> [String] {
        if let parsed = parseStringArray(text) { return parsed }
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }

    private static func parseStringArray(_ text: String) -> [String]? {
        var scalars = text.unicodeScalars.makeIterator()
        func next() -> Unicode.Scalar? {
            while let scalar = scalars.next() {
                if scalar != " " && scalar != "\n" && scalar != "\t" && scalar != "\r" { return scalar }
            }
            return nil
        }
        guard next() == "[" else { return nil }
        var result: [String] = []
        var separator = next()
        if separator == "]" { return next() == nil ? result : nil }
        while separator == "\"" {
            var string = String.UnicodeScalarView()
            while true {
                guard let scalar = scalars.next() else { return nil }
                if scalar == "\"" { break }
                guard scalar == "\\" else { string.append(scalar); continue }
                switch scalars.next() {
                case "\"": string.append("\"")
                case "\\": string.append("\\")
                case "/": string.append("/")
                case "n": string.append("\n")
                case "r": string.append("\r")
                case "t": string.append("\t")
                case "b": string.append("\u{08}")
                case "f": string.append("\u{0C}")
                default: return nil  // \u escapes and anything else: let JSONDecoder handle it
                }
            }
            result.append(String(string))
            switch next() {
            case ",": separator = next()
            case "]": return next() == nil ? result : nil
            default: return nil
            }
        }
        return nil
    }

    /// Attachments are stored as a JSON array of flat objects (`{"type": "link", "url": …}`; a
    /// custom attachment keeps its payload's JSON text: `{"type": "location", "json": "{…}"}`),
    /// mapped by hand: `JSONDecoder` on the nested enum cost more than the rest of a page.
    static func encodeAttachments(_ attachments: [ChatMessageAttachment]) -> String {
        let objects: [[String: Any]] = attachments.map { attachment in
            switch attachment.payload {
            case .image(let image):
                var object: [String: Any] = ["type": "image", "url": image.localURL.absoluteString]
                if let title = image.title { object["title"] = title }
                if let width = image.width { object["width"] = width }
                if let height = image.height { object["height"] = height }
                if let remote = image.remoteURL { object["remote"] = remote.absoluteString }
                return object
            case .file(let file):
                var object: [String: Any] = [
                    "type": "file", "url": file.localURL.absoluteString, "title": file.title, "size": file.fileSize,
                ]
                if let mime = file.mimeType { object["mime"] = mime }
                if let remote = file.remoteURL { object["remote"] = remote.absoluteString }
                return object
            case .link(let link):
                var object: [String: Any] = ["type": "link", "url": link.url.absoluteString]
                if let title = link.title { object["title"] = title }
                if let text = link.text { object["text"] = text }
                if let site = link.siteName { object["site"] = site }
                if let image = link.imageURL { object["image"] = image.absoluteString }
                if let remote = link.remoteImageURL { object["remote"] = remote.absoluteString }
                return object
            case .custom(let custom):
                return ["type": custom.type.rawValue, "json": String(decoding: custom.data, as: UTF8.self)]
            }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads what ``encodeAttachments(_:)`` wrote; unreadable entries are skipped.
    static func decodeAttachments(_ text: String) -> [ChatMessageAttachment] {
        guard let objects = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] else { return [] }
        var attachments: [ChatMessageAttachment] = []
        for object in objects {
            if let type = object["type"] as? String, let json = object["json"] as? String {
                let payload = CustomAttachmentPayload(received: AttachmentType(rawValue: type), data: Data(json.utf8))
                attachments.append(ChatMessageAttachment(id: attachments.count, payload: .custom(payload)))
                continue
            }
            guard let type = object["type"] as? String, let urlText = object["url"] as? String,
                  let url = URL(string: urlText)
            else { continue }
            let title = object["title"] as? String
            let remote = (object["remote"] as? String).flatMap(URL.init(string:))
            let payload: ChatMessageAttachment.Payload
            switch type {
            case "image":
                payload = .image(ImageAttachmentPayload(
                    localURL: url, title: title, width: (object["width"] as? NSNumber)?.intValue,
                    height: (object["height"] as? NSNumber)?.intValue, remoteURL: remote))
            case "file":
                payload = .file(FileAttachmentPayload(
                    localURL: url, title: title ?? url.lastPathComponent,
                    fileSize: (object["size"] as? NSNumber)?.int64Value ?? 0, mimeType: object["mime"] as? String,
                    remoteURL: remote))
            case "link":
                payload = .link(LinkAttachmentPayload(
                    url: url, title: title, text: object["text"] as? String, siteName: object["site"] as? String,
                    imageURL: (object["image"] as? String).flatMap(URL.init(string:)), remoteImageURL: remote))
            default:
                continue
            }
            attachments.append(ChatMessageAttachment(id: attachments.count, payload: payload))
        }
        return attachments
    }

    /// Decodes a channel config. Configs are few and read on every page, so decoded values are
    /// kept by their JSON text (a handful of distinct strings per store).
    static func decodeConfig(_ text: String) -> ChannelConfig {
        if let cached = configCache.withLock({ $0[text] }) { return cached }
        let config = (try? JSONDecoder().decode(ChannelConfig.self, from: Data(text.utf8))) ?? ChannelConfig()
        configCache.withLock { cache in
            if cache.count > 256 { cache.removeAll() }
            cache[text] = config
        }
        return config
    }

    private static let configCache = PthreadMutex<[String: ChannelConfig]>([:])
}

/// Makes `?, ?, ?` for an `IN (…)` list of `count` values.
func sqlPlaceholders(_ count: Int) -> String {
    Array(repeating: "?", count: max(count, 1)).joined(separator: ", ")
}
