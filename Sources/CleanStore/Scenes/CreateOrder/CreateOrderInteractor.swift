import Foundation

protocol CreateOrderBusinessLogic: AnyObject {
    /// The names of the shipping methods, in the order of their form values (`0`, `1`, `2`).
    var shippingMethods: [String] { get }
    func startNewOrder(request: CreateOrder.NewOrder.Request)
    func formatExpirationDate(request: CreateOrder.FormatExpirationDate.Request)
    func createOrder(request: CreateOrder.CreateOrder.Request) async
    func showOrderToEdit(request: CreateOrder.EditOrder.Request) async
    func updateOrder(request: CreateOrder.UpdateOrder.Request) async
}

protocol CreateOrderDataStore: AnyObject {
    var orderToEdit: Order? { get set }
}

final class CreateOrderInteractor: CreateOrderBusinessLogic, CreateOrderDataStore {
    var presenter: CreateOrderPresentationLogic?
    var ordersWorker: OrdersWorker
    var validationWorker: OrderValidationWorker
    /// The clock: a new order is dated "now".
    let now: () -> Date

    var orderToEdit: Order?
    var shippingMethods: [String] {
        ShipmentMethod.ShippingSpeed.allCases.map { ShipmentMethod(speed: $0).toString() }
    }

    init(ordersWorker: OrdersWorker, validationWorker: OrderValidationWorker, now: @escaping () -> Date) {
        self.ordersWorker = ordersWorker
        self.validationWorker = validationWorker
        self.now = now
    }

    // MARK: New order (the empty form)

    func startNewOrder(request: CreateOrder.NewOrder.Request) {
        presenter?.presentNewOrder(response: CreateOrder.NewOrder.Response())
    }

    // MARK: Expiration date

    func formatExpirationDate(request: CreateOrder.FormatExpirationDate.Request) {
        presenter?.presentExpirationDate(response: CreateOrder.FormatExpirationDate.Response(date: request.date))
    }

    // MARK: Create order

    func createOrder(request: CreateOrder.CreateOrder.Request) async {
        let fields = request.orderFormFields
        switch validationWorker.validate(fields, card: .required) {
        case .invalid(let errors):
            presenter?.presentCreatedOrder(
                response: CreateOrder.CreateOrder.Response(order: nil, orderFormFields: fields, errors: errors))
            formatTypedExpirationDate(fields)
        case .valid(let form):
            let orderToCreate = buildOrder(from: form, creditCardNumber: form.creditCardNumber ?? "", id: nil, date: now())
            do {
                let order = try await ordersWorker.createOrder(orderToCreate: orderToCreate)
                presenter?.presentCreatedOrder(
                    response: CreateOrder.CreateOrder.Response(order: order, orderFormFields: fields))
            } catch {
                presenter?.presentCreatedOrder(
                    response: CreateOrder.CreateOrder.Response(
                        order: nil, orderFormFields: fields, saveFailure: .storeUnavailable))
            }
        }
    }

    // MARK: Edit order

    func showOrderToEdit(request: CreateOrder.EditOrder.Request) async {
        orderToEdit = try? await ordersWorker.fetchOrder(id: request.orderID)
        presenter?.presentOrderToEdit(response: CreateOrder.EditOrder.Response(order: orderToEdit))
        if let orderToEdit {
            formatExpirationDate(
                request: CreateOrder.FormatExpirationDate.Request(date: orderToEdit.paymentMethod.expirationDate))
        }
    }

    // MARK: Update order

    func updateOrder(request: CreateOrder.UpdateOrder.Request) async {
        let fields = request.orderFormFields
        func present(
            order: Order? = nil, errors: [CreateOrder.FieldError] = [], saveFailure: CreateOrder.SaveFailure? = nil,
            conflict: Order? = nil
        ) {
            presenter?.presentUpdatedOrder(
                response: CreateOrder.UpdateOrder.Response(
                    orderToEdit: orderToEdit, order: order, orderFormFields: fields,
                    errors: errors, saveFailure: saveFailure, conflict: conflict))
        }
        /// Someone else saved the order since the form was opened: nothing is saved; the form
        /// comes back with the order as stored now, and what the clerk typed beside it.
        func presentConflict(current: Order) {
            orderToEdit = current
            present(conflict: current)
            formatExpirationDate(request: CreateOrder.FormatExpirationDate.Request(date: current.paymentMethod.expirationDate))
        }

        do {
            orderToEdit = try await ordersWorker.fetchOrder(id: request.orderID)
        } catch {
            return present(saveFailure: .storeUnavailable)
        }
        guard let orderToEdit else { return present() }

        switch validationWorker.validate(fields, card: .keepStoredWhenEmpty) {
        case .invalid(let errors):
            present(errors: errors)
            formatTypedExpirationDate(fields)
        case .valid(let form):
            // A form that does not say which version it was opened at cannot show that the clerk
            // saw the stored order: it is treated as made from an older one.
            guard let version = Int(fields.version) else { return presentConflict(current: orderToEdit) }
            // Id and date never change; an empty card number keeps the stored card (and the store
            // refuses the update if that card, or anything else, changed since `version`).
            var orderToUpdate = buildOrder(
                from: form,
                creditCardNumber: form.creditCardNumber ?? orderToEdit.paymentMethod.creditCardNumber,
                id: orderToEdit.id, date: orderToEdit.date)
            orderToUpdate.version = version
            do {
                present(order: try await ordersWorker.updateOrder(orderToUpdate: orderToUpdate))
            } catch .notFound {
                self.orderToEdit = nil
                present()
            } catch .conflict(let current) {
                presentConflict(current: current)
            } catch {
                present(saveFailure: .storeUnavailable)
            }
        }
    }

    // MARK: Helpers

    /// A form that comes back shows the expiry it was given normalised (`1/28` → `01/28`).
    private func formatTypedExpirationDate(_ fields: CreateOrder.OrderFormFields) {
        if let date = validationWorker.expirationDate(typed: fields.paymentMethodExpirationDate) {
            formatExpirationDate(request: CreateOrder.FormatExpirationDate.Request(date: date))
        }
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
