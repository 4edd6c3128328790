extension CreateOrderPresenter {
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
                // "Same as shipping address": the billing address the clerk gave is the shipping one.
                let source = typed.isBillingAddressSameAsShipping ? Self.shipmentCounterpart(of: field) ?? field : field
                let text = typed[source].trimmingCharacters(in: .whitespacesAndNewlines)
                values[field] = text.isEmpty ? "(empty)" : text
            }
        }
        return values
    }

    /// The shipment address field that a billing address field copies when "same as shipping" is ticked.
    private static func shipmentCounterpart(of field: Field) -> Field? {
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
