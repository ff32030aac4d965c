import Foundation
import ParleyChat
import ParleyProtocol
import PostgresNIO

// Rows read back into records, and the event row written.
extension PostgresTransaction {
    static func message(from row: AnswerRow) throws -> MessageRecord {
        let raw = try row["cid"].decode(String.self)
        let mentioned = try row["mentioned"].decode(String.self)
        let attachments = try row["attachments"].decode(String.self)
        return MessageRecord(
            id: try row["id"].decode(String.self), cid: (try? ChannelId(cid: raw)) ?? ChannelId(type: "invalid", id: raw),
            userId: try row["user_id"].decode(String.self),
            type: MessageType(rawValue: try row["type"].decode(String.self)) ?? .regular,
            text: try row["text"].decode(String.self), createdAt: .ms(try row["created_at"].decode(Int64.self)),
            updatedAt: .ms(try row["updated_at"].decode(Int64.self)),
            textUpdatedAt: try row["text_updated_at"].decode(Int64?.self).map(Date.ms),
            deletedAt: try row["deleted_at"].decode(Int64?.self).map(Date.ms),
            parentId: try row["parent_id"].decode(String?.self), showInChannel: try row["show_in_channel"].decode(Bool.self),
            quotedId: try row["quoted_id"].decode(String?.self),
            mentionedIds: (try? decoder.decode([UserId].self, from: Data(mentioned.utf8))) ?? [],
            attachments: (try? decoder.decode([WireAttachment].self, from: Data(attachments.utf8))) ?? [],
            replyCount: try row["reply_count"].decode(Int.self))
    }

    /// Sends an event's row (it may leave with the write's other rows: see ``send(merging:row:)``),
    /// and records its JSON for the fan-out.
    func sendEvent(_ event: ParleyProtocol.ChannelEvent, _ payload: Data) {
        send(
            merging: "INSERT INTO events (cid, seq, payload) VALUES (\(event.cid), \(event.seq), \(payload))",
            row: "events:\(event.cid):\(event.seq)")
        storedPayloads.record(payload, of: event)
    }
}
