/// The words of the order form's messages, in GOV.UK's error message style: say what to do, in the
/// field's own words; no "please", no "invalid".
extension CreateOrderPresenter {
    static let storeUnavailableMessage =
        "The order could not be saved just now. Nothing you typed was lost: check the form and save it again."

    /// The edit form's hint when the stored card cannot be read (`PaymentMethod.isCardUnreadable`).
    static let unreadableCardHint =
        "The card saved with this order cannot be read (card unreadable): enter the card number and security code again."

    /// A new-order form sent again after it was saved (a double click, Back and save again, a
    /// retry): said on the order's page, under its number.
    static func alreadyCreatedMessage(orderID: String) -> String {
        "This form was sent more than once: order \(orderID) was saved the first time, so nothing new was saved."
    }

    /// Names who made the other change, and when, when the order says; `retypeCard`: this clerk
    /// typed a new card, which the form never shows back.
    func conflictMessage(_ current: Order, retypeCard: Bool = false) -> String {
        let orderID = current.id ?? ""
        let who = current.updatedBy.map(formatter.accountName) ?? "Someone else"
        let when = current.updatedAt.map { " on \(formatter.longDateAndTime($0))" } ?? ""
        return "\(who) changed order \(orderID)\(when) after you opened this form, so your changes were not saved. The form "
            + "now shows their changes and yours; under each field listed you both changed, it shows what they saved and "
            + "what you typed, with your value in the field. Check those fields, then save."
            + (retypeCard ? " Type the new card number again: it is never shown back." : "")
    }

    /// The saved banner after a merge: who changed which fields meanwhile ("Saved. Amy changed the
    /// phone number meanwhile: both changes are kept."; "all" when more than one other clerk saved),
    /// grouped by who, in the form's order; the
    /// usual one when they changed none of the form's fields.
    func mergedMessage(orderID: String, theirChanges: [CreateOrder.FieldChange]) -> String {
        guard !theirChanges.isEmpty else { return "Order \(orderID) was updated." }
        var names: [String] = []
        var fields: [String: [String]] = [:]
        for change in theirChanges {
            let who = change.by?.displayName ?? Self.someoneElse
            if fields[who] == nil { names.append(who) }
            fields[who, default: []].append(Self.lowercasedLabel(change.field))
        }
        let clauses = names.map { "\($0) changed \(Self.list(fields[$0] ?? []))" }
        return "Saved. \(Self.list(clauses)) meanwhile: \(names.count == 1 ? "both" : "all") changes are kept."
    }

    /// "the phone number", "the ZIP code of the shipment address": a field's label inside a sentence.
    static func lowercasedLabel(_ field: Field) -> String {
        let label = label(field)
        let keepsCapital = label.dropFirst().first?.isUppercase ?? false
        return "the " + (keepsCapital ? label : label.prefix(1).lowercased() + label.dropFirst())
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// What a field's hint says, under its label (nil: it has none). GOV.UK's hint style: a
    /// sentence that starts with a capital, outside the label, so the label alone names the field.
    func hint(for field: Field, editing: Editing?) -> String? {
        switch field {
        // On the edit form, which card is kept when the number is left empty (when it is known), or
        // that the stored one cannot be read and must be typed again.
        case .paymentMethodCreditCardNumber:
            if editing?.isCardUnreadable == true { return Self.unreadableCardHint }
            return editing?.lastFourDigits.map { "Leave empty to keep the card ending \($0)." }
        case .paymentMethodExpirationDate: return "For example, 04/29"
        case .paymentMethodCVV: return "The last 3 or 4 digits on the back of the card"
        default: return nil
        }
    }

    func message(for error: CreateOrder.FieldError) -> String {
        let field = error.field
        let words = Self.words(field)
        switch error.problem {
        case .missing: return words.missing
        case .tooLong(let maximum): return "\(words.label) must be \(maximum) characters or fewer"
        case .controlCharacters: return "\(words.label) must not include tabs, line breaks or other control characters"
        case .formatCharacters:
            return "\(words.label) must not include hidden formatting characters, such as text direction marks"
        case .looksLikeCardNumber: return "\(words.label) must not include a card number"
        case .badFormat: return words.badFormat ?? "Enter the \(words.label.lowercased()) in the correct format"
        case .phoneDigitCount: return "Enter a phone number with 7 to 15 digits"
        case .unknownState: return "Enter a US state or territory code, like CA"
        case .cardNumberLength: return "Enter a card number that is 12 to 19 digits long"
        case .cardNumberChecksum: return "Enter the card number exactly as it is on the card"
        case .monthOutOfRange: return "Enter an expiry month from 1 to 12"
        case .expired: return "The expiry date must be in the future"
        }
    }

    /// A field's name as the start of a sentence, the same on every form ("Street line 1 of the
    /// shipment address").
    static func label(_ field: Field) -> String {
        words(field).label
    }

    /// A field's words: its name as the start of a sentence, what to do when it is empty, and when
    /// it is not in the form it takes (nil: a sentence made from the name). A new field adds one
    /// line here.
    private static func words(_ field: Field) -> (label: String, missing: String, badFormat: String?) {
        switch field {
        case .firstName: return ("First name", "Enter the customer's first name", nil)
        case .lastName: return ("Last name", "Enter the customer's last name", nil)
        case .phone:
            return (
                "Phone number", "Enter the customer's phone number",
                "Enter a phone number using only digits, spaces, dashes, dots, brackets and a leading +, like (415) 555-0100"
            )
        case .email:
            return (
                "Email address", "Enter the customer's email address",
                "Enter an email address in the correct format, like name@example.com")
        case .shipmentAddressStreet1:
            return ("Street line 1 of the shipment address", "Enter the first line of the shipment address", nil)
        case .shipmentAddressStreet2:
            return ("Street line 2 of the shipment address", "Enter the second line of the shipment address", nil)
        case .shipmentAddressCity: return ("City of the shipment address", "Enter the city of the shipment address", nil)
        case .shipmentAddressState: return ("State of the shipment address", "Enter the state of the shipment address", nil)
        case .shipmentAddressZIP:
            return (
                "ZIP code of the shipment address", "Enter the ZIP code of the shipment address",
                "Enter a ZIP code like 94107 or 94107-1234")
        case .shipmentMethodSpeed:
            return ("Shipping method", "Select a shipping method", "Select a shipping method from the list")
        case .paymentMethodCreditCardNumber:
            return ("Card number", "Enter the card number", "Enter a card number using only digits, spaces and dashes")
        case .paymentMethodExpirationDate:
            return ("Expiry date", "Enter the card's expiry date", "Enter the expiry date like 04/29")
        case .paymentMethodCVV:
            return ("Card security code", "Enter the card security code", "Enter a card security code of 3 or 4 digits")
        case .billingAddressSameAsShipping:
            return ("Same as shipping address", "Select whether the billing address is the shipment address", nil)
        case .billingAddressStreet1:
            return ("Street line 1 of the billing address", "Enter the first line of the billing address", nil)
        case .billingAddressStreet2:
            return ("Street line 2 of the billing address", "Enter the second line of the billing address", nil)
        case .billingAddressCity: return ("City of the billing address", "Enter the city of the billing address", nil)
        case .billingAddressState: return ("State of the billing address", "Enter the state of the billing address", nil)
        case .billingAddressZIP:
            return (
                "ZIP code of the billing address", "Enter the ZIP code of the billing address",
                "Enter a ZIP code like 94107 or 94107-1234")
        }
    }
}
