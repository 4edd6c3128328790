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
        /// On the edit form: each field's value in the order at `version` (`OrderEditMerge.values(of:)`),
        /// posted back as hidden `base-<field>` inputs, so that a save over a newer version can tell
        /// whose change each field is (`OrderEditMerge`). Never the card number or its code. Empty
        /// for a form without them. Untrusted: it only decides what counts as changed.
        var base: [Field: String] = [:]

        private enum HiddenField: String, CodingKey {
            case version
        }

        /// A hidden `base-<field>` input's name.
        struct BaseKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ field: Field) { stringValue = "base-\(field.rawValue)" }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Field.self)
            for field in Field.allCases {
                self[keyPath: field.keyPath] = try container.decodeIfPresent(String.self, forKey: field) ?? ""
            }
            let hidden = try decoder.container(keyedBy: HiddenField.self)
            version = try hidden.decodeIfPresent(String.self, forKey: .version) ?? ""
            let bases = try decoder.container(keyedBy: BaseKey.self)
            for field in OrderEditMerge.comparedFields {
                if let value = try bases.decodeIfPresent(String.self, forKey: BaseKey(field)) { base[field] = value }
            }
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
        /// Invisible formatting characters (Unicode category Cf): text direction overrides,
        /// zero-width characters, tag characters. They make text show other than it is stored.
        case formatCharacters
        /// A free-text field (or the phone) holding a card number (`TextRules.cardNumbers(in:)`).
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

    /// A field someone else changed since the form was opened, and who (nil: no one was signed in,
    /// or the history does not say).
    struct FieldChange: Equatable, Sendable {
        var field: Field
        var by: AccountName?
    }

    struct FieldError: Equatable, Sendable {
        var field: Field
        var problem: Problem
    }

    /// A form on its way back to the clerk, as they posted it, with what the interactor read from it.
    struct PostedForm: Equatable {
        var fields: OrderFormFields
        /// The month the typed expiry names, when it names one: the form shows it back normalised
        /// (`1/28` → `01/28`).
        var expirationDate: ExpirationDate?
    }

    // MARK: Use cases

    enum EditOrder {
        struct Request {
            var orderID: String
        }

        enum Response: Equatable {
            case found(Order, shipmentMethods: [ShipmentMethod])
            /// A shipped or cancelled order: kept as it is, no form.
            case readOnly(Order)
            case notFound
            /// The store could not be read: no form to show.
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    enum UpdateOrder {
        struct Request {
            var orderID: String
            var orderFormFields: OrderFormFields
            /// Who is signed in on the browser the request came from (nil when no one is): the order's
            /// history names them.
            var signedIn: AccountName? = nil
        }

        enum Response: Equatable {
            case updated(Order)
            /// Someone else saved the order since the form was opened, changing none of the fields
            /// this clerk changed (or changing them the same way): both changes were merged and
            /// saved (`OrderEditMerge`). `theirChanges`: the fields only they changed, in the form's
            /// order (empty when they changed none of the form's fields: a status move, items).
            case merged(Order, theirChanges: [FieldChange])
            /// The form was refused; `orderToEdit` is the order as it was read before the update.
            case invalid(PostedForm, [FieldError], orderToEdit: Order, shipmentMethods: [ShipmentMethod])
            /// Someone else saved the order since the form was opened and changed some field this
            /// clerk changed, to another value (or the form cannot say what it was opened at):
            /// nothing was saved. `current` is the order as stored now, `attempted` the order this
            /// form would have saved over it, `posted` the form as the clerk typed it, `merge` each
            /// field's outcome (`OrderEditMerge`), `changedBy` who changed each field meanwhile.
            case conflict(
                current: Order, attempted: Order, posted: PostedForm, merge: OrderEditMerge.Result,
                changedBy: [Field: AccountName], shipmentMethods: [ShipmentMethod])
            /// The order is shipped or cancelled (now, or since the form was opened): nothing was saved.
            case readOnly(Order)
            /// The edit would move a paid order of goods to another tax region, or a new one where
            /// no rate applies: nothing was saved; `reason` says why.
            case refused(Order, reason: String)
            case notFound
            /// The store could not be read or written; the posted form comes back.
            case storeUnavailable(PostedForm, orderID: String, orderToEdit: Order?, shipmentMethods: [ShipmentMethod])
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    /// An edit form typed before the clerk's session ended, back after signing in (SignIn's
    /// router brings it): shown as typed, to check and save (the card number and security code
    /// were not kept). The old one-page new-order form becomes a draft instead (`EditDraft.KeepOrderForm`).
    enum ResumeDraft {
        struct Request {
            var orderFormFields: OrderFormFields
            /// The order the edit was for.
            var orderID: String
        }

        enum Response: Equatable {
            case editing(PostedForm, orderToEdit: Order, shipmentMethods: [ShipmentMethod])
            case notFound
            case storeUnavailable(PostedForm, orderID: String, shipmentMethods: [ShipmentMethod])
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    // MARK: View models of the form

    /// The page a use case of the form ends on. The view controller gives each its HTTP status, in
    /// one place.
    enum DisplayedPage: Equatable {
        /// The form, in one of its states.
        case form(DisplayedForm, FormState)
        /// Saved: the router takes the clerk on (Post/Redirect/Get), passing the flash.
        case saved(orderID: String, flash: String)
        /// No form: the order cannot be changed, and the page says why (`ErrorPage.Reason`).
        case refused(ErrorPage.Reason)
        case notFound
        /// The order could not be read (503): there is no form to show.
        case unavailable
    }

    /// Why the form is shown.
    enum FormState: Equatable {
        /// Filled from the order to edit.
        case ready
        /// Refused: the error summary says why.
        case invalid
        /// Someone else saved the order since the form was opened.
        case conflict
        /// Valid, but the store could not save it.
        case unavailable
        /// Typed before the session ended, back after signing in: not saved yet.
        case resumed
    }

    /// The order form as the template prints it: values, messages, titles and links, all strings.
    struct DisplayedForm: Equatable {
        struct DisplayedField: Equatable {
            var name: String
            var value: String
            var errorMessage: String?
            /// After a conflict: what the clerk had typed, in a field asked again.
            var typedValue: String? = nil
            /// After a conflict: what someone else changed the field to, and who, in a field both
            /// changed (nil when the form could not tell whose change it was).
            var theirChange: TheirChange? = nil
            /// Shown under the label, outside it ("For example, 04/29"): the label alone names the field.
            var hint: String? = nil

            /// The ids of what describes the input, in GOV.UK's order: its hint, its error, what
            /// someone else changed it to, what the clerk had typed (nil when nothing does).
            var describedBy: String? {
                // Written straight into one string (no array of optionals joined): a draft page of
                // 20 lines asks it of 60 boxes (issue 31).
                guard hint != nil || errorMessage != nil || theirChange != nil || typedValue != nil else { return nil }
                var ids = ""
                func add(_ suffix: String) {
                    if !ids.isEmpty { ids += " " }
                    ids += name
                    ids += suffix
                }
                if hint != nil { add("-hint") }
                if errorMessage != nil { add("-error") }
                if theirChange != nil { add("-theirs") }
                if typedValue != nil { add("-typed") }
                return ids
            }
        }

        /// Someone else's change of a field both clerks changed: "Amy changed it to: …".
        struct TheirChange: Equatable {
            var who: String
            var value: String
        }

        /// A hidden input of the form's base (`OrderFormFields.base`).
        struct HiddenValue: Equatable {
            var name: String
            var value: String
        }

        struct DisplayedError: Equatable {
            var field: String
            var message: String
        }

        /// One radio of the shipping method: the first one's id is the field's name (the error
        /// summary links to it), the others' `shipmentMethodSpeed-2`, `-3`… (GOV.UK's ids).
        struct ShippingMethod: Equatable {
            var id: String
            var value: String
            var name: String
            var selected: Bool
        }

        var title: String
        var heading: String
        var submitLabel: String
        /// Where the form posts, and where "Cancel" goes.
        var action: String
        var cancelURL: String
        /// On the edit form: the order's version the form saves over (a hidden field).
        var version: String?
        /// The error summary's links, in the form's order: each mistake; after a conflict, each field
        /// where what the clerk typed differs from the order as saved now.
        var errors: [DisplayedError]
        /// A problem with the whole form (the store failed, or someone else saved the order).
        var formMessage: String?
        var fields: [String: DisplayedField]
        var billingAddressSameAsShipping: Bool
        var shippingMethods: [ShippingMethod]
        /// Something to know that is no error (the form came back after signing in).
        var notice: String? = nil
        /// The form's base, as hidden inputs (`OrderFormFields.base`).
        var base: [HiddenValue] = []

        /// Whether the error summary shows.
        var hasErrors: Bool { !errors.isEmpty || formMessage != nil }
    }
}
