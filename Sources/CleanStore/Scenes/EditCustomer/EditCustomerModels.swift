enum EditCustomer {
    // MARK: Form

    /// What the customer form posts, as typed: the order form's contact and address fields (the
    /// same names, read by the same rules, `OrderValidationWorker.validateCustomer`), the note, the
    /// version the form was opened at (empty for a new customer) and, on the duplicate choice, the
    /// button pressed: `saveAsNew` (`on`) saves a customer whose phone or email is known.
    struct CustomerFormFields: Equatable, Decodable, Sendable {
        var contact = CreateOrder.OrderFormFields()
        var note = ""
        var version = ""
        var saveAsNew = ""

        init(contact: CreateOrder.OrderFormFields = CreateOrder.OrderFormFields(), note: String = "", version: String = "", saveAsNew: String = "") {
            self.contact = contact
            self.note = note
            self.version = version
            self.saveAsNew = saveAsNew
        }

        init(from decoder: any Decoder) throws {
            contact = try CreateOrder.OrderFormFields(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func text(_ key: CodingKeys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
            note = try text(.note)
            version = try text(.version)
            saveAsNew = try text(.saveAsNew)
        }

        enum CodingKeys: String, CodingKey { case note, version, saveAsNew }

        /// The form filled from a stored customer ("same as shipping" ticked when the two addresses are one).
        init(_ customer: Customer) {
            var contact = CreateOrder.OrderFormFields()
            contact.firstName = customer.firstName
            contact.lastName = customer.lastName
            contact.phone = customer.phone
            contact.email = customer.email
            let shipping = customer.shippingAddress
            contact.shipmentAddressStreet1 = shipping.street1
            contact.shipmentAddressStreet2 = shipping.street2
            contact.shipmentAddressCity = shipping.city
            contact.shipmentAddressState = shipping.state
            contact.shipmentAddressZIP = shipping.zip
            if customer.billingAddress == shipping {
                contact.billingAddressSameAsShipping = "on"
            } else {
                let billing = customer.billingAddress
                contact.billingAddressStreet1 = billing.street1
                contact.billingAddressStreet2 = billing.street2
                contact.billingAddressCity = billing.city
                contact.billingAddressState = billing.state
                contact.billingAddressZIP = billing.zip
            }
            self.init(contact: contact, note: customer.note, version: String(customer.version))
        }
    }

    /// A field's problem: one of the order form's (its words are `CreateOrderPresenter`'s), or the note's.
    enum FieldProblem: Equatable, Sendable {
        case field(CreateOrder.FieldError)
        case note(FreeTextRule.Problem)
    }

    // MARK: Use cases

    enum ShowForm {
        /// nil: a new customer.
        struct Request {
            var id: Int64?
            /// The form as typed when it was posted after the session ended (`OrderDraft`): shown
            /// back, for the customer it was for, once signed in again.
            var resumed: CustomerFormFields? = nil
        }

        enum Response: Equatable {
            case form(id: Int64?, CustomerFormFields)
            /// The form posted after the session ended, as typed.
            case resumed(id: Int64?, CustomerFormFields)
            case notFound
            case unavailable
        }
    }

    enum SaveCustomer {
        struct Request {
            /// nil: a new customer.
            var id: Int64?
            var fields: CustomerFormFields
            var by: AccountName?
        }

        enum Response: Equatable {
            case saved(Customer, isNew: Bool)
            case invalid(id: Int64?, CustomerFormFields, [FieldProblem])
            /// A new customer whose phone or email is known: those customers, and the form as typed
            /// (nothing saved: the clerk uses one of them or saves a new one).
            case duplicates([Customer], typed: CustomerFormFields)
            /// Someone saved the customer since the form was opened: the customer as stored, and what was typed.
            case conflict(current: Customer, typed: CustomerFormFields)
            case notFound
            case unavailable(id: Int64?, CustomerFormFields)
        }
    }

    // MARK: View model

    enum ViewModel {
        case form(DisplayedForm, status: FormStatus)
        case saved(customerID: Int64, flash: String)
        case notFound
        case unavailable
    }

    enum FormStatus: Equatable {
        case ok, invalid, duplicates, conflict, unavailable
    }

    /// A customer the new one would repeat: "Jane Doe, (415) 555-0100, 12 Main St already exists".
    struct DisplayedDuplicate: Equatable {
        var message: String
        var useLabel: String
        var url: String
    }

    struct DisplayedForm {
        var heading: String
        var action: String
        var version: String
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        /// A form kept through signing in says so (not a problem: no "Error:").
        var notice: String? = nil
        var fields: [String: SignIn.DisplayedField]
        var billingAddressSameAsShipping: Bool
        var note: SignIn.DisplayedField
        var duplicates: [DisplayedDuplicate]
        var button: String
        var cancelURL: String
        var hasDuplicates: Bool { !duplicates.isEmpty }
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
        /// The page's title: "Error: " first when the form says what is wrong (GOV.UK).
        var title: String { (hasErrors ? "Error: " : "") + heading }
    }
}
