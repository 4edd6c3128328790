import Foundation

protocol CreateOrderPresentationLogic: AnyObject {
    func presentOrderToEdit(response: CreateOrder.EditOrder.Response)
    func presentUpdatedOrder(response: CreateOrder.UpdateOrder.Response)
    func presentResumedDraft(response: CreateOrder.ResumeDraft.Response)
}

/// Turns each outcome of the form's use cases into the page it ends on. The words of the messages
/// are in `CreateOrderPresenter+Messages.swift`; what a conflict shows of the clerk's typing, in
/// `CreateOrderPresenter+Conflict.swift`.
final class CreateOrderPresenter: CreateOrderPresentationLogic {
    typealias Field = CreateOrder.Field
    typealias DisplayedForm = CreateOrder.DisplayedForm

    weak var viewController: CreateOrderDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Edit order

    /// Said first on a packed order's edit form.
    static let packedNotice = "This order is packed. If you change the address, print a new packing slip."

    func presentOrderToEdit(response: CreateOrder.EditOrder.Response) {
        let page: CreateOrder.DisplayedPage
        switch response {
        case .found(let order, let shipmentMethods):
            // The card number and security code stay empty: the hint names the stored card. A packed
            // order's slip is printed already: said first.
            page = .form(
                displayedForm(
                    formFields(of: order), editing: Editing(order), notice: order.status == .packed ? Self.packedNotice : nil,
                    shipmentMethods: shipmentMethods), .ready)
        case .readOnly(let order):
            page = .refused(.readOnly(order))
        case .notFound:
            page = .notFound
        case .storeUnavailable:
            page = .unavailable
        }
        viewController?.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(page: page))
    }

    // MARK: Update order

    func presentUpdatedOrder(response: CreateOrder.UpdateOrder.Response) {
        let page: CreateOrder.DisplayedPage
        switch response {
        case .updated(let order):
            let id = order.id ?? ""
            page = .saved(orderID: id, flash: "Order \(id) was updated.")
        case .invalid(let posted, let errors, let orderToEdit, let shipmentMethods):
            page = .form(
                displayedForm(
                    formFields(of: posted), editing: Editing(orderToEdit), errors: errors, shipmentMethods: shipmentMethods),
                .invalid)
        case .merged(let order, let theirChanges):
            let id = order.id ?? ""
            page = .saved(orderID: id, flash: mergedMessage(orderID: id, theirChanges: theirChanges))
        case .conflict(let current, let attempted, let posted, let merge, let changedBy, let shipmentMethods):
            // Only the fields both clerks changed, to different values, are asked again: each shows
            // what this clerk typed, with what the other changed it to and what they typed under
            // it; the summary links to each. Every other field shows the merge: their changes
            // kept, this clerk's applied. The form is now at the stored version, its base the
            // order as stored: saved again as it is, it changes only what this clerk chose.
            let merged = mergedFields(posted, merge: merge, current: current)
            // Ticked on the clerk's form and on the form shown: the billing address follows the
            // shipping one, whose notes say it all (and the billing fields are hidden).
            let asked = merge.conflicts.filter {
                !(Self.shipmentCounterpart(of: $0) != nil && posted.fields.isBillingAddressSameAsShipping
                    && merged.isBillingAddressSameAsShipping)
            }
            let typed = typedValues(posted.fields, saving: attempted, over: current).filter { asked.contains($0.key) }
            let theirs = theirValues(of: current, asked: asked.filter { merge.outcomes[$0] == .bothDifferent }, changedBy: changedBy)
            var form = displayedForm(
                merged, editing: Editing(current),
                formMessage: conflictMessage(current, retypeCard: merge.outcomes[.paymentMethodCreditCardNumber] == .mine),
                typedValues: typed, theirChanges: theirs, shipmentMethods: shipmentMethods)
            form.errors = differences(typed, theirs: theirs, billingHidden: form.billingAddressSameAsShipping)
            page = .form(form, .conflict)
        case .readOnly(let order):
            page = .refused(.readOnly(order))
        case .refused(let order, let reason):
            page = .refused(.editRefused(orderID: order.id ?? "", reason: reason))
        case .notFound:
            page = .notFound
        case .storeUnavailable(let posted, let orderID, let orderToEdit, let shipmentMethods):
            let editing = orderToEdit.map(Editing.init) ?? Editing(orderID: orderID, lastFourDigits: nil)
            page = .form(
                displayedForm(
                    formFields(of: posted), editing: editing, formMessage: Self.storeUnavailableMessage,
                    shipmentMethods: shipmentMethods),
                .unavailable)
        }
        viewController?.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(page: page))
    }

    // MARK: Resume a draft

    func presentResumedDraft(response: CreateOrder.ResumeDraft.Response) {
        let page: CreateOrder.DisplayedPage
        switch response {
        case .editing(let posted, let orderToEdit, let shipmentMethods):
            page = .form(
                displayedForm(
                    formFields(of: posted), editing: Editing(orderToEdit), notice: Self.resumedMessage,
                    shipmentMethods: shipmentMethods),
                .resumed)
        case .notFound:
            page = .notFound
        case .storeUnavailable(let posted, let orderID, let shipmentMethods):
            page = .form(
                displayedForm(
                    formFields(of: posted), editing: Editing(orderID: orderID, lastFourDigits: nil),
                    formMessage: Self.storeUnavailableMessage, shipmentMethods: shipmentMethods),
                .unavailable)
        }
        viewController?.displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel(page: page))
    }

    /// What the form says when it comes back after signing in.
    static let resumedMessage =
        "Your session ended before this was saved. Here it is as you typed it: check it, "
        + "type the card number again if you were changing it, and save."

    // MARK: The form's values

    /// An order as the form shows it for editing: every field but the card number and security code.
    func formFields(of order: Order) -> CreateOrder.OrderFormFields {
        var fields = CreateOrder.OrderFormFields()
        fields.firstName = order.firstName
        fields.lastName = order.lastName
        fields.phone = order.phone
        fields.email = order.email
        fields.shipmentAddressStreet1 = order.shipmentAddress.street1
        fields.shipmentAddressStreet2 = order.shipmentAddress.street2
        fields.shipmentAddressCity = order.shipmentAddress.city
        fields.shipmentAddressState = order.shipmentAddress.state
        fields.shipmentAddressZIP = order.shipmentAddress.zip
        fields.shipmentMethodSpeed = String(order.shipmentMethod.speed.rawValue)
        fields.paymentMethodExpirationDate = formatter.expirationDate(order.paymentMethod.expirationDate)
        fields.billingAddressSameAsShipping = order.billingAddress == order.shipmentAddress ? "on" : ""
        fields.billingAddressStreet1 = order.billingAddress.street1
        fields.billingAddressStreet2 = order.billingAddress.street2
        fields.billingAddressCity = order.billingAddress.city
        fields.billingAddressState = order.billingAddress.state
        fields.billingAddressZIP = order.billingAddress.zip
        fields.version = String(order.version)
        fields.base = OrderEditMerge.values(of: order)
        return fields
    }

    /// A posted form as it comes back: as typed, but for an expiry that names a month, shown
    /// normalised (`1/28` → `01/28`).
    func formFields(of posted: CreateOrder.PostedForm) -> CreateOrder.OrderFormFields {
        var fields = posted.fields
        if let date = posted.expirationDate {
            fields.paymentMethodExpirationDate = formatter.expirationDate(date)
        }
        return fields
    }

    // MARK: The form

    /// Which order the form edits.
    struct Editing {
        var orderID: String
        /// The stored card's last digits, for the hint (nil when the order could not be read).
        var lastFourDigits: String?
        /// The stored card could not be read: the hint asks for the card again (the interactor
        /// requires it, `CreateOrderInteractor.update`).
        var isCardUnreadable = false

        init(orderID: String, lastFourDigits: String?) {
            self.orderID = orderID
            self.lastFourDigits = lastFourDigits
        }

        init(_ order: Order) {
            self.init(orderID: order.id ?? "", lastFourDigits: order.paymentMethod.lastFourDigits)
            isCardUnreadable = order.paymentMethod.isCardUnreadable
        }
    }

    private func displayedForm(
        _ fields: CreateOrder.OrderFormFields, editing: Editing, errors: [CreateOrder.FieldError] = [],
        formMessage: String? = nil, notice: String? = nil, typedValues: [Field: String] = [:],
        theirChanges: [Field: DisplayedForm.TheirChange] = [:], shipmentMethods: [ShipmentMethod]
    ) -> DisplayedForm {
        var messages: [Field: String] = [:]
        for error in errors where messages[error.field] == nil {
            messages[error.field] = message(for: error)
        }
        var displayedFields: [String: DisplayedForm.DisplayedField] = [:]
        for field in Field.allCases {
            displayedFields[field.rawValue] = DisplayedForm.DisplayedField(
                name: field.rawValue,
                // The card security code is never echoed back.
                value: field == .paymentMethodCVV ? "" : fields[field],
                errorMessage: messages[field],
                typedValue: typedValues[field],
                theirChange: theirChanges[field],
                hint: hint(for: field, editing: editing))
        }
        let summary = Field.allCases.compactMap { field in
            messages[field].map { DisplayedForm.DisplayedError(field: field.rawValue, message: $0) }
        }
        let heading = "Edit order \(editing.orderID)"
        let hasErrors = !summary.isEmpty || formMessage != nil
        let path = Paths.order(editing.orderID)
        return DisplayedForm(
            title: hasErrors ? "Error: \(heading)" : heading,
            heading: heading,
            submitLabel: "Save changes",
            action: path,
            cancelURL: path,
            version: fields.version,
            errors: summary,
            formMessage: formMessage,
            fields: displayedFields,
            billingAddressSameAsShipping: fields.isBillingAddressSameAsShipping,
            shippingMethods: shipmentMethods.enumerated().map { index, method in
                let value = String(method.speed.rawValue)
                let name = Field.shipmentMethodSpeed.rawValue
                return DisplayedForm.ShippingMethod(
                    id: index == 0 ? name : "\(name)-\(index + 1)", value: value, name: method.toString(),
                    selected: fields.shipmentMethodSpeed == value)
            },
            notice: notice,
            base: OrderEditMerge.comparedFields.compactMap { field in
                fields.base[field].map { DisplayedForm.HiddenValue(name: "base-\(field.rawValue)", value: $0) }
            })
    }
}
