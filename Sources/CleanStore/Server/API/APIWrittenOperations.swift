import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
@_spi(Generated) import OpenAPIRuntime

/// `GET /api/v1/orders` and `GET /api/v1/orders/{id}` with their 200's JSON written by
/// `APIJSONWriter` instead of `JSONEncoder` (issue 31: the API's list and get at or below their
/// pages' CPU). Everything else about them is the generated code's: the runtime's `UniversalServer`
/// runs them with the same middlewares (`APISpecLimitsMiddleware`) and error handling, the input is
/// read by the same `Converter` calls the generated code makes for these operations (copied from
/// `Generated/Server.swift`: the generated ones are `fileprivate`), the same `APIHandlers` answer,
/// and every answer but the 200's JSON (and its ETag, below) is written as the generated serializer
/// writes it.
/// `APIWrittenOperationsTests` sends the same requests to these and to the generated operations
/// and holds the answers equal byte for byte.
enum APIWrittenOperations {
    typealias Handler = @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)

    /// The operations written here, by the method and path the generated code registers them at.
    static func handlers(_ handlers: APIHandlers, configuration: Configuration, middlewares: [any ServerMiddleware]) -> [String: Handler] {
        let server = UniversalServer(serverURL: URL(string: "/")!, handler: handlers, configuration: configuration, middlewares: middlewares)
        let dates = configuration.dateTranscoder
        let listOrders: Handler = { request, body, metadata in
            try await server.handle(
                request: request, requestBody: body, metadata: metadata, forOperation: Operations.ListOrders.id,
                using: { APIHandlers.listOrders($0) },
                deserializer: { request, _, _ in try listOrdersInput(request, converter: server.converter) },
                serializer: { output, request in try answer(output, to: request, converter: server.converter, dates: dates) })
        }
        let getOrder: Handler = { request, body, metadata in
            try await server.handle(
                request: request, requestBody: body, metadata: metadata, forOperation: Operations.GetOrder.id,
                using: { APIHandlers.getOrder($0) },
                deserializer: { request, _, metadata in try getOrderInput(request, metadata: metadata, converter: server.converter) },
                serializer: { output, request in try answer(output, to: request, converter: server.converter, dates: dates) })
        }
        return [key(.get, "/orders"): listOrders, key(.get, "/orders/{id}"): getOrder]
    }

    static func key(_ method: HTTPRequest.Method, _ path: String) -> String { "\(method.rawValue) \(path)" }

    // MARK: The input, as the generated deserializers read it

    static func listOrdersInput(_ request: HTTPRequest, converter: Converter) throws -> Operations.ListOrders.Input {
        typealias Query = Operations.ListOrders.Input.Query
        func item<T: Decodable>(_ name: String, _ type: T.Type) throws -> T? {
            try converter.getOptionalQueryItemAsURI(in: request.soar_query, style: .form, explode: true, name: name, as: type)
        }
        let query = Query(
            q: try item("q", Components.Schemas.Text.self), shipping: try item("shipping", Query.ShippingPayload.self),
            status: try item("status", Components.Schemas.OrderStatus.self), from: try item("from", Components.Schemas.Text.self),
            to: try item("to", Components.Schemas.Text.self), sort: try item("sort", Query.SortPayload.self),
            after: try item("after", Components.Schemas.Text.self), before: try item("before", Components.Schemas.Text.self))
        return Operations.ListOrders.Input(
            query: query, headers: .init(accept: try converter.extractAcceptHeaderIfPresent(in: request.headerFields)))
    }

    static func getOrderInput(_ request: HTTPRequest, metadata: ServerRequestMetadata, converter: Converter) throws -> Operations.GetOrder.Input {
        Operations.GetOrder.Input(
            path: .init(id: try converter.getPathParameterAsURI(in: metadata.pathParameters, name: "id", as: Components.Parameters.OrderID.self)),
            headers: .init(accept: try converter.extractAcceptHeaderIfPresent(in: request.headerFields)))
    }

    // MARK: The answers

    static func answer(_ output: Operations.ListOrders.Output, to request: HTTPRequest, converter: Converter, dates: any DateTranscoder) throws
        -> (HTTPResponse, HTTPBody?)
    {
        switch output {
        case .ok(let value):
            switch value.body {
            case .json(let page):
                var response = HTTPResponse(soar_statusCode: 200)
                let body = try json(APIJSONWriter.bytes(of: page, dates: dates), in: &response, to: request, converter: converter)
                return (response, body)
            }
        case .badRequest(let value): return try problem(400, value, to: request, converter: converter)
        case .unauthorized(let value): return try problem(401, value, to: request, converter: converter)
        case .forbidden(let value): return try problem(403, value, to: request, converter: converter)
        case .contentTooLarge(let value): return try problem(413, value, to: request, converter: converter)
        case .unprocessableContent(let value): return try problem(422, value, to: request, converter: converter)
        case .tooManyRequests(let value): return try problem(429, value, to: request, converter: converter)
        case .serviceUnavailable(let value): return try problem(503, value, to: request, converter: converter)
        case .undocumented(let statusCode, _): return (HTTPResponse(soar_statusCode: statusCode), nil)
        }
    }

    static func answer(_ output: Operations.GetOrder.Output, to request: HTTPRequest, converter: Converter, dates: any DateTranscoder) throws
        -> (HTTPResponse, HTTPBody?)
    {
        switch output {
        case .ok(let value):
            var response = HTTPResponse(soar_statusCode: 200)
            // The ETag as HTTP has it (`"7"`), as the door makes of the generated serializer's
            // percent-encoded `%227%22` (the runtime's URI style for a header), without the round trip.
            if let eTag = value.headers.eTag { response.headerFields[.eTag] = eTag }
            switch value.body {
            case .json(let order):
                let body = try json(APIJSONWriter.bytes(of: order, dates: dates), in: &response, to: request, converter: converter)
                return (response, body)
            }
        case .badRequest(let value): return try problem(400, value, to: request, converter: converter)
        case .unauthorized(let value): return try problem(401, value, to: request, converter: converter)
        case .forbidden(let value): return try problem(403, value, to: request, converter: converter)
        case .notFound(let value): return try problem(404, value, to: request, converter: converter)
        case .tooManyRequests(let value): return try problem(429, value, to: request, converter: converter)
        case .serviceUnavailable(let value): return try problem(503, value, to: request, converter: converter)
        case .undocumented(let statusCode, _): return (HTTPResponse(soar_statusCode: statusCode), nil)
        }
    }

    /// A 200's JSON with the headers the runtime sets for a body (`setResponseBodyAsJSON`): its type
    /// and its length; a 406 (the runtime's error) when the request's `Accept` takes no JSON.
    private static func json(_ bytes: [UInt8], in response: inout HTTPResponse, to request: HTTPRequest, converter: Converter) throws -> HTTPBody {
        try converter.validateAcceptIfPresent("application/json", in: request.headerFields)
        response.headerFields[.contentType] = "application/json; charset=utf-8"
        response.headerFields[.contentLength] = String(bytes.count)
        return HTTPBody(bytes)
    }

    /// A problem the operation answered (rather than threw), as the generated serializer writes it.
    private static func problem(_ status: Int, _ value: Components.Responses.Problem, to request: HTTPRequest, converter: Converter) throws
        -> (HTTPResponse, HTTPBody?)
    {
        var response = HTTPResponse(soar_statusCode: status)
        switch value.body {
        case .applicationProblemJson(let problem):
            try converter.validateAcceptIfPresent("application/problem+json", in: request.headerFields)
            let body = try converter.setResponseBodyAsJSON(
                problem, headerFields: &response.headerFields, contentType: "application/problem+json; charset=utf-8")
            return (response, body)
        }
    }
}

/// The transport the generated code registers the API's operations on: Hummingbird's router
/// group (OpenAPIHummingbird's `register`), each operation as generated except those given another
/// handler (`APIWrittenOperations`), by method and path.
struct APITransport: ServerTransport {
    let group: RouterGroup<AppRequestContext>
    let replacing: [String: APIWrittenOperations.Handler]

    func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method, path: String
    ) throws {
        group.register(replacing[APIWrittenOperations.key(method, path)] ?? handler, method: method, path: path)
    }
}
