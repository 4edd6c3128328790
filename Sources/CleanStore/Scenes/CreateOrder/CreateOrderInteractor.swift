import Foundation

protocol CreateOrderBusinessLogic: AnyObject {
    func showOrderToEdit(request: CreateOrder.EditOrder.Request) async
    func updateOrder(request: CreateOrder.UpdateOrder.Request) async
    func resumeDraft(request: CreateOrder.ResumeDraft.Request) async
}

protocol CreateOrderDataStore: AnyObject {
    var orderToEdit: Order? { get set }
}

/// The order form's edit path (`GET /orders/{id}/edit`, `POST /orders/{id}`). A new order is no
/// longer keyed on this form: it starts as a draft (`EditDraft`), and the old one-page form's post
/// becomes one (`EditDraft.KeepOrderForm`).
final class CreateOrderInteractor: CreateOrderBusinessLogic, CreateOrderDataStore {
    var presenter: CreateOrderPresentationLogic?
    var ordersWorker: OrdersWorker
    var validationWorker: OrderValidationWorker
    /// The order's history: who changed which field since the form was opened (`OrderEditMerge`).
    var historyWorker: ViewOrderHistoryWorker

    var orderToEdit: Order?

    /// The shipping methods the shop offers, in the order of their form values (`0`, `1`, `2`).
    let shipmentMethods = ShipmentMethod.ShippingSpeed.allCases.map(ShipmentMethod.init(speed:))

    init(ordersWorker: OrdersWorker, validationWorker: OrderValidationWorker, historyWorker: ViewOrderHistoryWorker) {
        self.ordersWorker = ordersWorker
        self.validationWorker = validationWorker
        self.historyWorker = historyWorker
    }

    // MARK: Edit order

    func showOrderToEdit(request: CreateOrder.EditOrder.Request) async {
        let response: CreateOrder.EditOrder.Response
        do {
            orderToEdit = try await ordersWorker.fetchOrder(id: request.orderID)
            response = orderToEdit.map { $0.status.isReadOnly ? .readOnly($0) : .found($0, shipmentMethods: shipmentMethods) } ?? .notFound
        } catch {
            // Not a 404: the order may well be there.
            response = .storeUnavailable
        }
        presenter?.presentOrderToEdit(response: response)
    }

    // MARK: Update order

    func updateOrder(request: CreateOrder.UpdateOrder.Request) async {
        presenter?.presentUpdatedOrder(response: await update(request))
    }

    private func update(_ request: CreateOrder.UpdateOrder.Request) async -> CreateOrder.UpdateOrder.Response {
        let fields = request.orderFormFields
        do {
            orderToEdit = try await ordersWorker.fetchOrder(id: request.orderID)
        } catch {
            return .storeUnavailable(
                posted(fields), orderID: request.orderID, orderToEdit: nil, shipmentMethods: shipmentMethods)
        }
        guard let orderToEdit else { return .notFound }
        if orderToEdit.status.isReadOnly { return .readOnly(orderToEdit) }

        let form: OrderValidationWorker.ValidOrderForm
        // A stored card that cannot be read is not kept: the form must give a new one (the store
        // refuses to save an unreadable card too, `OrderWrites.updated`).
        let card: OrderValidationWorker.CardRequirement =
            orderToEdit.paymentMethod.isCardUnreadable ? .required : .keepStoredWhenEmpty
        switch validationWorker.validate(fields, card: card) {
        case .invalid(let errors):
            return .invalid(posted(fields), errors, orderToEdit: orderToEdit, shipmentMethods: shipmentMethods)
        case .valid(let valid):
            form = valid
        }
        /// The order this form saves over `stored`: id and date never change; an empty card number
        /// keeps the stored card.
        func orderToUpdate(over stored: Order) -> Order {
            buildOrder(
                from: form, creditCardNumber: form.creditCardNumber ?? stored.paymentMethod.creditCardNumber,
                id: stored.id, date: stored.date)
        }
        let cardTyped = form.creditCardNumber != nil
        /// The merge of this form into `current`, against the form's base; `meanwhile` from the
        /// history (nil when it could not be read).
        func merge(into current: Order, meanwhile: OrderEditMerge.Meanwhile?) -> OrderEditMerge.Result {
            OrderEditMerge.merge(
                base: fields.base, mine: orderToUpdate(over: current), cardTyped: cardTyped, theirs: current,
                theirCardChanged: meanwhile.map { $0.changed.contains(.paymentMethodCreditCardNumber) })
        }
        /// Someone else changed a field this form changed (or the form cannot say what it was opened
        /// at): nothing is saved; the presenter gets the order as stored now, the one this form
        /// would have saved, and each field's outcome.
        func conflict(
            current: Order, merge result: OrderEditMerge.Result, meanwhile: OrderEditMerge.Meanwhile?
        ) -> CreateOrder.UpdateOrder.Response {
            self.orderToEdit = current
            return .conflict(
                current: current, attempted: orderToUpdate(over: current), posted: posted(fields), merge: result,
                changedBy: meanwhile?.by ?? [:], shipmentMethods: shipmentMethods)
        }

        // A form that does not say which version it was opened at cannot show that the clerk saw
        // the stored order: it is treated as made from an older one, whose fields are unknown.
        guard let version = Int(fields.version) else {
            return conflict(current: orderToEdit, merge: merge(into: orderToEdit, meanwhile: nil), meanwhile: nil)
        }
        var current = orderToEdit
        // Each round saves over the order as last read; the store refuses it if the order changed
        // since (its card included), and the next round merges again over the newer one.
        for _ in 0..<Self.mergeRounds {
            var order: Order
            var theirChanges: [CreateOrder.FieldChange] = []
            if version == current.version {
                order = orderToUpdate(over: current)
            } else {
                let meanwhile = await changes(of: current, since: version)
                let result = merge(into: current, meanwhile: meanwhile)
                guard let merged = result.merged else { return conflict(current: current, merge: result, meanwhile: meanwhile) }
                order = merged
                theirChanges = result.theirs.map { CreateOrder.FieldChange(field: $0, by: meanwhile?.by[$0]) }
            }
            order.version = current.version
            do {
                let saved = try await ordersWorker.updateOrder(orderToUpdate: order, by: request.signedIn)
                return version == current.version ? .updated(saved) : .merged(saved, theirChanges: theirChanges)
            } catch .notFound {
                self.orderToEdit = nil
                return .notFound
            } catch .conflict(let newer) {
                current = newer
                self.orderToEdit = newer
            } catch .readOnly(let current) {
                self.orderToEdit = current
                return .readOnly(current)
            } catch .refused(let current, let reason) {
                self.orderToEdit = current
                return .refused(current, reason: reason)
            } catch {
                return .storeUnavailable(
                    posted(fields), orderID: request.orderID, orderToEdit: current, shipmentMethods: shipmentMethods)
            }
        }
        // Saved over that often meanwhile: nothing is lost, the clerk saves again.
        return .storeUnavailable(posted(fields), orderID: request.orderID, orderToEdit: current, shipmentMethods: shipmentMethods)
    }

    /// How many times a save is merged again over an order saved meanwhile before the form comes
    /// back unsaved.
    static let mergeRounds = 5

    /// What the order's history says was changed since `version` (nil when it could not be read:
    /// the merge then cannot tell a card change, and names no one).
    private func changes(of current: Order, since version: Int) async -> OrderEditMerge.Meanwhile? {
        guard let id = current.id, let events = try? await historyWorker.fetchEvents(orderID: id) else { return nil }
        return OrderEditMerge.meanwhile(in: events, since: version, current: current.version)
    }

    // MARK: Resume a draft

    func resumeDraft(request: CreateOrder.ResumeDraft.Request) async {
        let posted = posted(request.orderFormFields)
        let response: CreateOrder.ResumeDraft.Response
        do {
            orderToEdit = try await ordersWorker.fetchOrder(id: request.orderID)
            response = orderToEdit.map { .editing(posted, orderToEdit: $0, shipmentMethods: shipmentMethods) } ?? .notFound
        } catch {
            response = .storeUnavailable(posted, orderID: request.orderID, shipmentMethods: shipmentMethods)
        }
        presenter?.presentResumedDraft(response: response)
    }

    // MARK: Helpers

    /// The form as posted, with the month its expiry names (shown back normalised).
    private func posted(_ fields: CreateOrder.OrderFormFields) -> CreateOrder.PostedForm {
        CreateOrder.PostedForm(
            fields: fields, expirationDate: validationWorker.expirationDate(typed: fields.paymentMethodExpirationDate))
    }

    private func buildOrder(
        from form: OrderValidationWorker.ValidOrderForm, creditCardNumber: String, id: String?, date: Date
    ) -> Order {
        Order(
            firstName: form.firstName, lastName: form.lastName, phone: form.phone, email: form.email,
            billingAddress: form.billingAddress,
            paymentMethod: PaymentMethod(creditCardNumber: creditCardNumber, expirationDate: form.expirationDate),
            shipmentAddress: form.shipmentAddress, shipmentMethod: form.shipmentMethod,
            id: id, date: date)
    }
}
