import Foundation
import GRDB
import Testing
@testable import ParleyChat

@Suite struct ChatErrorTests {
    static let samples: [ChatError] = [
        .emptyMessage, .messageTooLong(length: 6, limit: 5), .invalidChannelId("x"), .invalidReactionType(""),
        .invalidReactionScore(0), .attachmentFileMissing(URL(fileURLWithPath: "/nope")), .invalidThreadParent("m"),
        .invalidQuotedMessage("m"), .messageNotEditable("m", .system), .messageNotFailed("m", .synced), .duplicateId("m"),
        .channelNotFound(ChannelId(type: .messaging, id: "c")), .messageNotFound("m"), .userNotFound("u"),
        .notAMember("u", cid: ChannelId(type: .messaging, id: "c")),
        .missingCapability(.sendMessage, cid: ChannelId(type: .messaging, id: "c")),
        .featureDisabled(.reactions, cid: ChannelId(type: .messaging, id: "c")),
        .channelFrozen(ChannelId(type: .messaging, id: "c")), .messageDeleted("m"), .notOwnMessage("m"),
        .databaseUnreadable(path: "/db", reason: "file is not a database", movedTo: nil),
        .databaseUnreadable(path: "/db", reason: "file is not a database", movedTo: "/db.unreadable"),
        .diskFull(reason: "full"), .readOnlyStorage(reason: "ro"), .databaseError(code: 1, reason: "x"),
        .attachmentTooLarge(fileName: "plan.pdf", size: 31_400_000, limit: 20_000_000),
    ]

    @Test(arguments: samples)
    func everyErrorSaysWhatWentWrongAndWhatToDo(_ error: ChatError) {
        let text = error.description
        #expect(text.count > 30)
        #expect(text.hasSuffix(".") || text.hasSuffix(")"))
        #expect(error.errorDescription == text)
    }

    @Test func specificMessages() {
        #expect(ChatError.messageTooLong(length: 6001, limit: 5000).description.contains("6001"))
        #expect(ChatError.featureDisabled(.reactions, cid: ChannelId(type: .messaging, id: "c")).description
            .contains("config.reactionsEnabled is false"))
        #expect(ChatError.databaseUnreadable(path: "/a", reason: "r", movedTo: "/b").description.contains("not deleted"))
        #expect(ChatError.attachmentTooLarge(fileName: "plan.pdf", size: 31_400_000, limit: 20_000_000).description
            == "plan.pdf is 31.4 MB; files of at most 20 MB can be sent here. Attach a smaller file.")
        #expect(ChatError.byteCount(999) == "999 bytes" && ChatError.byteCount(1_500) == "1.5 KB" && ChatError.byteCount(2_000_000_000) == "2 GB")
    }

    @Test func sqliteCodesAreClassified() {
        #expect(ChatError(DatabaseError(resultCode: .SQLITE_FULL), path: "p") == .diskFull(reason: DatabaseError(resultCode: .SQLITE_FULL).message ?? "SQLITE_FULL"))
        #expect(ChatError(DatabaseError(resultCode: .SQLITE_READONLY, message: "ro"), path: "p") == .readOnlyStorage(reason: "ro"))
        #expect(ChatError(DatabaseError(resultCode: .SQLITE_NOTADB, message: "x"), path: "p")
            == .databaseUnreadable(path: "p", reason: "x", movedTo: nil))
        #expect(ChatError(DatabaseError(resultCode: .SQLITE_CORRUPT, message: "y"), path: "p")
            == .databaseUnreadable(path: "p", reason: "y", movedTo: nil))
        #expect(ChatError.diskFull(reason: "").isStorageFailure)
        #expect(!ChatError.emptyMessage.isStorageFailure)
    }
}
