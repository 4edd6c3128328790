import HTTPTypes
import OpenAPIRuntime

/// openapi.yaml's `maxLength` of every path parameter and header, by operation: the generated code
/// checks no `maxLength` (it decodes a string of any length), so the spec's limits are kept here,
/// in one table that `APISpecLimitsTests` holds to the spec, and enforced in one place
/// (`APISpecLimitsMiddleware`) before any operation reads its input — instead of each operation
/// checking its own (an order id's 20 characters, a draft's reference, If-Match's 40).
enum APISpecLimits {
    enum Place: String, Sendable { case path, header }

    struct Limit: Sendable, Equatable {
        var name: String
        var place: Place
        var maxLength: Int
    }

    private static let orderID = Limit(name: "id", place: .path, maxLength: 20)
    private static let customerID = Limit(name: "id", place: .path, maxLength: 20)
    private static let draftRef = Limit(name: "ref", place: .path, maxLength: 20)
    private static let sku = Limit(name: "sku", place: .path, maxLength: 200)
    private static let ifMatch = Limit(name: "If-Match", place: .header, maxLength: 40)
    private static let draftKey = Limit(name: "Idempotency-Key", place: .header, maxLength: 255)
    private static let placingKey = Limit(name: "Idempotency-Key", place: .header, maxLength: 64)

    /// Each operation's limits (operations with none are left out).
    static let byOperation: [String: [Limit]] = [
        "getOrder": [orderID],
        "changeOrderStatus": [orderID, ifMatch],
        "listOrderNotes": [orderID],
        "addOrderNote": [orderID],
        "createDraft": [draftKey],
        "getDraft": [draftRef],
        "saveDraftCaller": [draftRef, ifMatch],
        "saveDraftDelivery": [draftRef, ifMatch],
        "addDraftLine": [draftRef, ifMatch],
        "changeDraftLine": [draftRef, sku, ifMatch],
        "removeDraftLine": [draftRef, sku, ifMatch],
        "placeDraft": [draftRef, ifMatch, placingKey],
        "getProduct": [sku],
        "getCustomer": [customerID],
    ]

    /// The refusal of a request over a limit, or nil: a path parameter longer than the spec allows
    /// names nothing there is (404, as an unknown one); a header longer than it allows is a request
    /// of another shape (400). Lengths are counted in characters, as JSON Schema's `maxLength`.
    static func refusal(operationID: String, pathParameters: [String: Substring], headers: HTTPFields) -> APIProblem? {
        for limit in byOperation[operationID] ?? [] {
            switch limit.place {
            case .path:
                if let value = pathParameters[limit.name], value.count > limit.maxLength {
                    return .notFound
                }
            case .header:
                if let name = HTTPField.Name(limit.name), let value = headers[name], value.count > limit.maxLength {
                    return APIProblem.status(.badRequest, detail: "\(limit.name) is longer than this operation takes (\(limit.maxLength) characters).")
                }
            }
        }
        return nil
    }
}

/// `APISpecLimits` at the generated server's own middleware slot, where the operation and its path
/// parameters are known and nothing is decoded yet.
struct APISpecLimitsMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if let refusal = APISpecLimits.refusal(operationID: operationID, pathParameters: metadata.pathParameters, headers: request.headerFields) {
            throw refusal
        }
        return try await next(request, body, metadata)
    }
}
