import Foundation

protocol ChangeOrderStatusBusinessLogic: AnyObject {
    func getOrderToCancel(request: ChangeOrderStatus.GetOrderToCancel.Request) async
    func changeStatus(request: ChangeOrderStatus.ChangeStatus.Request) async
    func getOrderToShip(request: ChangeOrderStatus.GetOrderToShip.Request) async
    func changeTracking(request: ChangeOrderStatus.ChangeTracking.Request) async
    func undoStatus(request: ChangeOrderStatus.UndoStatus.Request) async
    func changeCancellation(request: ChangeOrderStatus.ChangeCancellation.Request) async
}

protocol ChangeOrderStatusDataStore: AnyObject {
    /// The order as the last step left it (as saved, or as it is when the change was refused).
    var order: Order? { get }
}

/// Moves an order along its life (`OrderStatus`): marked paid, packed or shipped, or cancelled with a
/// reason. Who may ask for which is the route table's to decide, before this runs (`OrderUse`); what
/// is left here is what the order's state allows, and who may cancel it as it is: a new order,
/// whoever takes orders; a paid or packed one, a supervisor (`OrderUse.cancel(from:)`), whom a clerk
/// asks instead (`changeCancellation`). Each change is made from the version the page showed: a
/// page older than the order is refused (409), not applied over someone's change.
final class ChangeOrderStatusInteractor: ChangeOrderStatusBusinessLogic, ChangeOrderStatusDataStore {
    /// The longest reason kept for a cancellation.
    static let maximumReasonLength = 500
    /// The longest name of another carrier kept.
    static let maximumCarrierLength = 60
    /// The value of the "Other" carrier's radio.
    static let otherCarrier = "other"

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
                if order.status.after(.cancel) == nil {
                    response = .notAllowed(order)
                } else if order.status == .new || request.signedIn.may(.cancel, on: order) {
                    // A new order is cancelled by whoever takes orders (the route table's): its POST checks again.
                    response = .order(order)
                } else {
                    response = order.cancellationRequest == nil ? .requestForm(order) : .alreadyRequested(order)
                }
            } else {
                response = .notFound
            }
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentOrderToCancel(response: response)
    }

    // MARK: Get order to ship

    func getOrderToShip(request: ChangeOrderStatus.GetOrderToShip.Request) async {
        let response: ChangeOrderStatus.GetOrderToShip.Response
        do {
            order = try await ordersWorker.fetchOrder(id: request.orderID)
            if let order {
                response = order.status.after(.markShipped) == nil ? .notAllowed(order) : .order(order)
            } else {
                response = .notFound
            }
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentOrderToShip(response: response)
    }

    // MARK: Undo status

    func undoStatus(request: ChangeOrderStatus.UndoStatus.Request) async {
        let response: ChangeOrderStatus.UndoStatus.Response
        if let version = request.fields.version.flatMap({ Int($0) }) {
            do {
                let saved = try await ordersWorker.undoStatusChange(id: request.orderID, expectedVersion: version, by: request.signedIn?.name)
                order = saved
                response = .undone(saved)
            } catch {
                switch error {
                case .conflict(let current):
                    order = current
                    response = .conflict(current: current)
                case .refused(let current, _):
                    order = current
                    response = .refused(current: current)
                case .notFound:
                    response = .notFound
                default:
                    response = .storeUnavailable
                }
            }
        } else {
            response = .badRequest
        }
        presenter?.presentUndo(response: response)
    }

    // MARK: Change tracking

    func changeTracking(request: ChangeOrderStatus.ChangeTracking.Request) async {
        presenter?.presentTrackingChange(response: await trackingChange(request))
    }

    private func trackingChange(_ request: ChangeOrderStatus.ChangeTracking.Request) async -> ChangeOrderStatus.ChangeTracking.Response {
        guard let version = request.fields.version.flatMap({ Int($0) }) else { return .badRequest }
        let typed = request.fields.trackingNumber ?? ""
        let number: String?
        switch TrackingNumber.check(typed) {
        case .success(let kept):
            number = kept
        case .failure(let problem):
            do {
                guard let current = try await ordersWorker.fetchOrder(id: request.orderID) else { return .notFound }
                order = current
                return .refused(current, problem, typed: typed)
            } catch {
                return .storeUnavailable
            }
        }
        do {
            let saved = try await ordersWorker.changeTracking(
                id: request.orderID, trackingNumber: number, expectedVersion: version, by: request.signedIn?.name)
            order = saved
            return .changed(saved)
        } catch {
            switch error {
            case .conflict(let current):
                order = current
                // The same number sent twice (a second click) finds it saved: done.
                if current.status == .shipped && current.trackingNumber == number { return .changed(current) }
                return .conflict(current: current)
            case .statusNotAllowed(let current, _), .readOnly(let current):
                order = current
                return .notShipped(current: current)
            case .notFound:
                return .notFound
            default:
                return .storeUnavailable
            }
        }
    }

    // MARK: Change status

    func changeStatus(request: ChangeOrderStatus.ChangeStatus.Request) async {
        presenter?.presentStatusChange(response: await statusChange(request))
    }

    private func statusChange(_ request: ChangeOrderStatus.ChangeStatus.Request) async -> ChangeOrderStatus.ChangeStatus.Response {
        guard let (action, version) = request.fields.change else { return .badRequest }
        var reason: String?
        var shipment: Shipment?
        if action == .markShipped {
            switch Self.shipment(request.fields) {
            case .success(let kept):
                shipment = kept
            case .failure(let problems):
                do {
                    guard let current = try await ordersWorker.fetchOrder(id: request.orderID) else { return .notFound }
                    order = current
                    return .shipmentRefused(current, problems, typed: request.fields)
                } catch {
                    return .storeUnavailable
                }
            }
        }
        if action == .cancel {
            // Who may cancel depends on how far the order has gone: read as the page showed it (a
            // page older than the order is the store's conflict, below), the problem form needs it too.
            let current: Order
            do {
                guard let found = try await ordersWorker.fetchOrder(id: request.orderID) else { return .notFound }
                current = found
            } catch {
                return .storeUnavailable
            }
            if current.version == version, current.status.after(.cancel) != nil, !request.signedIn.may(.cancel, on: current) {
                order = current
                return .needsSupervisor(current: current)
            }
            let typed = request.fields.reason ?? ""
            switch Self.reason(typed) {
            case .success(let kept):
                reason = kept
            case .failure(let problem):
                // The form comes back with the problem.
                order = current
                return .reasonRefused(current, problem, typed: typed)
            }
        }
        do {
            let saved = try await ordersWorker.changeStatus(
                id: request.orderID, to: action.status, expectedVersion: version, reason: reason, shipment: shipment,
                by: request.signedIn?.name)
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
            case .refused(let current, let reason):
                order = current
                return .refused(current: current, reason: reason)
            case .notFound:
                return .notFound
            default:
                return .storeUnavailable
            }
        }
    }

    // MARK: Change cancellation

    func changeCancellation(request: ChangeOrderStatus.ChangeCancellation.Request) async {
        presenter?.presentCancellationChange(response: await cancellationChange(request))
    }

    private func cancellationChange(
        _ request: ChangeOrderStatus.ChangeCancellation.Request
    ) async -> ChangeOrderStatus.ChangeCancellation.Response {
        guard let (step, posted) = request.fields.cancellationStep, let version = posted else { return .badRequest }
        let decision: CancellationDecision
        switch step {
        case .requestCancel:
            let typed = request.fields.reason ?? ""
            switch Self.reason(typed) {
            case .success(let kept):
                decision = .request(reason: kept)
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
        case .approveCancel: decision = .approve
        case .declineCancel: decision = .decline
        }
        do {
            let saved = try await ordersWorker.decideCancellation(
                id: request.orderID, decision, expectedVersion: version, by: request.signedIn?.name)
            order = saved
            return .decided(saved, step)
        } catch {
            switch error {
            case .conflict(let current):
                order = current
                return .conflict(current: current)
            case .refused(let current, let reason):
                order = current
                return .refused(current: current, reason: reason)
            case .statusNotAllowed(let current, _), .readOnly(let current):
                order = current
                return .refused(current: current, reason: Self.cancellationNotAllowed(current, step))
            case .notFound:
                return .notFound
            default:
                return .storeUnavailable
            }
        }
    }

    /// Why `order`'s status allows no `step`: a new order is cancelled, not asked for; a shipped or
    /// cancelled one never again.
    static func cancellationNotAllowed(_ order: Order, _ step: ChangeOrderStatus.CancellationStep) -> String {
        switch order.status {
        case .new: "This order is new: whoever takes orders cancels it from its page, without asking a supervisor"
        case .shipped: "This order is shipped: a shipped order is never cancelled"
        case .cancelled: "This order is cancelled already"
        case .paid, .packed: "This order cannot be cancelled now"
        }
    }

    /// The shipment a ship form asks for, or what stands in its way: a carrier chosen (one of
    /// `Shipment.carriers`, or "Other" with its name, kept by `FreeTextRule`, at most 60
    /// characters) and a tracking number that is one (`TrackingNumber`), or none.
    static func shipment(_ fields: ChangeOrderStatus.StatusFormFields) -> Result<Shipment, ChangeOrderStatus.ShipmentProblems> {
        var problems = ChangeOrderStatus.ShipmentProblems()
        var carrier: String?
        switch fields.carrier ?? "" {
        case let named where Shipment.carriers.contains(named):
            carrier = named
        case otherCarrier:
            switch FreeTextRule.check(fields.carrierOther ?? "", maximumLength: maximumCarrierLength) {
            case .valid(let name): carrier = name
            case .invalid(let problem): problems.carrierOther = problem
            }
        default:
            problems.carrierMissing = true
        }
        var tracking: String?
        switch TrackingNumber.check(fields.trackingNumber ?? "") {
        case .success(let kept): tracking = kept
        case .failure(let problem): problems.trackingNumber = problem
        }
        guard let carrier, problems == ChangeOrderStatus.ShipmentProblems() else { return .failure(problems) }
        return .success(Shipment(carrier: carrier, trackingNumber: tracking))
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
