protocol EditCustomerPresentationLogic: AnyObject {
    func presentForm(response: EditCustomer.ShowForm.Response)
    func presentSavedCustomer(response: EditCustomer.SaveCustomer.Response)
}

/// The customer form in words: GOV.UK's question page, the order form's words for its fields
/// (`CreateOrderPresenter.message(for:)`), the note's as an order note's; a new customer whose
/// phone or email is known names who has them, with *Use …* and *Save as a new customer*; a stale
/// form (409) shows the customer as stored now, with what was typed under each field that differs.
final class EditCustomerPresenter: EditCustomerPresentationLogic {
    weak var viewController: EditCustomerDisplayLogic?
    private let formatter: OrderDisplayFormatter
    private let orderForm: CreateOrderPresenter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
        orderForm = CreateOrderPresenter(formatter: formatter)
    }

    typealias Field = CreateOrder.Field

    /// The form's fields, in its order: the contact, then the two addresses.
    static let contactFields: [Field] = [.firstName, .lastName, .phone, .email]
    static let addressFields: [Field] = [
        .shipmentAddressStreet1, .shipmentAddressStreet2, .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP,
        .billingAddressStreet1, .billingAddressStreet2, .billingAddressCity, .billingAddressState, .billingAddressZIP,
    ]
    static let noteField = "note"
    static let resumedMessage = "Your session ended before this was saved. Here it is as you typed it: check it, and save."
    static let unavailableMessage = "The customers could not be reached, so nothing was saved. Nothing you typed was lost: save it again in a moment."
    static let duplicatesMessage =
        "A customer with this phone number or email address is already saved. Use them, or save this one as a new customer (a household or an office may share a number)."

    func presentForm(response: EditCustomer.ShowForm.Response) {
        switch response {
        case .form(let id, let fields): viewController?.displayCustomer(viewModel: .form(form(id: id, fields), status: .ok))
        case .resumed(let id, let fields):
            var displayed = form(id: id, fields)
            displayed.notice = Self.resumedMessage
            viewController?.displayCustomer(viewModel: .form(displayed, status: .ok))
        case .notFound: viewController?.displayCustomer(viewModel: .notFound)
        case .unavailable: viewController?.displayCustomer(viewModel: .unavailable)
        }
    }

    func presentSavedCustomer(response: EditCustomer.SaveCustomer.Response) {
        switch response {
        case .saved(let customer, let isNew):
            viewController?.displayCustomer(
                viewModel: .saved(
                    customerID: customer.id ?? 0, flash: isNew ? "Customer added: \(customer.name)." : "Customer changed: \(customer.name)."))
        case .invalid(let id, let fields, let problems):
            viewController?.displayCustomer(viewModel: .form(form(id: id, fields, problems: problems), status: .invalid))
        case .duplicates(let known, let typed):
            var displayed = form(id: nil, typed)
            displayed.formMessage = Self.duplicatesMessage
            displayed.duplicates = known.map { customer in
                EditCustomer.DisplayedDuplicate(
                    message: Self.duplicateMessage(customer), useLabel: "Use \(customer.name)", url: Paths.customer(String(customer.id ?? 0)))
            }
            viewController?.displayCustomer(viewModel: .form(displayed, status: .duplicates))
        case .conflict(let current, let typed):
            let stored = EditCustomer.CustomerFormFields(current)
            var displayed = form(id: current.id, stored)
            displayed.formMessage = conflictMessage(current)
            for field in Self.contactFields + Self.addressFields where stored.contact[field] != typed.contact[field] {
                let value = typed.contact[field]
                displayed.fields[field.rawValue]?.typedValue = value.isEmpty ? "(empty)" : value
            }
            if stored.note != typed.note { displayed.note.typedValue = typed.note.isEmpty ? "(empty)" : typed.note }
            viewController?.displayCustomer(viewModel: .form(displayed, status: .conflict))
        case .notFound:
            viewController?.displayCustomer(viewModel: .notFound)
        case .unavailable(let id, let fields):
            var displayed = form(id: id, fields)
            displayed.formMessage = Self.unavailableMessage
            viewController?.displayCustomer(viewModel: .form(displayed, status: .unavailable))
        }
    }

    /// "Jane Doe, (415) 555-0100, 12 Main St already exists" (the street when it is known).
    static func duplicateMessage(_ customer: Customer) -> String {
        ([customer.name, customer.phone, customer.shippingAddress.street1].filter { !$0.isEmpty }.joined(separator: ", ")) + " already exists"
    }

    /// Names who made the other change, and when.
    func conflictMessage(_ current: Customer) -> String {
        let who = current.updatedBy.map(formatter.accountName) ?? "Someone else"
        let when = current.updatedAt.map { " on \(formatter.longDateAndTime($0))" } ?? ""
        return "\(who) changed this customer\(when) after you opened this form, so your changes were not saved. The form now shows "
            + "the customer as saved, and what you typed under each field where it differs. Make your changes again, then save."
    }

    private func form(
        id: Int64?, _ fields: EditCustomer.CustomerFormFields, problems: [EditCustomer.FieldProblem] = []
    ) -> EditCustomer.DisplayedForm {
        var messages: [String: String] = [:]
        var summary: [SignIn.DisplayedError] = []
        for problem in problems {
            let (name, message): (String, String) =
                switch problem {
                case .field(let error): (error.field.rawValue, orderForm.message(for: error))
                case .note(let found): (Self.noteField, AddOrderNotePresenter.message(for: found))
                }
            guard messages[name] == nil else { continue }
            messages[name] = message
            summary.append(SignIn.DisplayedError(field: name, message: message))
        }
        var displayed: [String: SignIn.DisplayedField] = [:]
        for field in Self.contactFields + Self.addressFields {
            displayed[field.rawValue] = SignIn.DisplayedField(
                name: field.rawValue, value: fields.contact[field], errorMessage: messages[field.rawValue])
        }
        return EditCustomer.DisplayedForm(
            heading: id == nil ? "Add a customer" : "Change a customer",
            action: id.map { Paths.editCustomer(String($0)) } ?? Paths.newCustomer.description, version: fields.version,
            errors: summary, formMessage: nil, fields: displayed,
            billingAddressSameAsShipping: fields.contact.isBillingAddressSameAsShipping,
            note: SignIn.DisplayedField(
                name: Self.noteField, value: fields.note, errorMessage: messages[Self.noteField],
                hint: "What the next clerk should know, like “Call after 5 pm”. Never a card number."),
            duplicates: [], button: id == nil ? "Save customer" : "Save changes",
            cancelURL: id.map { Paths.customer(String($0)) } ?? Paths.customers.description)
    }
}
