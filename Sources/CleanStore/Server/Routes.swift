import Hummingbird

/// The route table (see HTTP.md): the one place that reads a Hummingbird `Request`. Each route
/// reads what its scene needs (path parameters, query, the flash, a decoded form) and hands it to
/// a fresh scene, wired for this request.
enum Routes {
    typealias Handler = @Sendable (Request, AppRequestContext) async throws -> Response

    struct Route: Sendable {
        var method: HTTPRequest.Method
        var path: AppPath
        var handler: Handler
    }

    static func table(environment: SceneEnvironment) -> [Route] {
        @Sendable func flash(_ request: Request, _ context: AppRequestContext) -> String? {
            Flash(security: environment.security, browserID: context.browserID).message(in: request)
        }
        @Sendable func orderFormFields(_ context: AppRequestContext) throws -> CreateOrder.OrderFormFields {
            try FormDecoding.decode(CreateOrder.OrderFormFields.self, context: context)
        }
        @Sendable func orderID(_ context: AppRequestContext) throws -> String {
            try context.parameters.require("id")
        }
        @Sendable func createOrder(_ context: AppRequestContext) -> CreateOrderViewController {
            CreateOrderViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func deleteOrder(_ context: AppRequestContext) -> DeleteOrderViewController {
            DeleteOrderViewController(environment: environment.serving(context), browser: context.browser)
        }
        return [
            Route(method: .get, path: Paths.root) { _, _ in .seeOther(Paths.orders.description) },
            Route(method: .get, path: Paths.healthz) { _, context in await HealthCheck.response(store: environment.ordersStore, logger: context.logger) },
            Route(method: .get, path: Paths.orders) { request, context in
                let query = request.uri.queryParameters
                return await ListOrdersViewController(environment: environment.serving(context), browser: context.browser).showOrders(
                    after: query["after"].map(String.init), before: query["before"].map(String.init),
                    flash: flash(request, context))
            },
            Route(method: .post, path: Paths.orders) { _, context in
                await createOrder(context).createOrder(orderFormFields: try orderFormFields(context))
            },
            Route(method: .get, path: Paths.newOrder) { _, context in
                createOrder(context).newOrder()
            },
            Route(method: .get, path: Paths.order) { request, context in
                await ShowOrderViewController(environment: environment.serving(context), browser: context.browser).showOrder(
                    id: try orderID(context), flash: flash(request, context))
            },
            Route(method: .post, path: Paths.order) { _, context in
                await createOrder(context).updateOrder(id: try orderID(context), orderFormFields: try orderFormFields(context))
            },
            Route(method: .get, path: Paths.deleteOrder) { _, context in
                await deleteOrder(context).showOrderToDelete(id: try orderID(context))
            },
            Route(method: .post, path: Paths.deleteOrder) { _, context in
                _ = try FormDecoding.decode(FormDecoding.NoFields.self, context: context)
                return await deleteOrder(context).deleteOrder(id: try orderID(context))
            },
            Route(method: .get, path: Paths.editOrder) { _, context in
                await createOrder(context).editOrder(id: try orderID(context))
            },
            Route(method: .get, path: Paths.orderHistory) { _, context in
                await ViewOrderHistoryViewController(environment: environment.serving(context), browser: context.browser).showHistory(
                    id: try orderID(context))
            },
        ]
    }

    /// The methods a path answers to (for 405 and its `Allow` header); empty for an unknown path.
    /// As in the router, a literal segment wins over a parameter (`/orders/new` is not `/orders/{id}`).
    /// Written here because Hummingbird's router says only whether a path and method match, not
    /// which methods a path has.
    static func allowedMethods(for path: String, in routes: [Route]) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matches = routes.compactMap { route -> (parameters: Int, method: HTTPRequest.Method)? in
            let pattern = route.path.pattern.split(separator: "/", omittingEmptySubsequences: true)
            guard pattern.count == segments.count,
                zip(pattern, segments).allSatisfy({ $0.hasPrefix("{") || $0 == $1 })
            else { return nil }
            return (pattern.filter { $0.hasPrefix("{") }.count, route.method)
        }
        guard let fewest = matches.map(\.parameters).min() else { return [] }
        return matches.filter { $0.parameters == fewest }.map(\.method)
    }
}
