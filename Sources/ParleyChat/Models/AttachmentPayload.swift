import Foundation

/// What an attachment of one type holds, as Stream's `AttachmentPayload`: a `Codable` value and
/// the ``AttachmentType`` it is sent as. Apps conform their own payloads to send and read custom
/// attachments:
///
/// ```swift
/// extension AttachmentType {
///     static let location = Self(rawValue: "location")
/// }
///
/// struct LocationAttachmentPayload: AttachmentPayload {
///     static let type = AttachmentType.location
///     var name: String
///     var latitude: Double
///     var longitude: Double
/// }
///
/// let attachment = try AnyAttachmentPayload(payload: LocationAttachmentPayload(name: "Harbour", latitude: 54.3, longitude: 10.1))
/// controller.createNewMessage(text: "Meet here", attachments: [attachment])
/// // Later, on any client:
/// let places = message.attachments(payloadType: LocationAttachmentPayload.self).map(\.payload)
/// ```
public protocol AttachmentPayload: Codable, Sendable {
    /// The type attachments with this payload are sent as.
    static var type: AttachmentType { get }
}

extension ImageAttachmentPayload: AttachmentPayload {
    /// Images are ``AttachmentType/image``.
    public static var type: AttachmentType { .image }
}

extension FileAttachmentPayload: AttachmentPayload {
    /// Files are ``AttachmentType/file``.
    public static var type: AttachmentType { .file }
}

extension LinkAttachmentPayload: AttachmentPayload {
    /// Link previews are ``AttachmentType/link``.
    public static var type: AttachmentType { .link }
}

/// A custom attachment as the SDK carries it: its type and the JSON object of its payload,
/// stored and synced as they are and decoded by the app (``decode(_:)``,
/// ``ChatMessage/attachments(payloadType:)``).
///
/// Made on this machine, a payload is checked: a JSON object of at most ``maximumSize`` bytes,
/// under a type that is not one of the SDK's own. Received from a store or a server it is kept
/// as it came: a payload the app cannot decode is skipped by the typed reads, never a crash.
public struct CustomAttachmentPayload: Sendable, Hashable, Codable {
    /// The attachment's type (never ``AttachmentType/image``, ``AttachmentType/file`` or
    /// ``AttachmentType/link``).
    public let type: AttachmentType
    /// The payload: the UTF-8 text of a JSON object.
    public let data: Data

    /// The largest payload accepted, in bytes of JSON (5 KB): a custom attachment describes
    /// something (a place, a poll), its files go through uploads.
    public static let maximumSize = 5 * 1024
    /// The longest type name accepted, in characters.
    public static let maximumTypeLength = 64

    /// A payload of `type` holding the JSON object `data`.
    ///
    /// - Throws: ``ChatError/attachmentPayloadTooLarge(type:size:limit:)`` beyond
    ///   ``maximumSize``; ``ChatError/invalidAttachmentPayload(type:reason:)`` when `data` is not a
    ///   JSON object or `type` is empty, too long or one of the SDK's own.
    public init(type: AttachmentType, data: Data) throws(ChatError) {
        if let problem = Self.problem(type: type, data: data) { throw problem }
        self.init(received: type, data: data)
    }

    /// `payload` encoded as JSON (keys sorted) under its type.
    ///
    /// - Throws: what ``init(type:data:)`` throws, and
    ///   ``ChatError/invalidAttachmentPayload(type:reason:)`` when `payload` cannot be encoded.
    public init<Payload: AttachmentPayload>(_ payload: Payload) throws(ChatError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do {
            data = try encoder.encode(payload)
        } catch {
            throw ChatError.invalidAttachmentPayload(type: Payload.type, reason: "it cannot be encoded as JSON (\(error))")
        }
        try self.init(type: Payload.type, data: data)
    }

    /// A payload as a store or a server holds it, unchecked (the SDK never refuses to show what
    /// was accepted before).
    package init(received type: AttachmentType, data: Data) {
        self.type = type
        self.data = data
    }

    /// Why `data` cannot be sent as a payload of `type`, or `nil` when it can.
    package static func problem(type: AttachmentType, data: Data) -> ChatError? {
        if type.rawValue.isEmpty || type.rawValue.count > maximumTypeLength || type.rawValue.contains(where: \.isWhitespace) {
            return .invalidAttachmentPayload(
                type: type, reason: "its type must be 1 to \(maximumTypeLength) characters without spaces")
        }
        if type.isBuiltIn {
            return .invalidAttachmentPayload(type: type, reason: "\"\(type.rawValue)\" is one of the SDK's own types")
        }
        if data.count > maximumSize { return .attachmentPayloadTooLarge(type: type, size: data.count, limit: maximumSize) }
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            return .invalidAttachmentPayload(type: type, reason: "its payload is not a JSON object")
        }
        return nil
    }

    /// The payload decoded as `payloadType`.
    ///
    /// - Throws: a `DecodingError` when the JSON does not fit `payloadType`.
    public func decode<Payload: AttachmentPayload>(_ payloadType: Payload.Type) throws -> Payload {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(payloadType, from: data)
    }

    private enum CodingKeys: String, CodingKey {
        case type, json
    }

    /// Decodes the type and the JSON text (unchecked, as received).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            received: try container.decode(AttachmentType.self, forKey: .type),
            data: Data(try container.decode(String.self, forKey: .json).utf8))
    }

    /// Encodes the type and the JSON as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(String(decoding: data, as: UTF8.self), forKey: .json)
    }
}
