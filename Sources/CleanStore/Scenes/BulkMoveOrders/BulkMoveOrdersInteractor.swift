import Foundation

protocol BulkMoveOrdersBusinessLogic: AnyObject {
    func moveOrders(request: BulkMoveOrders.MoveOrders.Request) async
    func getBatch(request: BulkMoveOrders.GetBatch.Request) async
}

protocol BulkMoveOrdersDataStore: AnyObject {
    /// The batch as the last step left it (moved, or read for its page).
    var batch: BulkBatch? { get }
}

/// Moves the orders a clerk selected on the list (issue 28): each in its own transaction, under the
/// order's rules and the version the list showed, through the one status change every move makes
/// (`OrdersWorker.changeStatus`, `OrderWrites.statusChanged` in each store), its history naming the
/// batch; what became of each is decided by `BulkMoveWrites.outcome` and kept in the batch, so that
/// its page can be read again. Who may make the move is the route table's (`OrderUse`); shipped is
/// final, so a batch to ship is confirmed first, with its carrier, under a key that a replay finds.
final class BulkMoveOrdersInteractor: BulkMoveOrdersBusinessLogic, BulkMoveOrdersDataStore {
    /// The longest batch key kept (the confirmation page's, made by `newKey`: 22 characters).
    static let maximumKeyLength = 64

    var presenter: BulkMoveOrdersPresentationLogic?
    var ordersWorker: OrdersWorker
    var worker: BulkMoveOrdersWorker
    /// Makes a batch's key (`SceneEnvironment.newOrderKey`: 128 random bits).
    var newKey: @Sendable () -> String
    var batch: BulkBatch?

    init(ordersWorker: OrdersWorker, worker: BulkMoveOrdersWorker, newKey: @escaping @Sendable () -> String) {
        self.ordersWorker = ordersWorker
        self.worker = worker
        self.newKey = newKey
    }

    // MARK: Move orders

    func moveOrders(request: BulkMoveOrders.MoveOrders.Request) async {
        presenter?.presentMove(response: await move(request))
    }

    private func move(_ request: BulkMoveOrders.MoveOrders.Request) async -> BulkMoveOrders.MoveOrders.Response {
        let fields = request.fields
        guard let action = fields.move else { return .badRequest }
        var selections: [BulkMoveOrders.Selection] = []
        for field in fields.selected ?? [] {
            guard let selection = BulkMoveOrders.Selection(field) else { return .badRequest }
            // The same order twice (a hand-made form): once, at the first version given.
            if !selections.contains(where: { $0.orderID == selection.orderID }) { selections.append(selection) }
        }
        if let key = fields.key, key.isEmpty || key.count > Self.maximumKeyLength || !key.allSatisfy(Self.isKeyCharacter) {
            return .badRequest
        }
        guard !selections.isEmpty else { return .noSelection(action, list: request.list) }
        guard selections.count <= BulkMoveWrites.maximumOrders else {
            return .tooMany(action, count: selections.count, list: request.list)
        }
        var shipment: Shipment?
        if action == .markShipped {
            // The list's button asks first; the confirmation page carries the key and the carrier.
            guard let key = fields.key else {
                return await confirmation(selections, key: newKey(), request: request, problems: nil)
            }
            let asked = ChangeOrderStatus.StatusFormFields(
                action: action.rawValue, carrier: fields.carrier, carrierOther: fields.carrierOther, trackingNumber: "")
            switch ChangeOrderStatusInteractor.shipment(asked) {
            case .success(let kept): shipment = kept
            case .failure(let problems): return await confirmation(selections, key: key, request: request, problems: problems)
            }
        }
        do {
            let begun = try await worker.begin(
                key: fields.key ?? newKey(), action: action, carrier: shipment?.carrier, selected: selections.count,
                by: request.signedIn?.name)
            switch begun {
            case .existing(let existing):
                // A replayed form: its batch is done or under way; nothing more is moved.
                batch = existing
                return .moved(batchID: existing.id ?? "")
            case .begun(let begun):
                batch = begun
                let id = begun.id ?? ""
                for selection in selections {
                    let move = await move(selection, to: action, shipment: shipment, batch: id, by: request.signedIn?.name)
                    try await worker.record(move, inBatch: id)
                    batch?.moves.append(move)
                }
                return .moved(batchID: id)
            }
        } catch {
            return .storeUnavailable
        }
    }

    /// One order moved in its own transaction (`OrdersWorker.changeStatus`), and what became of it.
    private func move(
        _ selection: BulkMoveOrders.Selection, to action: OrderStatus.Action, shipment: Shipment?, batch: String, by: AccountName?
    ) async -> BulkBatch.Move {
        let result: Result<Order, OrdersStoreError>
        do {
            result = .success(
                try await ordersWorker.changeStatus(
                    id: selection.orderID, to: action.status, expectedVersion: selection.version, shipment: shipment, batch: batch, by: by))
        } catch {
            result = .failure(error)
        }
        let order: Order? =
            switch result {
            case .success(let saved): saved
            case .failure(.conflict(let current)), .failure(.statusNotAllowed(let current, _)), .failure(.readOnly(let current)): current
            case .failure: nil
            }
        return BulkBatch.Move(
            orderID: selection.orderID, customer: order.map { "\($0.firstName) \($0.lastName)" } ?? "",
            outcome: BulkMoveWrites.outcome(of: result, to: action))
    }

    /// The confirmation page's orders, as they are now (nil: gone).
    private func confirmation(
        _ selections: [BulkMoveOrders.Selection], key: String, request: BulkMoveOrders.MoveOrders.Request,
        problems: ChangeOrderStatus.ShipmentProblems?
    ) async -> BulkMoveOrders.MoveOrders.Response {
        var selected: [BulkMoveOrders.MoveOrders.Selected] = []
        do {
            for selection in selections {
                selected.append(.init(selection: selection, order: try await ordersWorker.fetchOrder(id: selection.orderID)))
            }
        } catch {
            return .storeUnavailable
        }
        return .confirmShipment(selected, key: key, list: request.list, typed: request.fields, problems: problems)
    }

    /// A key is base64url, as `newKey` makes it.
    private static func isKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }

    // MARK: Get batch

    func getBatch(request: BulkMoveOrders.GetBatch.Request) async {
        let response: BulkMoveOrders.GetBatch.Response
        do {
            batch = try await worker.fetchBatch(id: request.batchID)
            response = batch.map { .batch($0) } ?? .notFound
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentBatch(response: response)
    }
}
