import Foundation

/// An attachment with its payload decoded as `Payload`, as Stream's `ChatMessageAttachment<Payload>`
/// (from ``ChatMessage/attachments(payloadType:)``).
public struct TypedChatMessageAttachment<Payload: AttachmentPayload>: Sendable, Identifiable {
    /// The attachment's id within its message (its position).
    public let id: Int
    /// The attachment's type (`Payload.type`).
    public let type: AttachmentType
    /// The decoded payload.
    public let payload: Payload

    /// An attachment holding `payload`.
    public init(id: Int, type: AttachmentType, payload: Payload) {
        self.id = id
        self.type = type
        self.payload = payload
    }
}

extension TypedChatMessageAttachment: Equatable where Payload: Equatable {}
extension TypedChatMessageAttachment: Hashable where Payload: Hashable {}

extension ChatMessageAttachment {
    /// The attachment with its payload as `payloadType`, as Stream's
    /// `AnyChatMessageAttachment.attachment(payloadType:)`; `nil` when it is of another type or its
    /// JSON does not decode as `payloadType`.
    public func attachment<Payload: AttachmentPayload>(payloadType: Payload.Type) -> TypedChatMessageAttachment<Payload>? {
        guard type == Payload.type else { return nil }
        let decoded: Payload?
        switch payload {
        case .image(let image): decoded = image as? Payload
        case .file(let file): decoded = file as? Payload
        case .link(let link): decoded = link as? Payload
        case .custom(let custom): decoded = try? custom.decode(payloadType)
        }
        return decoded.map { TypedChatMessageAttachment(id: id, type: type, payload: $0) }
    }

    /// The custom payload, for an attachment of an app's own type.
    public var customPayload: CustomAttachmentPayload? {
        if case .custom(let custom) = payload { return custom }
        return nil
    }
}

extension ChatMessage {
    /// The message's attachments of `payloadType`'s type, decoded, as Stream's
    /// `attachments(payloadType:)`. Attachments whose JSON does not decode are left out.
    public func attachments<Payload: AttachmentPayload>(payloadType: Payload.Type) -> [TypedChatMessageAttachment<Payload>] {
        attachments.compactMap { $0.attachment(payloadType: payloadType) }
    }

    /// How many attachments of each type the message has, as Stream's `attachmentCounts`.
    public var attachmentCounts: [AttachmentType: Int] {
        attachments.reduce(into: [:]) { counts, attachment in counts[attachment.type, default: 0] += 1 }
    }
}
