import Foundation
import ParleyChat
import ParleyProtocol

extension WireError {
    /// The wire form of a chat-rule error. Storage failures say nothing of their cause.
    init(_ error: ChatError) {
        let message = error.description
        switch error {
        case .emptyMessage:
            self.init(code: .emptyMessage, message: message, status: 400)
        case .messageTooLong(let length, let limit):
            self.init(code: .messageTooLong, message: message, status: 400, length: length, limit: limit)
        case .invalidChannelId(let raw):
            self.init(code: .invalidChannelId, message: message, status: 400, cid: raw)
        case .invalidReactionType:
            self.init(code: .invalidReactionType, message: message, status: 400)
        case .invalidReactionScore:
            self.init(code: .invalidReactionScore, message: message, status: 400)
        case .attachmentFileMissing, .messageNotFailed, .invalidAttachmentPayload:
            self.init(code: .badRequest, message: message, status: 400)
        case .attachmentPayloadTooLarge(let type, let size, let limit):
            self.init(
                code: .payloadTooLarge, message: message, status: 413, length: size, limit: limit, attachmentType: type.rawValue)
        case .attachmentTooLarge(_, let size, let limit):
            self.init(code: .payloadTooLarge, message: message, status: 413, length: Int(size), limit: Int(limit))
        case .invalidThreadParent(let id):
            self.init(code: .invalidThreadParent, message: message, status: 400, messageId: id)
        case .invalidQuotedMessage(let id):
            self.init(code: .invalidQuotedMessage, message: message, status: 400, messageId: id)
        case .messageNotEditable(let id, let type):
            self.init(code: .messageNotEditable, message: message, status: 400, messageId: id, messageType: type.rawValue)
        case .duplicateId(let id):
            self.init(code: .duplicateId, message: message, status: 409, messageId: id)
        case .channelNotFound(let cid):
            self.init(code: .channelNotFound, message: message, status: 404, cid: cid.rawValue)
        case .messageNotFound(let id):
            self.init(code: .messageNotFound, message: message, status: 404, messageId: id)
        case .userNotFound(let id):
            self.init(code: .userNotFound, message: message, status: 404, userId: id)
        case .notAMember(let user, let cid):
            self.init(code: .notAMember, message: message, status: 403, cid: cid.rawValue, userId: user)
        case .missingCapability(let capability, let cid):
            self.init(
                code: .missingCapability, message: message, status: 403, cid: cid.rawValue,
                capability: capability.rawValue)
        case .featureDisabled(let feature, let cid):
            self.init(code: .featureDisabled, message: message, status: 403, cid: cid.rawValue, feature: feature.rawValue)
        case .channelFrozen(let cid):
            self.init(code: .channelFrozen, message: message, status: 403, cid: cid.rawValue)
        case .messageDeleted(let id):
            self.init(code: .messageDeleted, message: message, status: 409, messageId: id)
        case .notOwnMessage(let id):
            self.init(code: .notOwnMessage, message: message, status: 403, messageId: id)
        case .databaseUnreadable, .diskFull, .readOnlyStorage, .databaseError:
            self = .internalError
        case .notConnected, .serverError:
            // Client-side cases (ParleyChatRemote); the server never throws them.
            self = .internalError
        }
    }

    /// Any error as the wire sees it: wire and chat errors as they are, everything else as an
    /// internal error that says nothing of its cause.
    init(any error: any Error) {
        switch error {
        case let error as WireError: self = error
        case let error as ChatError: self.init(error)
        default: self = .internalError
        }
    }

    static let internalError = WireError(code: .internalError, message: "The server failed.", status: 500)

    static func unauthorized(_ message: String) -> WireError {
        WireError(code: .unauthorized, message: message, status: 401)
    }

    static func badRequest(_ message: String) -> WireError {
        WireError(code: .badRequest, message: message, status: 400)
    }

    static func payloadTooLarge(limit: Int) -> WireError {
        WireError(
            code: .payloadTooLarge, message: "The payload is larger than \(limit) bytes.", status: 413, limit: limit)
    }

    static func rateLimited(retryAfter: TimeInterval) -> WireError {
        WireError(
            code: .rateLimited, message: "Too many requests; retry later.", status: 429,
            retryAfterMilliseconds: Int((retryAfter * 1000).rounded(.up)))
    }
}
