enum CreateOrder {
    // MARK: Form

    /// What the order form posts: every input's `name` is a property here, and every value is the
    /// raw text the clerk typed. Parsing and rules are the interactor's (validation worker's) job.
    /// A missing field decodes as empty text.
    struct OrderFormFields: Equatable, Decodable, Sendable {
        // MARK: Contact info
        var firstName = ""
        var lastName = ""
        var phone = ""
        var email = ""

        // MARK: Shipping info
        var shipmentAddressStreet1 = ""
        var shipmentAddressStreet2 = ""
        var shipmentAddressCity = ""
        var shipmentAddressState = ""
        var shipmentAddressZIP = ""
        var shipmentMethodSpeed = ""

        // MARK: Payment info
        var paymentMethodCreditCardNumber = ""
        var paymentMethodExpirationDate = ""
        var paymentMethodCVV = ""

        // MARK: Billing address
        var billingAddressSameAsShipping = ""
        var billingAddressStreet1 = ""
        var billingAddressStreet2 = ""
        var billingAddressCity = ""
        var billingAddressState = ""
        var billingAddressZIP = ""

        // MARK: Hidden
        /// On the edit form: the version of the order the form was opened at (`Order.version`).
        var version = ""

        private enum HiddenField: String, CodingKey {
            case version
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Field.self)
            for field in Field.allCases {
                self[keyPath: field.keyPath] = try container.decodeIfPresent(String.self, forKey: field) ?? ""
            }
            version = try decoder.container(keyedBy: HiddenField.self).decodeIfPresent(String.self, forKey: .version) ?? ""
        }

        subscript(field: Field) -> String {
            get { self[keyPath: field.keyPath] }
            set { self[keyPath: field.keyPath] = newValue }
        }

        /// "Same as shipping address" is ticked.
        var isBillingAddressSameAsShipping: Bool {
            billingAddressSameAsShipping == "on"
        }
    }

    /// The form's fields, in the order the form shows them (and the error summary lists them).
    enum Field: String, CaseIterable, CodingKey, Sendable {
        case firstName, lastName, phone, email
        case shipmentAddressStreet1, shipmentAddressStreet2, shipmentAddressCity, shipmentAddressState,
            shipmentAddressZIP
        case shipmentMethodSpeed
        case paymentMethodCreditCardNumber, paymentMethodExpirationDate, paymentMethodCVV
        case billingAddressSameAsShipping
        case billingAddressStreet1, billingAddressStreet2, billingAddressCity, billingAddressState,
            billingAddressZIP

        /// Where the field's text is kept in `OrderFormFields`.
        var keyPath: WritableKeyPath<OrderFormFields, String> {
            switch self {
            case .firstName: return \.firstName
            case .lastName: return \.lastName
            case .phone: return \.phone
            case .email: return \.email
            case .shipmentAddressStreet1: return \.shipmentAddressStreet1
            case .shipmentAddressStreet2: return \.shipmentAddressStreet2
            case .shipmentAddressCity: return \.shipmentAddressCity
            case .shipmentAddressState: return \.shipmentAddressState
            case .shipmentAddressZIP: return \.shipmentAddressZIP
            case .shipmentMethodSpeed: return \.shipmentMethodSpeed
            case .paymentMethodCreditCardNumber: return \.paymentMethodCreditCardNumber
            case .paymentMethodExpirationDate: return \.paymentMethodExpirationDate
            case .paymentMethodCVV: return \.paymentMethodCVV
            case .billingAddressSameAsShipping: return \.billingAddressSameAsShipping
            case .billingAddressStreet1: return \.billingAddressStreet1
            case .billingAddressStreet2: return \.billingAddressStreet2
            case .billingAddressCity: return \.billingAddressCity
            case .billingAddressState: return \.billingAddressState
            case .billingAddressZIP: return \.billingAddressZIP
            }
        }
    }

    /// What is wrong with one field. The presenter turns it into words.
    enum Problem: Equatable, Sendable {
        /// A required field is empty.
        case missing
        /// Longer than the field takes.
        case tooLong(maximum: Int)
        /// Tabs, line breaks or other control characters.
        case controlCharacters
        /// A free-text field holding what looks like a card number (12 or more digits in a row).
        case looksLikeCardNumber
        /// Not in the form the field takes (an email with no @, a ZIP of letters, a card number with letters…).
        case badFormat
        /// A phone number with fewer than 7 or more than 15 digits.
        case phoneDigitCount
        /// Not a US state or territory code.
        case unknownState
        /// A card number that is not 12 to 19 digits long.
        case cardNumberLength
        /// A card number that fails the Luhn check (a typing mistake).
        case cardNumberChecksum
        /// An expiry month that is not 1 to 12.
        case monthOutOfRange
        /// An expiry month before this one.
        case expired
    }

    struct FieldError: Equatable, Sendable {
        var field: Field
        var problem: Problem
    }

    /// Why a valid form could not be saved (the store failed); the typed values are kept.
    enum SaveFailure: Equatable, Sendable {
        case storeUnavailable
    }

    // MARK: Use cases

    enum NewOrder {
        struct Request {}
        struct Response {}
        struct ViewModel {
            var form: DisplayedForm
        }
    }

    enum FormatExpirationDate {
        struct Request {
            var date: ExpirationDate
        }

        struct Response {
            var date: ExpirationDate
        }

        struct ViewModel {
            var date: String
        }
    }

    enum CreateOrder {
        struct Request {
            var orderFormFields: OrderFormFields
        }

        struct Response {
            /// The created order; nil when the form was refused or could not be saved.
            var order: Order?
            /// The form as posted, for showing it again.
            var orderFormFields: OrderFormFields
            var errors: [FieldError] = []
            var saveFailure: SaveFailure? = nil
        }

        struct ViewModel {
            /// "Order 7 was created.": passed to the list page. nil when the form comes back.
            var message: String?
            var form: DisplayedForm?
        }
    }

    enum EditOrder {
        struct Request {
            var orderID: String
        }

        struct Response {
            /// nil when there is no such order.
            var order: Order?
        }

        struct ViewModel {
            /// nil when there is no such order.
            var form: DisplayedForm?
        }
    }

    enum UpdateOrder {
        struct Request {
            var orderID: String
            var orderFormFields: OrderFormFields
        }

        struct Response {
            /// The order as it was before this update; nil when there is no such order.
            var orderToEdit: Order?
            /// The updated order; nil when the form was refused or could not be saved.
            var order: Order?
            var orderFormFields: OrderFormFields
            var errors: [FieldError] = []
            var saveFailure: SaveFailure? = nil
            /// The order as stored now, when someone else saved it since the form was opened: the
            /// update was not made.
            var conflict: Order? = nil
        }

        struct ViewModel {
            var orderID: String?
            /// "Order 7 was updated.": passed to the order's page. nil when the form comes back.
            var message: String?
            /// The form to show again; nil on success or when there is no such order.
            var form: DisplayedForm?
        }
    }

    // MARK: View models of the form

    /// The order form as the template prints it: values, messages and titles, all strings.
    struct DisplayedForm: Equatable {
        struct DisplayedField: Equatable {
            var name: String
            var value: String
            var errorMessage: String?
            /// After a conflict: what the clerk had typed, where it differs from `value` (the order as
            /// someone else saved it).
            var typedValue: String? = nil
        }

        struct DisplayedError: Equatable {
            var field: String
            var message: String
        }

        var title: String
        var heading: String
        var submitLabel: String
        var orderID: String?
        /// On the edit form: the order's version the form saves over (a hidden field).
        var version: String?
        /// Someone else saved the order since the form was opened; the form shows it as saved now.
        var hasConflict: Bool = false
        /// Messages for the error summary, in the form's order.
        var errors: [DisplayedError]
        /// A problem with the whole form (the store failed).
        var formMessage: String?
        var fields: [String: DisplayedField]
        var billingAddressSameAsShipping: Bool
        var shipmentMethodSpeed: String
        /// On the edit form: which card is kept when the number is left empty.
        var cardHint: String?

        /// Whether the error summary shows (a stored flag: templates see stored properties only).
        var hasErrors: Bool
    }
}
