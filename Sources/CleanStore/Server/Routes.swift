import Hummingbird

/// The route table (see HTTP.md). Every route wires a fresh scene for its request.
enum Routes {
    typealias Handler = @Sendable (Request, AppRequestContext) async throws -> Response

    struct Route: Sendable {
        var method: HTTPRequest.Method
        var path: RouterPath
        var handler: Handler
    }

    static func table(environment: SceneEnvironment) -> [Route] {
        @Sendable func formFields(_ request: Request, _ context: AppRequestContext) async throws -> CreateOrder.OrderFormFields {
            try await FormDecoding.decode(
                CreateOrder.OrderFormFields.self, from: request, context: context, security: environment.security
            ).get()
        }
        return [
            Route(method: .get, path: "/") { _, _ in .seeOther("/orders") },
            Route(method: .get, path: "/healthz") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
            },
            Route(method: .get, path: "/orders") { request, _ in
                await ListOrdersViewController(environment: environment).showOrders(request: request)
            },
            Route(method: .post, path: "/orders") { request, context in
                let fields = try await formFields(request, context)
                return await CreateOrderViewController(environment: environment, csrfToken: context.csrfToken)
                    .createOrder(orderFormFields: fields)
            },
            Route(method: .get, path: "/orders/new") { _, context in
                CreateOrderViewController(environment: environment, csrfToken: context.csrfToken).newOrder()
            },
            Route(method: .get, path: "/orders/:id") { request, context in
                let id = try context.parameters.require("id")
                return await ShowOrderViewController(environment: environment).showOrder(id: id, request: request)
            },
            Route(method: .post, path: "/orders/:id") { request, context in
                let id = try context.parameters.require("id")
                let fields = try await formFields(request, context)
                return await CreateOrderViewController(environment: environment, csrfToken: context.csrfToken)
                    .updateOrder(id: id, orderFormFields: fields)
            },
            Route(method: .get, path: "/orders/:id/delete") { _, context in
                let id = try context.parameters.require("id")
                return await DeleteOrderViewController(environment: environment, csrfToken: context.csrfToken)
                    .showOrderToDelete(id: id)
            },
            Route(method: .post, path: "/orders/:id/delete") { request, context in
                let id = try context.parameters.require("id")
                _ = try await FormDecoding.decode(
                    FormDecoding.NoFields.self, from: request, context: context, security: environment.security
                ).get()
                return await DeleteOrderViewController(environment: environment, csrfToken: context.csrfToken)
                    .deleteOrder(id: id)
            },
            Route(method: .get, path: "/orders/:id/edit") { _, context in
                let id = try context.parameters.require("id")
                return await CreateOrderViewController(environment: environment, csrfToken: context.csrfToken)
                    .editOrder(id: id)
            },
        ]
    }

    /// The methods a path answers to (for 405 and its `Allow` header); empty for an unknown path.
    /// As in the router, a literal segment wins over a parameter (`/orders/new` is not `/orders/{id}`).
    static func allowedMethods(for path: String, in routes: [Route]) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matches = routes.compactMap { route -> (parameters: Int, method: HTTPRequest.Method)? in
            let pattern = route.path.description.split(separator: "/", omittingEmptySubsequences: true)
            guard pattern.count == segments.count,
                zip(pattern, segments).allSatisfy({ $0.hasPrefix("{") || $0 == $1 })
            else { return nil }
            return (pattern.filter { $0.hasPrefix("{") }.count, route.method)
        }
        guard let fewest = matches.map(\.parameters).min() else { return [] }
        return matches.filter { $0.parameters == fewest }.map(\.method)
    }
}
