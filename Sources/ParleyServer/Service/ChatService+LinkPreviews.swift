import Foundation
import Logging
import ParleyChat
import ParleyProtocol

// Link previews on the server (`parley serve --link-previews`): after a message with an http(s)
// link and no link attachment is accepted, the page of its first link is fetched and, if it says
// something, the message gets a `link` attachment and a `message.updated` event, so every client
// syncs it. The page's picture (`og:image`), when the fetcher gives one, is stored as an upload to
// the message's channel by its author (only in channels whose config allows uploads), and the
// attachment's `imageURL` is that upload's path. The send's answer never waits for the page (at most 2 s with `HTTPLinkPreviewFetcher`;
// a fetch still running when the server stops finds its storage closed and logs that); a message
// edited later is not fetched again.
extension ChatService {
    /// Starts fetching the preview of the message `response` answered, when it was just created.
    func startLinkPreview(of request: SendMessageRequest, response: WriteResponse) {
        guard let fetcher = linkPreviewFetcher, !response.events.isEmpty,
              !request.attachments.contains(where: { $0.type == "link" }),
              let url = LinkPreviewLinks.firstLink(in: request.text) else { return }
        let messageId = request.id
        Task.detached { [self] in
            guard let metadata = await fetcher.metadata(for: url), let payload = metadata.linkPayload(for: url) else { return }
            do {
                try await attachLinkPreview(payload, picture: metadata.imageURL, fetchedBy: fetcher, to: messageId)
            } catch {
                logger.notice("link preview of message \(messageId) not stored: \(error)")
            }
        }
    }

    /// Appends the link attachment (with the picture at `picture`, when `fetcher` gives one) and
    /// the `message.updated` event, unless the message was deleted or got a link attachment
    /// meanwhile.
    func attachLinkPreview(
        _ payload: LinkAttachmentPayload, picture: URL?, fetchedBy fetcher: any LinkPreviewFetching, to id: MessageId
    ) async throws {
        guard let (authorId, cid, uploads) = try await storage.read({ tx in
            try tx.message(id).map { ($0.userId, $0.cid, try tx.channel($0.cid)?.config.uploadsEnabled ?? false) }
        }) else { return }
        var stored: UploadResponse?
        if uploads, let picture, let image = await fetcher.image(at: picture) {
            stored = try await storeUpload(image.data, fileName: image.fileName, mimeType: image.mimeType, in: cid, by: authorId)
        }
        let pictureURL = stored.flatMap { URL(string: $0.path) }
        _ = try await perform(authorId, in: cid) { tx, actor in
            guard var message = try tx.message(id), !message.isDeleted,
                  !message.attachments.contains(where: { $0.type == "link" }) else {
                return Outcome(response: WriteResponse(events: []))
            }
            message.attachments.append(WireAttachment(
                type: "link", url: payload.url, title: payload.title, text: payload.text, siteName: payload.siteName,
                imageURL: pictureURL))
            message.updatedAt = tx.now
            try tx.updateMessage(message)
            let wire = try tx.wireMessage(message)
            let event = try Self.append(tx, message.cid, .messageUpdated, actor: actor.id, message: wire)
            return Outcome(response: WriteResponse(events: [event], message: wire))
        }
    }
}
