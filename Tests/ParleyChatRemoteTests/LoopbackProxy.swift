import Foundation
import Glibc
import ParleyChat

/// A TCP proxy on a free loopback port in front of a server: clients that connect through it
/// can have their connections cut at any moment (the network dropping), or their traffic
/// swallowed (a server that stored a request but whose answer never arrives).
///
/// Plain sockets and two threads per connection: simple enough to trust in a test about faults.
final class LoopbackProxy: Sendable {
    /// What the proxy does with the bytes it relays.
    enum Mode: Sendable {
        /// Relays both ways.
        case pass
        /// Relays to the server but swallows everything the server answers.
        case dropResponses
        /// Swallows both ways (counting the bytes clients send: ``droppedRequestBytes``).
        case dropAll
    }

    /// The proxy's port on 127.0.0.1.
    let port: Int
    private let targetPort: Int
    private let listener: Int32
    private let state = PthreadMutex(State())

    private struct Connection {
        let client: Int32
        let server: Int32
        /// Pumps still running; the last one to stop closes both sockets.
        var pumps = 2
    }

    private struct State {
        var connections: [Int: Connection] = [:]
        var nextId = 0
        var mode = Mode.pass
        var cuts = 0
        var accepted = 0
        var droppedRequestBytes = 0
    }

    /// Listens on a free loopback port and relays to `targetPort` on 127.0.0.1.
    init(targetPort: Int) throws {
        self.targetPort = targetPort
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 512) == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:port`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// Connections cut so far by ``cutRandomConnection()`` and ``cutAll()``.
    var cuts: Int { state.withLock { $0.cuts } }
    /// Connections accepted so far.
    var accepted: Int { state.withLock { $0.accepted } }
    /// Connections open now.
    var openConnections: Int { state.withLock { $0.connections.count } }
    /// Bytes from clients swallowed in ``Mode/dropAll``.
    var droppedRequestBytes: Int { state.withLock { $0.droppedRequestBytes } }

    /// Cuts one open connection chosen at random (both sides see it close); `false` if none is open.
    @discardableResult
    func cutRandomConnection() -> Bool {
        state.withLock { state in
            guard let (_, connection) = state.connections.filter({ $0.value.pumps == 2 }).randomElement() else { return false }
            shutdown(connection.client, Int32(SHUT_RDWR))
            shutdown(connection.server, Int32(SHUT_RDWR))
            state.cuts += 1
            return true
        }
    }

    /// Cuts every open connection.
    func cutAll() {
        state.withLock { state in
            for connection in state.connections.values {
                shutdown(connection.client, Int32(SHUT_RDWR))
                shutdown(connection.server, Int32(SHUT_RDWR))
                state.cuts += 1
            }
        }
    }

    /// Stops accepting and cuts every connection.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        cutAll()
    }

    // MARK: Relaying

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break  // stop() shut the listener down
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard server >= 0, connected == 0 else {
                if server >= 0 { close(server) }
                close(client)
                continue
            }
            let id = state.withLock { state in
                state.nextId += 1
                state.accepted += 1
                state.connections[state.nextId] = Connection(client: client, server: server)
                return state.nextId
            }
            Thread.detachNewThread { [self] in pump(id, from: client, to: server, upstream: true) }
            Thread.detachNewThread { [self] in pump(id, from: server, to: client, upstream: false) }
        }
        close(listener)
    }

    private func pump(_ id: Int, from source: Int32, to destination: Int32, upstream: Bool) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        relay: while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            let swallow = state.withLock { state -> Bool in
                switch (state.mode, upstream) {
                case (.pass, _), (.dropResponses, true): return false
                case (.dropAll, true):
                    state.droppedRequestBytes += count
                    return true
                case (.dropResponses, false), (.dropAll, false): return true
                }
            }
            if swallow { continue }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
                if written <= 0 { break relay }
                sent += written
            }
        }
        // One side ended: end the other too, and close both once neither pump uses them.
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
        let finished = state.withLock { state -> Connection? in
            guard var connection = state.connections[id] else { return nil }
            connection.pumps -= 1
            if connection.pumps == 0 {
                state.connections[id] = nil
                return connection
            }
            state.connections[id] = connection
            return nil
        }
        if let finished {
            close(finished.client)
            close(finished.server)
        }
    }
}
