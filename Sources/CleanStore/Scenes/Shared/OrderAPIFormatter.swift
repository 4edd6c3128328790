import Foundation

/// What the API's presenters make of the models: the JSON documents of `openapi.yaml`
/// (`Components.Schemas`), as `OrderDisplayFormatter` makes the pages' strings. Money is integer
/// cents with its currency, never a float; a card is its last four digits, never more; dates are
/// instants (the client shows them in its own time zone).
struct OrderAPIFormatter {
    typealias Schemas = Components.Schemas

    func money(_ cents: Int64) -> Schemas.Money {
        Schemas.Money(amount: cents, currency: .usd)
    }

    /// An order's ETag: its version, quoted.
    static func eTag(_ version: Int) -> String { "\"\(version)\"" }

    func person(_ name: AccountName?) -> Schemas.Person? {
        name.map { Schemas.Person(username: $0.username, displayName: $0.displayName) }
    }

    func address(_ address: Address) -> Schemas.Address {
        Schemas.Address(street1: address.street1, street2: address.street2, city: address.city, state: address.state, zip: address.zip)
    }

    func status(_ status: OrderStatus) -> Schemas.OrderStatus {
        switch status {
        case .new: .new
        case .paid: .paid
        case .packed: .packed
        case .shipped: .shipped
        case .cancelled: .cancelled
        }
    }

    func action(_ action: OrderStatus.Action) -> Schemas.StatusAction {
        switch action {
        case .markPaid: .markPaid
        case .markPacked: .markPacked
        case .markShipped: .markShipped
        case .cancel: .cancel
        }
    }

    func summary(_ order: Order) -> Schemas.OrderSummary {
        Schemas.OrderSummary(
            id: order.id ?? "", placedAt: order.date, status: status(order.status), firstName: order.firstName, lastName: order.lastName,
            email: order.email, total: money(order.totals.totalCents), version: order.version)
    }

    /// The order, with the status moves `allowed` (what its status allows, of what the caller may).
    func order(_ order: Order, allowed: [OrderStatus.Action]) -> Schemas.Order {
        let shipping: Schemas.Order.ShippingPayload =
            switch order.shipmentMethod.speed {
            case .standard: .standard
            case .oneDay: .oneDay
            case .twoDay: .twoDay
            }
        let totals = order.totals
        return Schemas.Order(
            id: order.id ?? "", version: order.version, placedAt: order.date, status: status(order.status),
            cancellationReason: order.cancellationReason, firstName: order.firstName, lastName: order.lastName, phone: order.phone,
            email: order.email, shippingAddress: address(order.shipmentAddress), billingAddress: address(order.billingAddress),
            shipping: shipping,
            cardLastFour: order.paymentMethod.isCardErased
                ? PersonalDataErasure.erasedCardDigits
                : order.paymentMethod.isCardUnreadable ? OrderDisplayFormatter.unreadableCard : order.paymentMethod.lastFourDigits,
            itemsRecorded: order.itemsRecorded,
            lines: order.lines.map(line),
            subtotal: money(totals.subtotalCents), shippingCost: money(totals.shippingCents), tax: money(totals.taxCents),
            taxRate: totals.tax.map { $0.percentText.replacingOccurrences(of: "%", with: "") },
            total: money(totals.totalCents), allowedActions: allowed.map(action),
            createdBy: person(order.createdBy), updatedBy: person(order.updatedBy), updatedAt: order.updatedAt)
    }

    func note(_ note: OrderNote) -> Schemas.Note {
        Schemas.Note(id: note.id, text: note.text, at: note.at, by: person(note.by))
    }

    func product(_ product: Product) -> Schemas.Product {
        Schemas.Product(
            id: product.id.map(String.init) ?? "", sku: product.sku, name: product.name, price: money(product.priceCents),
            taxable: product.taxable, active: product.active,
            stock: product.stock.map { .init(onHand: $0.onHand, committed: $0.committed, allowBackorder: $0.allowBackorder) },
            version: product.version)
    }

    func line(_ line: OrderLine) -> Schemas.OrderLine {
        Schemas.OrderLine(
            key: line.key, sku: line.sku, name: line.name, quantity: line.quantity, unitPrice: money(line.unitPriceCents),
            catalogPrice: money(line.catalogPriceCents), priceReason: line.priceReason, amount: money(line.amountCents),
            taxable: line.taxable)
    }

    func shipping(_ method: ShipmentMethod) -> Schemas.Shipping {
        switch method.speed {
        case .standard: .standard
        case .oneDay: .oneDay
        case .twoDay: .twoDay
        }
    }

    /// A draft with what placing it now would meet: its totals (the tax once its address has a
    /// state with a rate), and what stands in the way, in the check page's words.
    func draft(_ draft: Draft, check: PlacingCheck) -> Schemas.Draft {
        let totals = check.totals
        let taxKnown = !draft.shipmentAddress.state.isEmpty && check.missingTaxRegion == nil
        let contact = draft.contact
        return Schemas.Draft(
            ref: draft.ref, version: draft.version,
            caller: Schemas.Caller(firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone, email: contact.email),
            delivery: Schemas.Delivery(
                shippingAddress: address(draft.shipmentAddress), billingSameAsShipping: draft.billingSameAsShipping,
                billingAddress: address(draft.billingAddress), shipping: shipping(draft.shipmentMethod)),
            lines: draft.lines.map(line), subtotal: money(totals.subtotalCents), shippingCost: money(totals.shippingCents),
            tax: taxKnown ? money(totals.taxCents) : nil, total: money(totals.totalCents),
            readyToPlace: check.allowsPlacing(duplicateAccepted: true),
            problems: PlaceDraftPresenter.problems(check, of: draft) + check.priceChanges.map(PlaceDraftPresenter.priceChangeText),
            possibleDuplicate: check.duplicate?.id, createdAt: draft.createdAt, updatedAt: draft.updatedAt,
            createdBy: person(draft.createdBy), updatedBy: person(draft.updatedBy))
    }

    /// An order form's field as the API's JSON names it (a problem's `errors[].field`):
    /// `shippingAddress.street1`, `shipping`, `cardNumber`, …
    static func field(_ field: CreateOrder.Field) -> String {
        switch field {
        case .firstName, .lastName, .phone, .email: field.rawValue
        case .shipmentAddressStreet1: "shippingAddress.street1"
        case .shipmentAddressStreet2: "shippingAddress.street2"
        case .shipmentAddressCity: "shippingAddress.city"
        case .shipmentAddressState: "shippingAddress.state"
        case .shipmentAddressZIP: "shippingAddress.zip"
        case .shipmentMethodSpeed: "shipping"
        case .billingAddressSameAsShipping: "billingSameAsShipping"
        case .billingAddressStreet1: "billingAddress.street1"
        case .billingAddressStreet2: "billingAddress.street2"
        case .billingAddressCity: "billingAddress.city"
        case .billingAddressState: "billingAddress.state"
        case .billingAddressZIP: "billingAddress.zip"
        case .paymentMethodCreditCardNumber: "cardNumber"
        case .paymentMethodExpirationDate: "expirationDate"
        case .paymentMethodCVV: "securityCode"
        }
    }

    func customerOrder(_ order: CustomerOrder) -> Schemas.CustomerOrder {
        Schemas.CustomerOrder(id: order.id, placedAt: order.date, status: status(order.status), total: money(order.totalCents))
    }

    /// A customer in a list: contact, city, and their orders in figures (none: 0 and no last order).
    func customerSummary(_ customer: Customer, summary: CustomerOrdersSummary?) -> Schemas.CustomerSummary {
        Schemas.CustomerSummary(
            id: customer.id.map(String.init) ?? "", firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone,
            email: customer.email, city: customer.shippingAddress.city, orderCount: summary?.count ?? 0,
            lastOrder: summary.map { customerOrder($0.last) }, version: customer.version)
    }

    /// A customer, their orders newest first and their lifetime figures.
    func customer(_ customer: Customer, orders: [CustomerOrder], summary: CustomerOrdersSummary?) -> Schemas.Customer {
        Schemas.Customer(
            id: customer.id.map(String.init) ?? "", version: customer.version, firstName: customer.firstName, lastName: customer.lastName,
            phone: customer.phone, email: customer.email, shippingAddress: address(customer.shippingAddress),
            billingAddress: address(customer.billingAddress), note: customer.note, orders: orders.map(customerOrder),
            orderCount: summary?.count ?? 0, spend: money(summary?.spendCents ?? 0), createdAt: customer.createdAt,
            createdBy: person(customer.createdBy), updatedAt: customer.updatedAt, updatedBy: person(customer.updatedBy))
    }
}
