import Foundation
import ParleyChat

extension L10n {
    /// What the user is told when `error` stops something they did, in the provider's language.
    ///
    /// ``ChatError/description`` is written for the app's developer (it names the API to call);
    /// this is the sentence for the person at the screen, so it leaves out ids and API names and
    /// keeps only what they can act on: a file path, a limit, the server's own message.
    package func message(for error: ChatError) -> String {
        switch error {
        case .emptyMessage: tr("error.emptyMessage")
        case .messageTooLong(_, let limit): plural("error.messageTooLong", count: limit)
        case .invalidChannelId(let raw): tr("error.invalidChannelId", .string(raw))
        case .invalidReactionType(let raw): tr("error.invalidReactionType", .string(raw))
        case .invalidReactionScore: tr("error.invalidReactionScore")
        case .attachmentFileMissing(let url): tr("error.attachmentFileMissing", .string(url.lastPathComponent))
        case .attachmentTooLarge(let name, _, let limit):
            tr("error.attachmentTooLarge", .string(name), .string(DefaultFileSizeFormatter().format(limit)))
        case .attachmentPayloadTooLarge(_, _, let limit): plural("error.attachmentPayloadTooLarge", count: limit)
        case .invalidAttachmentPayload: tr("error.invalidAttachmentPayload")
        case .invalidThreadParent: tr("error.invalidThreadParent")
        case .invalidQuotedMessage: tr("error.invalidQuotedMessage")
        case .messageNotEditable: tr("error.messageNotEditable")
        case .messageNotFailed: tr("error.messageNotFailed")
        case .duplicateId: tr("error.duplicateId")
        case .channelNotFound: tr("error.channelNotFound")
        case .messageNotFound: tr("error.messageNotFound")
        case .userNotFound: tr("error.userNotFound")
        case .notAMember: tr("error.notAMember")
        case .missingCapability: tr("error.missingCapability")
        case .featureDisabled: tr("error.featureDisabled")
        case .channelFrozen: tr("error.channelFrozen")
        case .messageDeleted: tr("error.messageDeleted")
        case .notOwnMessage: tr("error.notOwnMessage")
        case .databaseUnreadable(_, _, let movedTo):
            movedTo.map { tr("error.databaseUnreadable.movedAside", .string($0)) } ?? tr("error.databaseUnreadable")
        case .diskFull: tr("error.diskFull")
        case .readOnlyStorage: tr("error.readOnlyStorage")
        case .databaseError: tr("error.databaseError")
        case .notConnected: tr("error.notConnected")
        case .serverError(_, let message): tr("error.serverError", .string(message))
        }
    }
}
