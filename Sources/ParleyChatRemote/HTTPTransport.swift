import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyChat
import ParleyProtocol

/// JSON over HTTP to a Parley server, with the bearer token on every request. Failures come back
/// as ``ChatError``: the server's errors as the rules' cases, an unreachable server as
/// ``ChatError/notConnected(reason:)``.
struct HTTPTransport: Sendable {
    /// `http(s)://host:port`, without a trailing slash.
    let baseURL: String
    let token: String
    let client: HTTPClient
    /// The longest a request may take.
    let timeout: TimeAmount

    init(serverURL: URL, token: String, client: HTTPClient = .shared, timeout: TimeAmount = .seconds(15)) {
        var base = serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.token = token
        self.client = client
        self.timeout = timeout
    }

    /// The biggest response body read (a channel list with its latest messages).
    static let maxResponseBytes = 64 << 20

    /// Sends `body` (if any) with `method` to `path` (query included) and decodes the answer.
    func send<Response: Decodable>(
        _ method: HTTPMethod, _ path: String, body: (some Encodable)? = Optional<EmptyResponse>.none,
        as: Response.Type = Response.self
    ) async throws(ChatError) -> Response {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        authorize(&request)
        if let body {
            guard let data = try? Wire.encoder().encode(body) else {
                throw ChatError.serverError(code: "bad_request", message: "the request could not be encoded")
            }
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(data)
        }
        let (status, data) = try await perform(request, timeout: timeout)
        return try decodeAnswer(Response.self, status: status, data: data, path: path)
    }

    /// Adds the bearer token and the protocol version.
    func authorize(_ request: inout HTTPClientRequest) {
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: Wire.versionHeader, value: "\(Wire.version)")
    }

    /// Runs `request`; its status and body (an unreachable server is ``ChatError/notConnected(reason:)``).
    /// For an upload (`uploadSize`, its body's length), a refusal the server sent before reading the
    /// body is its answer even when AsyncHTTPClient lost it (see ``refusalBeforeBody(_:size:)``).
    func perform(_ request: HTTPClientRequest, timeout: TimeAmount, uploadSize: Int64? = nil) async throws(ChatError) -> (Int, Data) {
        do {
            let response = try await client.execute(request, timeout: timeout)
            let buffer = try await response.body.collect(upTo: Self.maxResponseBytes)
            return (Int(response.status.code), Data(buffer.readableBytesView))
        } catch let error as ChatError {
            throw error
        } catch {
            if let uploadSize, let failure = error as? HTTPClientError,
               failure == .bodyLengthMismatch || failure == .requestStreamCancelled,
               let refusal = await refusalBeforeBody(request, size: uploadSize) {
                return refusal
            }
            throw ChatError.notConnected(reason: String(describing: error))
        }
    }

    /// The answer decoded, or the failure it carries.
    func decodeAnswer<Response: Decodable>(
        _ type: Response.Type, status: Int, data: Data, path: String
    ) throws(ChatError) -> Response {
        guard (200..<300).contains(status) else { throw decodeFailure(status: status, data: data) }
        do {
            return try Wire.decoder().decode(Response.self, from: data)
        } catch {
            throw ChatError.serverError(code: "bad_response", message: "the answer to \(path) could not be decoded: \(error)")
        }
    }

    /// The error a failed answer carries: the server's error as the rules' case; 5xx and 429 as
    /// ``ChatError/notConnected(reason:)`` (retried).
    func decodeFailure(status: Int, data: Data) -> ChatError {
        if let failure = try? Wire.decoder().decode(WireErrorResponse.self, from: data) {
            return WireMapping.error(failure.error)
        }
        if status >= 500 || status == 429 {
            return ChatError.notConnected(reason: "the server answered \(status)")
        }
        return ChatError.serverError(code: "http_\(status)", message: String(decoding: data, as: UTF8.self))
    }
}
