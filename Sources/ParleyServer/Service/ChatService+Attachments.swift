import Foundation
import ParleyChat
import ParleyProtocol

// What the server accepts as a message's attachments.
extension ChatService {
    /// Checks a sent message's attachments: images and files need the channel's upload
    /// capability and, like link previews, a URL; any other type is an app's custom attachment,
    /// accepted with a JSON object of at most `CustomAttachmentPayload.maximumSize` bytes (the
    /// SQLite and PostgreSQL stores keep it as it came, in the message's attachments column).
    ///
    /// - Throws: `bad_request` for a built-in attachment without a URL or a custom one without
    ///   JSON, `payload_too_large` (413) for an oversize custom payload, `missing_capability`
    ///   without the upload capability.
    static func validateAttachments(_ attachments: [WireAttachment], rules: ChatRules, in cid: ChannelId) throws {
        for attachment in attachments {
            let type = AttachmentType(rawValue: attachment.type)
            if type.isBuiltIn {
                guard attachment.url != nil else {
                    throw WireError.badRequest("An attachment of type \(attachment.type) needs a url.")
                }
                if type != .link { try rules.require(.uploadFile, in: cid) }
                continue
            }
            guard let json = attachment.json else {
                throw WireError.badRequest(
                    "Unknown attachment type \(attachment.type): a custom attachment carries its payload in json.")
            }
            if let problem = CustomAttachmentPayload.problem(type: type, data: Data(json.utf8)) { throw problem }
        }
    }
}
