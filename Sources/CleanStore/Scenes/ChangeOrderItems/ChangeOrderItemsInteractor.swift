import Foundation

protocol ChangeOrderItemsBusinessLogic: AnyObject {
    func changeItems(request: ChangeOrderItems.ChangeItems.Request) async
}

protocol ChangeOrderItemsDataStore: AnyObject {
    /// The order as this cycle saved it.
    var order: Order? { get }
}

/// A change of a new order's items, from one of its page's item forms. In this order: no such
/// order (404); items frozen from paid on (409, the rules' reason); a page older than the order
/// (409); a form that breaks a rule (422, as typed); then the store, which decides again in its
/// transaction (`OrderLineWrites.itemsChanged`: version, state, stock, a tax rate).
final class ChangeOrderItemsInteractor: ChangeOrderItemsBusinessLogic, ChangeOrderItemsDataStore {
    var presenter: ChangeOrderItemsPresentationLogic?
    var worker: ChangeOrderItemsWorker
    var ordersWorker: OrdersWorker
    /// The shop's time zone: the day an order was placed on, whose tax rate it keeps.
    let timeZone: TimeZone
    var order: Order?

    init(worker: ChangeOrderItemsWorker, ordersWorker: OrdersWorker, timeZone: TimeZone) {
        self.worker = worker
        self.ordersWorker = ordersWorker
        self.timeZone = timeZone
    }

    // MARK: Change items

    func changeItems(request: ChangeOrderItems.ChangeItems.Request) async {
        presenter?.presentChangedItems(response: await response(to: request))
    }

    private func response(to request: ChangeOrderItems.ChangeItems.Request) async -> ChangeOrderItems.ChangeItems.Response {
        let stored: Order
        do {
            guard let found = try await ordersWorker.fetchOrder(id: request.orderID) else { return .notFound }
            stored = found
        } catch {
            return .storeUnavailable
        }
        if let reason = Self.frozenReason(stored) { return .refused(current: stored, reason: reason) }
        guard let version = request.form.version, version == stored.version else { return .conflict(current: stored) }
        let change: DraftChange
        do {
            switch try await worker.check(request.form, on: stored) {
            case .valid(let valid): change = valid
            case .invalid(let errors): return .invalid(stored, form: request.form, errors: errors)
            }
        } catch {
            return .storeUnavailable
        }
        do {
            let saved = try await ordersWorker.changeItems(
                id: request.orderID, change: change, expectedVersion: version, timeZone: timeZone, by: request.signedIn)
            order = saved
            return .changed(saved)
        } catch .notFound {
            return .notFound
        } catch .conflict(let current) {
            return .conflict(current: current)
        } catch .refused(let current, let reason) {
            return .refused(current: current, reason: reason)
        } catch {
            return .storeUnavailable
        }
    }

    /// Why `order`'s items can no longer be changed (nil while it is new), in the rules' words
    /// (`OrderLineWrites.itemsChanged`, asked with a change of nothing).
    static func frozenReason(_ order: Order) -> String? {
        guard order.status != .new else { return nil }
        do {
            _ = try OrderLineWrites.itemsChanged(
                order, change: .quantities([:]), expectedVersion: order.version, products: [:], rates: [], timeZone: .gmt,
                by: nil, at: order.date)
        } catch .refused(_, let reason) {
            return reason
        } catch {
            return nil
        }
        return nil
    }
}
