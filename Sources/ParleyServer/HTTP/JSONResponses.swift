import Foundation
import Hummingbird
import ParleyProtocol

/// JSON bodies in and out, in the wire's conventions.
enum JSONResponses {
    static let encoder = Wire.encoder()
    static let decoder = Wire.decoder()

    static func ok(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        response(try encoder.encode(value), status: status)
    }

    /// A write's answer, around its events' JSON as stored.
    static func ok(_ written: ChatService.Written) throws -> Response {
        response(try written.encoded(with: encoder), status: .ok)
    }

    static func error(_ error: WireError) -> Response {
        let data = (try? encoder.encode(WireErrorResponse(error: error))) ?? Data()
        return response(data, status: HTTPResponse.Status(code: error.status))
    }

    static func response(_ data: Data, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if let name = HTTPFields.Element.Name(Wire.versionHeader) { headers[name] = "\(Wire.version)" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Decodes the body, refusing one larger than `limit` bytes.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch {
            throw WireError.payloadTooLarge(limit: limit)
        }
        return try decoder.decode(T.self, from: Data(buffer: buffer))
    }
}
