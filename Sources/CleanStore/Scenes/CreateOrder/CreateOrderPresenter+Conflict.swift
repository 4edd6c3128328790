extension CreateOrderPresenter {
    /// What the note under a field says the clerk typed when they left it empty.
    static let typedNothing = "(empty)"

    /// After a conflict, the summary's list, as the error summary lists mistakes: a link to every
    /// field asked again, in the form's order ("Phone number: Amy changed it to 222-222-2222, you
    /// typed 111-111-1111"; only "you typed …" when the form could not tell whose change it was).
    /// While the form shows "Same as shipping address" ticked (`billingHidden`: the billing fields
    /// are hidden), a billing address the clerk typed is one link, to that box, which shows them
    /// when unticked.
    func differences(
        _ typedValues: [Field: String], theirs: [Field: DisplayedForm.TheirChange] = [:], billingHidden: Bool
    ) -> [DisplayedForm.DisplayedError] {
        Field.allCases.compactMap { field in
            let isBilling = Self.shipmentCounterpart(of: field) != nil
            if field == .billingAddressSameAsShipping, billingHidden,
                typedValues.keys.contains(where: { Self.shipmentCounterpart(of: $0) != nil })
            {
                return DisplayedForm.DisplayedError(
                    field: field.rawValue, message: "\(Self.label(field)): you typed a different billing address")
            }
            guard let typed = typedValues[field], !(isBilling && billingHidden) else { return nil }
            let difference =
                switch field {
                case .shipmentMethodSpeed: "you chose \(typed)"
                case _ where typed == Self.typedNothing: "you left it empty"
                default: "you typed \(typed)"
                }
            let other = theirs[field].map { "\($0.who) changed it to \($0.value), " } ?? ""
            return DisplayedForm.DisplayedError(field: field.rawValue, message: "\(Self.label(field)): \(other)\(difference)")
        }
    }

    /// After a conflict: what someone else changed each of `asked` to, and who (their display
    /// name; "Someone else" when no one was signed in or the history does not say). A card only by
    /// its last digits.
    func theirValues(of current: Order, asked: [Field], changedBy: [Field: AccountName]) -> [Field: DisplayedForm.TheirChange] {
        let stored = formFields(of: current)
        var values: [Field: DisplayedForm.TheirChange] = [:]
        for field in asked {
            let value =
                switch field {
                case .paymentMethodCreditCardNumber: "a new card ending \(current.paymentMethod.lastFourDigits)"
                case .shipmentMethodSpeed: current.shipmentMethod.toString()
                default: stored[field].isEmpty ? Self.typedNothing : stored[field]
                }
            values[field] = DisplayedForm.TheirChange(who: changedBy[field]?.displayName ?? Self.someoneElse, value: value)
        }
        return values
    }

    /// Who changed a field when no one was signed in, or the history does not say.
    static let someoneElse = "Someone else"

    /// After a conflict: the form's fields as the merge leaves them. Fields this clerk changed (or
    /// both did) as typed; fields only the other clerk changed, or neither, as stored now; the
    /// version and base the stored order's, so that the form saved again merges over it. A ticked
    /// "Same as shipping address" stays ticked only while the billing address shown is the shipment
    /// one. The card number is never shown back.
    func mergedFields(_ posted: CreateOrder.PostedForm, merge: OrderEditMerge.Result, current: Order) -> CreateOrder.OrderFormFields {
        var fields = formFields(of: posted)
        let billing = Field.allCases.compactMap { field in Self.shipmentCounterpart(of: field).map { (field, $0) } }
        if fields.isBillingAddressSameAsShipping {
            for (field, shipment) in billing { fields[field] = fields[shipment] }
        }
        let stored = formFields(of: current)
        for field in OrderEditMerge.comparedFields {
            switch merge.outcomes[field] {
            case .mine?, .bothDifferent?, .unknown?: continue
            default: fields[field] = stored[field]
            }
        }
        fields.billingAddressSameAsShipping = billing.allSatisfy { fields[$0.0] == fields[$0.1] } ? "on" : ""
        fields.paymentMethodCreditCardNumber = ""
        fields.version = stored.version
        fields.base = stored.base
        return fields
    }

    /// After a conflict: for every field where the order the clerk's form would have saved differs
    /// from the order as stored now, what the clerk typed (a new card only by its last digits; never
    /// the security code). Which fields differ is decided on the two orders, so the validation
    /// worker's clean-up (trimming, capitals, card digits) is never repeated here; what is shown is
    /// the clerk's own text.
    func typedValues(
        _ typed: CreateOrder.OrderFormFields, saving attempted: Order, over current: Order
    ) -> [Field: String] {
        let saved = formFields(of: current)
        let wanted = formFields(of: attempted)
        var values: [Field: String] = [:]
        for field in Field.allCases {
            switch field {
            case .paymentMethodCVV, .billingAddressSameAsShipping:
                continue
            case .paymentMethodCreditCardNumber:
                if attempted.paymentMethod.creditCardNumber != current.paymentMethod.creditCardNumber {
                    values[field] = "a new card ending \(attempted.paymentMethod.lastFourDigits)"
                }
            case .shipmentMethodSpeed:
                if wanted[field] != saved[field] { values[field] = attempted.shipmentMethod.toString() }
            default:
                guard wanted[field] != saved[field] else { continue }
                // Ticked on the clerk's form and on the order as saved: the billing address follows
                // the shipping one, whose notes say it all (and the billing fields are hidden).
                if Self.shipmentCounterpart(of: field) != nil, typed.isBillingAddressSameAsShipping,
                    saved.isBillingAddressSameAsShipping
                {
                    continue
                }
                // "Same as shipping address": the billing address the clerk gave is the shipping one.
                let source = typed.isBillingAddressSameAsShipping ? Self.shipmentCounterpart(of: field) ?? field : field
                let text = typed[source].trimmingCharacters(in: .whitespacesAndNewlines)
                values[field] = text.isEmpty ? Self.typedNothing : text
            }
        }
        return values
    }

    /// The shipment address field that a billing address field copies when "same as shipping" is ticked.
    static func shipmentCounterpart(of field: Field) -> Field? {
        switch field {
        case .billingAddressStreet1: return .shipmentAddressStreet1
        case .billingAddressStreet2: return .shipmentAddressStreet2
        case .billingAddressCity: return .shipmentAddressCity
        case .billingAddressState: return .shipmentAddressState
        case .billingAddressZIP: return .shipmentAddressZIP
        default: return nil
        }
    }
}
