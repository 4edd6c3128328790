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

    var orderToEdit: Order?

    /// The shipping methods the shop offers, in the order of their form values (`0`, `1`, `2`).
    let shipmentMethods = ShipmentMethod.ShippingSpeed.allCases.map(ShipmentMethod.init(speed:))

    init(ordersWorker: OrdersWorker, validationWorker: OrderValidationWorker) {
        self.ordersWorker = ordersWorker
        self.validationWorker = validationWorker
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
        /// Someone else saved the order since the form was opened: nothing is saved; the presenter
        /// gets the order as stored now and the one this form would have saved.
        func conflict(current: Order) -> CreateOrder.UpdateOrder.Response {
            self.orderToEdit = current
            return .conflict(
                current: current, attempted: orderToUpdate(over: current), posted: posted(fields),
                shipmentMethods: shipmentMethods)
        }

        // A form that does not say which version it was opened at cannot show that the clerk saw
        // the stored order: it is treated as made from an older one.
        guard let version = Int(fields.version) else { return conflict(current: orderToEdit) }
        var order = orderToUpdate(over: orderToEdit)
        // The store refuses the update if the order (its card included) changed since `version`.
        order.version = version
        do {
            return .updated(try await ordersWorker.updateOrder(orderToUpdate: order, by: request.signedIn))
        } catch .notFound {
            self.orderToEdit = nil
            return .notFound
        } catch .conflict(let current) {
            return conflict(current: current)
        } catch .readOnly(let current) {
            self.orderToEdit = current
            return .readOnly(current)
        } catch .refused(let current, let reason) {
            self.orderToEdit = current
            return .refused(current, reason: reason)
        } catch {
            return .storeUnavailable(
                posted(fields), orderID: request.orderID, orderToEdit: orderToEdit, shipmentMethods: shipmentMethods)
        }
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
