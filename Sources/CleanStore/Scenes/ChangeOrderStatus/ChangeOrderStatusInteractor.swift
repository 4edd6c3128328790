import Foundation

protocol ChangeOrderStatusBusinessLogic: AnyObject {
    func getOrderToCancel(request: ChangeOrderStatus.GetOrderToCancel.Request) async
    func changeStatus(request: ChangeOrderStatus.ChangeStatus.Request) async
}

protocol ChangeOrderStatusDataStore: AnyObject {
    /// The order as the last step left it (as saved, or as it is when the change was refused).
    var order: Order? { get }
}

/// Moves an order along its life (`OrderStatus`): marked paid, packed or shipped, or cancelled with a
/// reason. Who may ask for which is the route table's to decide, before this runs (`OrderUse`); what
/// is left here is what the order's state allows. Each change is made from the version the page
/// showed: a page older than the order is refused (409), not applied over someone's change.
final class ChangeOrderStatusInteractor: ChangeOrderStatusBusinessLogic, ChangeOrderStatusDataStore {
    /// The longest reason kept for a cancellation.
    static let maximumReasonLength = 500

    var presenter: ChangeOrderStatusPresentationLogic?
    var ordersWorker: OrdersWorker
    var order: Order?

    init(ordersWorker: OrdersWorker) {
        self.ordersWorker = ordersWorker
    }

    // MARK: Get order to cancel

    func getOrderToCancel(request: ChangeOrderStatus.GetOrderToCancel.Request) async {
        let response: ChangeOrderStatus.GetOrderToCancel.Response
        do {
            order = try await ordersWorker.fetchOrder(id: request.orderID)
            if let order {
                response = order.status.after(.cancel) == nil ? .notAllowed(order) : .order(order)
            } else {
                response = .notFound
            }
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentOrderToCancel(response: response)
    }

    // MARK: Change status

    func changeStatus(request: ChangeOrderStatus.ChangeStatus.Request) async {
        presenter?.presentStatusChange(response: await statusChange(request))
    }

    private func statusChange(_ request: ChangeOrderStatus.ChangeStatus.Request) async -> ChangeOrderStatus.ChangeStatus.Response {
        guard let (action, version) = request.fields.change else { return .badRequest }
        var reason: String?
        if action == .cancel {
            let typed = request.fields.reason ?? ""
            switch Self.reason(typed) {
            case .success(let kept):
                reason = kept
            case .failure(let problem):
                // The form comes back with the problem: it needs the order it is about.
                do {
                    guard let current = try await ordersWorker.fetchOrder(id: request.orderID) else { return .notFound }
                    order = current
                    return .reasonRefused(current, problem, typed: typed)
                } catch {
                    return .storeUnavailable
                }
            }
        }
        do {
            let saved = try await ordersWorker.changeStatus(
                id: request.orderID, to: action.status, expectedVersion: version, reason: reason, by: request.signedIn?.name)
            order = saved
            return .changed(saved, action)
        } catch {
            switch error {
            case .conflict(let current), .statusNotAllowed(let current, _), .readOnly(let current):
                order = current
                if case .conflict = error {
                    // A second click on the same button (or the same change from another tab, made
                    // from the same version) finds the order where the first one put it: done.
                    if current.status == action.status { return .changed(current, action) }
                    return .conflict(current: current, action)
                }
                return .notAllowed(current: current, action)
            case .notFound:
                return .notFound
            default:
                return .storeUnavailable
            }
        }
    }

    /// The reason as kept, or why it cannot be: `FreeTextRule` (trimmed, required, line breaks as
    /// LF, no control characters but line breaks and tabs, no card number), at most 500 characters.
    static func reason(_ typed: String) -> Result<String, ChangeOrderStatus.ReasonProblem> {
        switch FreeTextRule.check(typed, maximumLength: maximumReasonLength) {
        case .valid(let reason): .success(reason)
        case .invalid(let problem): .failure(problem)
        }
    }
}
