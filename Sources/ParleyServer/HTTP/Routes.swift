import Foundation
import Hummingbird
import ParleyChat
import ParleyProtocol

/// The HTTP API of ``WirePath`` on a router whose middleware has authenticated the actor.
struct Routes: Sendable {
    let service: ChatService

    var limit: Int { service.limits.maxFrameBytes }

    func add(to router: Router<ParleyRequestContext>) {
        let v1 = router.group(RouterPath(Wire.pathPrefix))
        v1.post("users") { request, context in
            let body = try await JSONResponses.decode(UpsertUsersRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.upsertUsers(body.users, by: context.actorId))
        }
        v1.get("users") { request, context in
            let ids = request.uri.queryParameters["ids"].map { $0.split(separator: ",").map(String.init) } ?? []
            return try JSONResponses.ok(try await service.users(ids, by: context.actorId))
        }
        v1.delete("users/:id") { _, context in
            try await service.deleteUser(try parameter("id", context), by: context.actorId)
            return try JSONResponses.ok(EmptyResponse())
        }
        v1.get("channels") { request, context in
            try JSONResponses.ok(try await service.channelList(
                messageLimit: intQuery(request, "messages") ?? 25, by: context.actorId))
        }
        v1.post("channels") { request, context in
            let body = try await JSONResponses.decode(CreateChannelRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.createChannel(body, by: context.actorId), status: .created)
        }
        v1.get("channels/:cid") { request, context in
            try JSONResponses.ok(try await service.channelState(
                try parameter("cid", context), messageLimit: intQuery(request, "messages") ?? 25, by: context.actorId))
        }
        v1.patch("channels/:cid") { request, context in
            let body = try await JSONResponses.decode(UpdateChannelRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.updateChannel(try parameter("cid", context), body, by: context.actorId))
        }
        v1.delete("channels/:cid") { _, context in
            try JSONResponses.ok(try await service.deleteChannel(try parameter("cid", context), by: context.actorId))
        }
        v1.put("channels/:cid/frozen") { request, context in
            let body = try await JSONResponses.decode(SetFlagRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.setFrozen(try parameter("cid", context), body.value, by: context.actorId))
        }
        v1.put("channels/:cid/muted") { request, context in
            let body = try await JSONResponses.decode(SetFlagRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.setMuted(try parameter("cid", context), body.value, by: context.actorId))
        }
        v1.post("channels/:cid/members") { request, context in
            let body = try await JSONResponses.decode(MembersRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.addMembers(try parameter("cid", context), body.userIds, by: context.actorId))
        }
        v1.post("channels/:cid/members/remove") { request, context in
            let body = try await JSONResponses.decode(MembersRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(
                try await service.removeMembers(try parameter("cid", context), body.userIds, by: context.actorId))
        }
        v1.get("channels/:cid/messages") { request, context in
            try JSONResponses.ok(try await service.messages(
                try parameter("cid", context), before: request.uri.queryParameters["before"].map(String.init),
                parentId: request.uri.queryParameters["parent"].map(String.init),
                limit: intQuery(request, "limit") ?? 25, by: context.actorId))
        }
        v1.post("channels/:cid/messages") { request, context in
            let body = try await JSONResponses.decode(SendMessageRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.sendMessageWritten(try parameter("cid", context), body, by: context.actorId))
        }
        v1.post("channels/:cid/read") { _, context in
            try JSONResponses.ok(try await service.markRead(try parameter("cid", context), by: context.actorId))
        }
        v1.post("channels/:cid/typing") { request, context in
            let body = try await JSONResponses.decode(TypingRequest.self, from: request, limit: limit)
            try await service.typing(
                try parameter("cid", context), parentMessageId: body.parentMessageId, isTyping: body.isTyping,
                by: context.actorId)
            return try JSONResponses.ok(EmptyResponse())
        }
        v1.patch("messages/:id") { request, context in
            let body = try await JSONResponses.decode(EditMessageRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.editMessage(try parameter("id", context), text: body.text, by: context.actorId))
        }
        v1.delete("messages/:id") { _, context in
            try JSONResponses.ok(try await service.deleteMessage(try parameter("id", context), by: context.actorId))
        }
        v1.post("messages/:id/reactions") { request, context in
            let body = try await JSONResponses.decode(AddReactionRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.addReaction(try parameter("id", context), body, by: context.actorId))
        }
        v1.delete("messages/:id/reactions/:type") { request, context in
            try JSONResponses.ok(try await service.removeReaction(
                try parameter("id", context), type: try parameter("type", context),
                operationId: request.uri.queryParameters[Substring(WirePath.operationIdQuery)].map(String.init),
                by: context.actorId))
        }
        v1.post("sync") { request, context in
            let body = try await JSONResponses.decode(SyncRequest.self, from: request, limit: limit)
            return try JSONResponses.ok(try await service.sync(body, by: context.actorId))
        }
        v1.get("search") { request, context in
            try JSONResponses.ok(try await service.search(
                request.uri.queryParameters["q"].map(String.init) ?? "",
                cid: request.uri.queryParameters["cid"].map(String.init), limit: intQuery(request, "limit") ?? 25,
                by: context.actorId))
        }
        // Reached only when the upgrade did not happen (its authentication failed first, in the middleware).
        v1.get("ws") { _, _ -> Response in
            throw WireError.badRequest("This endpoint takes a WebSocket upgrade.")
        }
    }

    /// A path parameter, percent-decoded.
    func parameter(_ name: String, _ context: ParleyRequestContext) throws -> String {
        let raw = try context.parameters.require(name)
        return raw.removingPercentEncoding ?? raw
    }

    func intQuery(_ request: Request, _ name: String) -> Int? {
        request.uri.queryParameters[Substring(name)].flatMap { Int(String($0)) }
    }
}
