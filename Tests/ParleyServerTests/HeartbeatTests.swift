import Foundation
import Glibc
import Hummingbird
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("WebSocket heartbeat and token cache")
struct HeartbeatTests {
    @Test("A client that stops answering pings is pinged, then closed; a client that answers stays connected")
    func deadClientIsClosed() async throws {
        try await ServerHarness.run(pingInterval: .milliseconds(200)) { server in
            try await server.setUp(users: ["alice", "bob"], channel: "messaging:room", members: ["bob"])
            // bob's client answers pings (Hummingbird's client does); alice's never writes again.
            let live = try await server.socket("bob")
            try live.send(.subscribe(SubscribeFrame(cids: ["messaging:room"])))
            try await live.waitFor("subscribed") { if case .subscribed = $0 { true } else { false } }
            let silent = try SilentSocket(port: server.port, token: try await server.token("alice"))
            defer { silent.close() }
            let began = ContinuousClock.now
            let read = try await silent.readUntilClosed(timeout: .seconds(5))
            #expect(read.closed, "the server never closed the silent socket")
            #expect(read.opcodes.first == 0x1, "the welcome (text) comes first")
            #expect(read.opcodes.contains(0x9), "the server pinged before closing")
            #expect(ContinuousClock.now - began < .seconds(2))

            // Several intervals later the answering client is still served.
            try await Task.sleep(for: .milliseconds(700))
            #expect(!live.isClosed)
            _ = try await server.send("still here", id: "m1", in: "messaging:room", as: "alice")
            try await live.waitFor("the message") {
                if case .event(let event) = $0 { event.message?.id == "m1" } else { false }
            }
            await live.close()
        }
    }

    @Test("A verified token is remembered until it expires, then forgotten")
    func verifiedTokensExpire() {
        let cache = VerifiedTokens()
        let now = Date()
        cache.insert("token-a", claims: ServerTokens.Claims(userId: "alice", expiresAt: now.addingTimeInterval(60)))
        #expect(cache.subject(of: "token-a", now: now) == "alice")
        #expect(cache.subject(of: "token-b", now: now) == nil)
        #expect(cache.subject(of: "token-a", now: now.addingTimeInterval(61)) == nil)
        #expect(cache.count == 0, "an expired token is dropped from the cache")
    }

    @Test("A cached token still fails once its user is deleted, over HTTP and for a new socket")
    func cachedTokenOfDeletedUserIsRefused() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "mallory"], channel: "messaging:room", members: ["mallory"])
            let token = try await server.token("mallory")
            // Used (and cached) before the deletion.
            #expect(try await server.call(.get, WirePath.channels, token: token).status == 200)
            #expect(try await server.call(.delete, WirePath.user("mallory"), token: token).status == 200)
            for (method, path) in [(HTTPRequest.Method.get, WirePath.channels), (.post, WirePath.read("messaging:room"))] {
                let error = try await server.failure(method, path, as: nil, token: token)
                #expect(error.code == .unauthorized && error.status == 401 && error.message.contains("deleted"))
            }
            await #expect(throws: WebSocketRefused.self) { _ = try await server.socket("mallory") }
        }
    }
}

/// A WebSocket client that completes the upgrade and then never writes again (no pongs): what a
/// vanished client looks like to the server.
final class SilentSocket: Sendable {
    let fd: Int32

    /// Completes the WebSocket upgrade as `token`'s user.
    convenience init(port: Int, token: String) throws {
        let request = "GET \(WirePath.webSocket)?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n\r\n"
        try self.init(port: port, sending: Array(request.utf8))
    }

    /// Connects and sends `bytes` (none: a client that connects and never speaks).
    init(port: Int, sending bytes: [UInt8]) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            _ = Glibc.close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        guard bytes.isEmpty || bytes.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            _ = Glibc.close(fd)
            throw POSIXError(.EIO)
        }
    }

    /// Reads (without ever answering) until the server closes or `timeout` passes: whether it
    /// closed, and the opcodes of the frames that came after the upgrade response.
    func readUntilClosed(timeout: Duration) async throws -> (closed: Bool, opcodes: [UInt8]) {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return (true, Self.opcodes(received)) }
            if count > 0 {
                received += buffer[0..<count]
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try await Task.sleep(for: .milliseconds(10))
            } else {
                return (true, Self.opcodes(received))
            }
        }
        return (false, Self.opcodes(received))
    }

    /// The opcodes of the (unmasked, server-sent) frames after the HTTP response head.
    static func opcodes(_ bytes: [UInt8]) -> [UInt8] {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let head = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else { return [] }
        var index = head + 4
        var opcodes: [UInt8] = []
        while index + 2 <= bytes.count {
            opcodes.append(bytes[index] & 0x0F)
            var length = Int(bytes[index + 1] & 0x7F)
            index += 2
            if length == 126 {
                guard index + 2 <= bytes.count else { break }
                length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                index += 2
            } else if length == 127 {
                guard index + 8 <= bytes.count else { break }
                length = bytes[index..<index + 8].reduce(0) { $0 << 8 | Int($1) }
                index += 8
            }
            index += length
        }
        return opcodes
    }

    func close() {
        _ = Glibc.close(fd)
    }
}
