import Hummingbird

/// Reads a posted web form into `T`, or says with which status to refuse it:
/// 415 for another content type, 413 for a body over the context's limit, 400 for a body that is
/// no form (invalid UTF-8, malformed percent-encoding, a field given twice, …).
enum FormDecoding {
    static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, context: AppRequestContext
    ) async -> Result<T, HTTPError> {
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            return .failure(HTTPError(.unsupportedMediaType))
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: context.maxUploadSize)
        } catch {
            return .failure(HTTPError(.contentTooLarge))
        }
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            return .failure(HTTPError(.badRequest))
        }
        do {
            return .success(try context.requestDecoder.decode(type, from: text))
        } catch {
            return .failure(HTTPError(.badRequest))
        }
    }
}
