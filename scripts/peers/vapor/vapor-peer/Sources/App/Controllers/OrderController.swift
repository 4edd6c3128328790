import Fluent
import Vapor

struct OrderController: RouteCollection {
    static let pageSize = 50
    /// One-shot "Order #N was created." message, kept in a cookie like Django's default
    /// message storage (no server-side sessions).
    static let flashCookie = "flash_created"

    func boot(routes: any RoutesBuilder) throws {
        let orders = routes.grouped("orders")
        // Each route is registered with and without the trailing slash (Vapor ignores empty
        // path components, so "/orders" and "/orders/" both match `orders`).
        orders.get(use: index)
        orders.post(use: create)
        orders.get("new", use: new)
        orders.get(":orderID", use: show)
    }

    /// GET /orders/?before=ID — 50 newest first, keyset paging: the next page is the orders with a
    /// smaller id than the last one shown (ids are given in creation order, so newest first is id
    /// descending), on the primary key, so page 2,000 costs what page 1 does. No count(*) and no page
    /// numbers (an OFFSET page and a total read the table); one row more than the page tells whether
    /// there is an older page.
    @Sendable
    func index(req: Request) async throws -> Response {
        let before = req.query[Int.self, at: "before"]
        let query = Order.query(on: req.db)
        if let before {
            query.filter(\.$id < before)
        }
        let rows = try await query
            .sort(\.$id, .descending)
            .limit(Self.pageSize + 1)
            .all()
        let orders = Array(rows.prefix(Self.pageSize))
        let next = rows.count > Self.pageSize ? orders.last?.id : nil
        let flash = req.cookies[Self.flashCookie].flatMap { Int($0.string) }.map { "Order #\($0) was created." }
        let context = ListContext(
            flash: flash,
            orders: orders.map { $0.toRow() },
            hasOrders: !orders.isEmpty,
            laterPage: before != nil,
            next: next
        )
        let res = try await req.view.render("list", context).encodeResponse(for: req)
        if flash != nil {
            res.cookies[Self.flashCookie] = .expired
        }
        return res
    }

    /// GET /orders/new
    @Sendable
    func new(req: Request) async throws -> Response {
        let csrf = CSRF.token(for: req)
        let res = try await req.view.render("form", FormContext(action: "/orders/", csrfToken: csrf.token))
            .encodeResponse(for: req)
        if csrf.isNew { CSRF.setCookie(csrf.token, on: res) }
        return res
    }

    /// POST /orders/ — 303 to the list, or the form again (422) with the errors.
    @Sendable
    func create(req: Request) async throws -> Response {
        try CSRF.verify(req)
        let result = try OrderForm.validations().validate(request: req)
        if let error = result.error {
            var errors: [String: [String]] = [:]
            for failure in error.failures {
                let key = failure.key.stringValue
                let message = failure.customFailureDescription ?? failure.result.failureDescription ?? "Invalid value."
                if errors[key, default: []].contains(message) == false {
                    errors[key, default: []].append(message)
                }
            }
            let values = (try? req.content.decode([String: String].self)) ?? [:]
            let csrf = CSRF.token(for: req)
            let context = FormContext(action: "/orders/", csrfToken: csrf.token, values: values, errors: errors)
            let res = try await req.view.render("form", context).encodeResponse(for: req)
            res.status = .unprocessableEntity
            if csrf.isNew { CSRF.setCookie(csrf.token, on: res) }
            return res
        }
        let form = try req.content.decode(OrderForm.self)
        let order = Order()
        form.apply(to: order)
        try await order.create(on: req.db)
        let res = req.redirect(to: "/orders/", redirectType: .normal)  // 303 See Other
        res.cookies[Self.flashCookie] = HTTPCookies.Value(string: String(order.id!), path: "/", isHTTPOnly: true, sameSite: .lax)
        return res
    }

    /// GET /orders/:orderID/
    @Sendable
    func show(req: Request) async throws -> View {
        guard let id = req.parameters.get("orderID", as: Int.self),
              let order = try await Order.find(id, on: req.db)
        else {
            throw Abort(.notFound)
        }
        return try await req.view.render("detail", DetailContext(order: order))
    }
}
