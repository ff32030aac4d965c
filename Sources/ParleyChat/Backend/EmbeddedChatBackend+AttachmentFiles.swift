import Foundation

/// The embedded backend's "upload": the files of a sent message's image and file attachments are
/// copied into ``EmbeddedChatBackend/attachmentsDirectory``, so the message keeps showing them
/// after the originals are moved or deleted.
extension EmbeddedChatBackend {
    /// Where sent attachments are kept: a folder beside the database (`chat.sqlite.attachments`),
    /// or a folder of this process's temporary directory for an in-memory store.
    public var attachmentsDirectory: URL {
        if store.path != ":memory:" { return URL(fileURLWithPath: store.path + ".attachments", isDirectory: true) }
        let name = "parley-attachments-\(ProcessInfo.processInfo.processIdentifier)-\(UInt(bitPattern: ObjectIdentifier(store).hashValue))"
        return FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    }

    /// `message` with each attachment's file copied to `<attachmentsDirectory>/<message id>/<n>-<name>`
    /// (names reduced to letters, digits, `.`, `_` and `-`, so nothing is written outside the
    /// folder) and the attachment pointing at the copy. Files already in the folder stay; a retry
    /// of the same message finds its copies and copies nothing again.
    ///
    /// - Throws: ``ChatError/attachmentFileMissing(_:)`` when a file is missing or unreadable;
    ///   ``ChatError/diskFull(reason:)`` or ``ChatError/readOnlyStorage(reason:)`` when the copy
    ///   cannot be written.
    func storingAttachmentFiles(of message: OutgoingMessage) throws(ChatError) -> OutgoingMessage {
        guard message.attachments.contains(where: { $0.localURL != nil }) else { return message }
        let root = attachmentsDirectory.standardizedFileURL
        let folder = root.appendingPathComponent(Self.safeFileName(message.id), isDirectory: true)
        var stored = message
        for index in stored.attachments.indices {
            guard let source = stored.attachments[index].localURL else { continue }
            if source.standardizedFileURL.path.hasPrefix(root.path + "/") { continue }
            let target = folder.appendingPathComponent("\(index)-" + Self.safeFileName(source.lastPathComponent))
            try Self.copy(source, to: target, in: folder)
            stored.attachments[index].payload = Self.payload(stored.attachments[index].payload, at: target)
        }
        return stored
    }

    private static func copy(_ source: URL, to target: URL, in folder: URL) throws(ChatError) {
        let files = FileManager.default
        guard files.isReadableFile(atPath: source.path) else { throw ChatError.attachmentFileMissing(source) }
        if files.fileExists(atPath: target.path) { return }
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            // Copied under a temporary name and renamed, so a crash never leaves half a file under the real one.
            let partial = folder.appendingPathComponent(".partial-" + target.lastPathComponent)
            try? files.removeItem(at: partial)
            try files.copyItem(at: source, to: partial)
            try files.moveItem(at: partial, to: target)
        } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
            throw ChatError.diskFull(reason: "cannot copy the attachment \(target.lastPathComponent): \(error.localizedDescription)")
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileReadNoPermission {
            throw ChatError.attachmentFileMissing(source)
        } catch {
            throw ChatError.readOnlyStorage(reason: "cannot copy the attachment \(target.lastPathComponent): \(error.localizedDescription)")
        }
    }

    private static func payload(_ payload: ChatMessageAttachment.Payload, at url: URL) -> ChatMessageAttachment.Payload {
        switch payload {
        case .image(var image):
            image.localURL = url
            return .image(image)
        case .file(var file):
            file.localURL = url
            return .file(file)
        case .link, .custom:
            return payload
        }
    }

    /// `name` as ``AttachmentFileName/sanitized(_:)`` makes it safe for one path component.
    static func safeFileName(_ name: String) -> String {
        AttachmentFileName.sanitized(name)
    }
}
