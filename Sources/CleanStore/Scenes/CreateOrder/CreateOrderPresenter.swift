import Foundation

protocol CreateOrderPresentationLogic: AnyObject {
    func presentNewOrder(response: CreateOrder.NewOrder.Response)
    func presentExpirationDate(response: CreateOrder.FormatExpirationDate.Response)
    func presentCreatedOrder(response: CreateOrder.CreateOrder.Response)
    func presentOrderToEdit(response: CreateOrder.EditOrder.Response)
    func presentUpdatedOrder(response: CreateOrder.UpdateOrder.Response)
}

final class CreateOrderPresenter: CreateOrderPresentationLogic {
    typealias Field = CreateOrder.Field
    typealias DisplayedForm = CreateOrder.DisplayedForm

    weak var viewController: CreateOrderDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: New order

    func presentNewOrder(response: CreateOrder.NewOrder.Response) {
        let form = displayedForm(CreateOrder.OrderFormFields(), errors: [], orderToEdit: nil)
        viewController?.displayNewOrder(viewModel: CreateOrder.NewOrder.ViewModel(form: form))
    }

    // MARK: Expiration date

    func presentExpirationDate(response: CreateOrder.FormatExpirationDate.Response) {
        let date = formatter.expirationDate(response.date)
        viewController?.displayExpirationDate(viewModel: CreateOrder.FormatExpirationDate.ViewModel(date: date))
    }

    // MARK: Create order

    func presentCreatedOrder(response: CreateOrder.CreateOrder.Response) {
        let viewModel: CreateOrder.CreateOrder.ViewModel
        if let order = response.order {
            viewModel = CreateOrder.CreateOrder.ViewModel(message: "Order \(order.id ?? "") was created.", form: nil)
        } else {
            let form = displayedForm(
                response.orderFormFields, errors: response.errors, saveFailure: response.saveFailure, orderToEdit: nil)
            viewModel = CreateOrder.CreateOrder.ViewModel(message: nil, form: form)
        }
        viewController?.displayCreatedOrder(viewModel: viewModel)
    }

    // MARK: Edit order

    func presentOrderToEdit(response: CreateOrder.EditOrder.Response) {
        let form = response.order.map { order in
            // The card number and security code stay empty: the hint names the stored card.
            displayedForm(Self.formFields(of: order), errors: [], orderToEdit: order)
        }
        viewController?.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(form: form))
    }

    /// An order as the form shows it for editing: every field but the card's.
    static func formFields(of order: Order) -> CreateOrder.OrderFormFields {
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
        fields.billingAddressSameAsShipping = order.billingAddress == order.shipmentAddress ? "on" : ""
        fields.billingAddressStreet1 = order.billingAddress.street1
        fields.billingAddressStreet2 = order.billingAddress.street2
        fields.billingAddressCity = order.billingAddress.city
        fields.billingAddressState = order.billingAddress.state
        fields.billingAddressZIP = order.billingAddress.zip
        fields.version = String(order.version)
        return fields
    }

    // MARK: Update order

    func presentUpdatedOrder(response: CreateOrder.UpdateOrder.Response) {
        let viewModel: CreateOrder.UpdateOrder.ViewModel
        if let order = response.order {
            viewModel = CreateOrder.UpdateOrder.ViewModel(
                orderID: order.id, message: "Order \(order.id ?? "") was updated.", form: nil)
        } else if let current = response.conflict {
            // The form shows the order as it is stored now (values and version): saved again as it
            // is, it changes nothing someone else saved. What the clerk typed is not lost: it is
            // shown under each field where it differs, to be typed again where it should win.
            let form = displayedForm(
                Self.formFields(of: current), errors: [], orderToEdit: current,
                conflict: (current, typed: response.orderFormFields))
            viewModel = CreateOrder.UpdateOrder.ViewModel(orderID: current.id, message: nil, form: form)
        } else if let orderToEdit = response.orderToEdit {
            let form = displayedForm(
                response.orderFormFields, errors: response.errors, saveFailure: response.saveFailure,
                orderToEdit: orderToEdit)
            viewModel = CreateOrder.UpdateOrder.ViewModel(orderID: orderToEdit.id, message: nil, form: form)
        } else if response.saveFailure != nil {
            // The order could not even be read: show the form as posted, with the reason.
            let form = displayedForm(
                response.orderFormFields, errors: [], saveFailure: response.saveFailure, orderToEdit: nil)
            viewModel = CreateOrder.UpdateOrder.ViewModel(orderID: nil, message: nil, form: form)
        } else {
            viewModel = CreateOrder.UpdateOrder.ViewModel(orderID: nil, message: nil, form: nil)
        }
        viewController?.displayUpdatedOrder(viewModel: viewModel)
    }

    // MARK: The form

    private func displayedForm(
        _ fields: CreateOrder.OrderFormFields, errors: [CreateOrder.FieldError],
        saveFailure: CreateOrder.SaveFailure? = nil, orderToEdit: Order?,
        conflict: (current: Order, typed: CreateOrder.OrderFormFields)? = nil
    ) -> DisplayedForm {
        let typedValues = conflict.map { self.typedValues($0.typed, differingFrom: $0.current) } ?? [:]
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
                typedValue: typedValues[field])
        }
        var formMessage = saveFailure.map { _ in
            "The order could not be saved just now. Nothing you typed was lost: check the form and save it again."
        }
        if let conflict {
            formMessage = "Someone else changed order \(conflict.current.id ?? "") after you opened this form, so your "
                + "changes were not saved. The form now shows the order as it is saved, and what you typed under "
                + "each field where it differs. Make your changes again, then save."
        }
        let summary = Field.allCases.compactMap { field in
            messages[field].map { DisplayedForm.DisplayedError(field: field.rawValue, message: $0) }
        }
        let heading = orderToEdit.map { "Edit order \($0.id ?? "")" } ?? "New order"
        let hasErrors = !summary.isEmpty || formMessage != nil
        return DisplayedForm(
            title: hasErrors ? "Error: \(heading)" : heading,
            heading: heading,
            submitLabel: orderToEdit == nil ? "Save order" : "Save changes",
            orderID: orderToEdit?.id,
            version: orderToEdit == nil ? nil : fields.version,
            hasConflict: conflict != nil,
            errors: summary,
            formMessage: formMessage,
            fields: displayedFields,
            billingAddressSameAsShipping: fields.isBillingAddressSameAsShipping,
            shipmentMethodSpeed: fields.shipmentMethodSpeed,
            cardHint: orderToEdit.map {
                "Leave empty to keep the card ending \($0.paymentMethod.lastFourDigits)."
            },
            hasErrors: hasErrors)
    }

    /// After a conflict: what the clerk typed, as they typed it, for every field where it differs
    /// from what is stored now (a new card only by its last digits; never the security code).
    private func typedValues(_ fields: CreateOrder.OrderFormFields, differingFrom current: Order) -> [Field: String] {
        let saved = Self.formFields(of: current)
        var typed = fields
        if typed.isBillingAddressSameAsShipping {
            typed.billingAddressStreet1 = typed.shipmentAddressStreet1
            typed.billingAddressStreet2 = typed.shipmentAddressStreet2
            typed.billingAddressCity = typed.shipmentAddressCity
            typed.billingAddressState = typed.shipmentAddressState
            typed.billingAddressZIP = typed.shipmentAddressZIP
        }
        var values: [Field: String] = [:]
        for field in Field.allCases {
            let text = typed[field].trimmingCharacters(in: .whitespaces)
            switch field {
            case .paymentMethodCVV, .billingAddressSameAsShipping:
                continue
            case .paymentMethodCreditCardNumber:
                let digits = text.filter(\.isNumber)
                if !digits.isEmpty, digits != current.paymentMethod.creditCardNumber {
                    values[field] = "a new card ending \(digits.suffix(4))"
                }
            case .shipmentMethodSpeed:
                if text != saved[field] {
                    values[field] = Int(text).flatMap(ShipmentMethod.ShippingSpeed.init(rawValue:))
                        .map { ShipmentMethod(speed: $0).toString() } ?? text
                }
            case .paymentMethodExpirationDate:
                // 4/29 and 04/29 are one date.
                let parts = text.split(separator: "/").map { $0.count == 1 ? "0\($0)" : String($0) }
                if parts.joined(separator: "/") != formatter.expirationDate(current.paymentMethod.expirationDate) {
                    values[field] = text
                }
            case .shipmentAddressState, .billingAddressState:  // saved in capitals, typed in any case
                if text.uppercased() != saved[field] {
                    values[field] = text.isEmpty ? "(empty)" : text
                }
            default:
                if text != saved[field] {
                    values[field] = text.isEmpty ? "(empty)" : text
                }
            }
        }
        return values
    }

    // MARK: Messages

    /// What to do, in the field's own words (GOV.UK's error message style: no "please", no "invalid").
    func message(for error: CreateOrder.FieldError) -> String {
        let field = error.field
        switch error.problem {
        case .missing: return missingMessage(field)
        case .tooLong(let maximum): return "\(label(field)) must be \(maximum) characters or fewer"
        case .controlCharacters: return "\(label(field)) must not include tabs, line breaks or other control characters"
        case .looksLikeCardNumber: return "\(label(field)) must not include a card number"
        case .badFormat: return badFormatMessage(field)
        case .phoneDigitCount: return "Enter a phone number with 7 to 15 digits"
        case .unknownState: return "Enter a US state or territory code, like CA"
        case .cardNumberLength: return "Enter a card number that is 12 to 19 digits long"
        case .cardNumberChecksum: return "Enter the card number exactly as it is on the card"
        case .monthOutOfRange: return "Enter an expiry month from 1 to 12"
        case .expired: return "The expiry date must be in the future"
        }
    }

    /// The field's name, as the start of a sentence.
    private func label(_ field: Field) -> String {
        switch field {
        case .firstName: return "First name"
        case .lastName: return "Last name"
        case .phone: return "Phone number"
        case .email: return "Email address"
        case .shipmentAddressStreet1: return "Street line 1 of the shipment address"
        case .shipmentAddressStreet2: return "Street line 2 of the shipment address"
        case .shipmentAddressCity: return "City of the shipment address"
        case .shipmentAddressState: return "State of the shipment address"
        case .shipmentAddressZIP: return "ZIP code of the shipment address"
        case .shipmentMethodSpeed: return "Shipping method"
        case .paymentMethodCreditCardNumber: return "Card number"
        case .paymentMethodExpirationDate: return "Expiry date"
        case .paymentMethodCVV: return "Card security code"
        case .billingAddressSameAsShipping: return "Same as shipping address"
        case .billingAddressStreet1: return "Street line 1 of the billing address"
        case .billingAddressStreet2: return "Street line 2 of the billing address"
        case .billingAddressCity: return "City of the billing address"
        case .billingAddressState: return "State of the billing address"
        case .billingAddressZIP: return "ZIP code of the billing address"
        }
    }

    private func missingMessage(_ field: Field) -> String {
        switch field {
        case .firstName: return "Enter the customer's first name"
        case .lastName: return "Enter the customer's last name"
        case .phone: return "Enter the customer's phone number"
        case .email: return "Enter the customer's email address"
        case .shipmentAddressStreet1: return "Enter the first line of the shipment address"
        case .shipmentAddressStreet2: return "Enter the second line of the shipment address"
        case .shipmentAddressCity: return "Enter the city of the shipment address"
        case .shipmentAddressState: return "Enter the state of the shipment address"
        case .shipmentAddressZIP: return "Enter the ZIP code of the shipment address"
        case .shipmentMethodSpeed: return "Select a shipping method"
        case .paymentMethodCreditCardNumber: return "Enter the card number"
        case .paymentMethodExpirationDate: return "Enter the card's expiry date"
        case .paymentMethodCVV: return "Enter the card security code"
        case .billingAddressSameAsShipping: return "Select whether the billing address is the shipment address"
        case .billingAddressStreet1: return "Enter the first line of the billing address"
        case .billingAddressStreet2: return "Enter the second line of the billing address"
        case .billingAddressCity: return "Enter the city of the billing address"
        case .billingAddressState: return "Enter the state of the billing address"
        case .billingAddressZIP: return "Enter the ZIP code of the billing address"
        }
    }

    private func badFormatMessage(_ field: Field) -> String {
        switch field {
        case .phone:
            return "Enter a phone number using only digits, spaces, dashes, dots, brackets and a leading +, like (415) 555-0100"
        case .email: return "Enter an email address in the correct format, like name@example.com"
        case .shipmentAddressZIP, .billingAddressZIP: return "Enter a ZIP code like 94107 or 94107-1234"
        case .shipmentMethodSpeed: return "Select a shipping method from the list"
        case .paymentMethodCreditCardNumber: return "Enter a card number using only digits, spaces and dashes"
        case .paymentMethodExpirationDate: return "Enter the expiry date like 04/29"
        case .paymentMethodCVV: return "Enter a card security code of 3 or 4 digits"
        default: return "Enter the \(label(field).lowercased()) in the correct format"
        }
    }
}
