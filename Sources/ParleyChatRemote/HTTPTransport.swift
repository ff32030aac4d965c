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
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: Wire.versionHeader, value: "\(Wire.version)")
        if let body {
            guard let data = try? Wire.encoder().encode(body) else {
                throw ChatError.serverError(code: "bad_request", message: "the request could not be encoded")
            }
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(data)
        }
        let status: Int
        let data: Data
        do {
            let response = try await client.execute(request, timeout: timeout)
            status = Int(response.status.code)
            let buffer = try await response.body.collect(upTo: Self.maxResponseBytes)
            data = Data(buffer.readableBytesView)
        } catch {
            throw ChatError.notConnected(reason: String(describing: error))
        }
        guard (200..<300).contains(status) else {
            if let failure = try? Wire.decoder().decode(WireErrorResponse.self, from: data) {
                throw WireMapping.error(failure.error)
            }
            if status >= 500 || status == 429 {
                throw ChatError.notConnected(reason: "the server answered \(status)")
            }
            throw ChatError.serverError(code: "http_\(status)", message: String(decoding: data, as: UTF8.self))
        }
        do {
            return try Wire.decoder().decode(Response.self, from: data)
        } catch {
            throw ChatError.serverError(code: "bad_response", message: "the answer to \(path) could not be decoded: \(error)")
        }
    }
}
