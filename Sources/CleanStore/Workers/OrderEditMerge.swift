import Foundation

/// The three-way merge of an order's edit form (issue 29, "two clerks, different fields: merged,
/// not retyped"): a clerk saves a form opened at version `v` of an order that someone else has
/// saved since. Each field is compared three ways — as it was at `v` (the base), as this clerk
/// saves it (mine), as it is stored now (theirs) — and only the fields both changed, to different
/// values, are asked again; everything else is merged: their changes kept, mine applied.
///
/// Where the base comes from: it travels in the form, one hidden `base-<field>` input per field,
/// written when the form was drawn (`values(of:)` of the order at `v`), never the card number or
/// its security code. The history could not give it as cleanly: it keeps each change as people
/// read it (a card by its last digits, a shipping method by its name, an expiry as `04/29`), so
/// the order at `v` would be rebuilt from words. The base is the browser's, so it is untrusted:
/// it only decides what counts as changed. What is written is always either this clerk's
/// validated form (`mine`, checked by `OrderValidationWorker` like any save) or the order as
/// stored; a forged base can at worst turn a merge into a 409 or make a field look untouched,
/// which then keeps the stored value.
///
/// The card number counts as mine only when typed (an empty card field keeps the stored card),
/// and as theirs when the history names a card change since `v` (`meanwhile(in:since:current:)`).
///
/// Plain Swift, no store: the interactor reads the order and its history, asks here, and writes
/// the merged order version-checked as any edit (a third save in between merges again).
enum OrderEditMerge {
    typealias Field = CreateOrder.Field

    /// What happened to one field between the base, mine and theirs.
    enum Outcome: Equatable, Sendable {
        /// Neither clerk changed it.
        case neither
        /// Only this clerk changed it: theirs is applied over the stored order.
        case mine
        /// Only the other clerk changed it: the stored value is kept.
        case theirs
        /// Both changed it to the same value: nothing to ask.
        case bothSame
        /// Both changed it, to different values: asked again on the 409 page.
        case bothDifferent
        /// The form did not say what the field held when it was opened (an older form, one without
        /// a version), and mine differs from the stored value: whose change it is cannot be told,
        /// so it is asked again, crediting no one.
        case unknown

        /// Comes back on the 409 page.
        var isConflict: Bool { self == .bothDifferent || self == .unknown }
    }

    /// The fields compared by their text: all but the card number (compared by `cardOutcome`),
    /// its security code (never kept), and "Same as shipping address" (the billing address
    /// fields say it: a ticked box saves the shipment address as the billing one).
    static let comparedFields: [Field] = Field.allCases.filter {
        ![.paymentMethodCreditCardNumber, .paymentMethodCVV, .billingAddressSameAsShipping].contains($0)
    }

    // MARK: The rule

    /// One field's outcome. `base` nil: the form did not carry it.
    static func outcome(base: String?, mine: String, theirs: String) -> Outcome {
        guard let base else { return mine == theirs ? .neither : .unknown }
        switch (mine != base, theirs != base) {
        case (false, false): return .neither
        case (true, false): return .mine
        case (false, true): return .theirs
        case (true, true): return mine == theirs ? .bothSame : .bothDifferent
        }
    }

    /// The card's outcome. `typed`: this clerk typed a card number; `sameAsStored`: the card this
    /// form saves is the one stored now; `theirsChanged`: the history names a card change since
    /// the form's version (nil when the history could not be read).
    static func cardOutcome(typed: Bool, sameAsStored: Bool, theirsChanged: Bool?) -> Outcome {
        switch (typed, theirsChanged) {
        case (false, .some(true)): return .theirs
        case (false, _): return .neither
        case (true, .some(false)): return sameAsStored ? .neither : .mine
        case (true, .some(true)): return sameAsStored ? .bothSame : .bothDifferent
        case (true, .none): return sameAsStored ? .neither : .unknown
        }
    }

    /// The merge of the whole form.
    struct Result: Equatable, Sendable {
        /// Each compared field's outcome, and the card number's.
        var outcomes: [Field: Outcome]
        /// The order to save: the stored one with every field only this clerk changed applied (its
        /// version the stored one's); nil when a field is asked again.
        var merged: Order?

        /// The fields asked again, in the form's order.
        var conflicts: [Field] { fields(where: \.isConflict) }
        /// The fields only the other clerk changed, in the form's order.
        var theirs: [Field] { fields { $0 == .theirs } }

        private func fields(where included: (Outcome) -> Bool) -> [Field] {
            Field.allCases.filter { outcomes[$0].map(included) ?? false }
        }
    }

    /// Merges `mine` (the order this clerk's validated form saves over `theirs`, with the stored
    /// card when none was typed) into `theirs` (the order as stored now) against `base` (the
    /// form's hidden values; empty for a form without them).
    static func merge(
        base: [Field: String], mine: Order, cardTyped: Bool, theirs: Order, theirCardChanged: Bool?
    ) -> Result {
        var outcomes: [Field: Outcome] = [:]
        for field in comparedFields {
            outcomes[field] = outcome(base: base[field], mine: value(field, of: mine), theirs: value(field, of: theirs))
        }
        outcomes[.paymentMethodCreditCardNumber] = cardOutcome(
            typed: cardTyped, sameAsStored: mine.paymentMethod.creditCardNumber == theirs.paymentMethod.creditCardNumber,
            theirsChanged: theirCardChanged)
        guard !outcomes.values.contains(where: \.isConflict) else { return Result(outcomes: outcomes, merged: nil) }
        var merged = theirs
        for (field, outcome) in outcomes where outcome == .mine {
            apply(field, from: mine, to: &merged)
        }
        return Result(outcomes: outcomes, merged: merged)
    }

    // MARK: Values

    /// The base a form opened at `order` carries: each compared field's value.
    static func values(of order: Order) -> [Field: String] {
        Dictionary(uniqueKeysWithValues: comparedFields.map { ($0, value($0, of: order)) })
    }

    /// A field's value in an order, as the merge compares it: the stored text, the shipping
    /// method's form value, the expiry as `MM/YY` (the form's).
    static func value(_ field: Field, of order: Order) -> String {
        switch field {
        case .firstName: order.firstName
        case .lastName: order.lastName
        case .phone: order.phone
        case .email: order.email
        case .shipmentAddressStreet1: order.shipmentAddress.street1
        case .shipmentAddressStreet2: order.shipmentAddress.street2
        case .shipmentAddressCity: order.shipmentAddress.city
        case .shipmentAddressState: order.shipmentAddress.state
        case .shipmentAddressZIP: order.shipmentAddress.zip
        case .shipmentMethodSpeed: String(order.shipmentMethod.speed.rawValue)
        case .paymentMethodExpirationDate:
            String(format: "%02d/%02d", order.paymentMethod.expirationDate.month, order.paymentMethod.expirationDate.year % 100)
        case .billingAddressStreet1: order.billingAddress.street1
        case .billingAddressStreet2: order.billingAddress.street2
        case .billingAddressCity: order.billingAddress.city
        case .billingAddressState: order.billingAddress.state
        case .billingAddressZIP: order.billingAddress.zip
        case .paymentMethodCreditCardNumber, .paymentMethodCVV, .billingAddressSameAsShipping: ""
        }
    }

    /// Sets `field` of `order` to `mine`'s.
    static func apply(_ field: Field, from mine: Order, to order: inout Order) {
        switch field {
        case .firstName: order.firstName = mine.firstName
        case .lastName: order.lastName = mine.lastName
        case .phone: order.phone = mine.phone
        case .email: order.email = mine.email
        case .shipmentAddressStreet1: order.shipmentAddress.street1 = mine.shipmentAddress.street1
        case .shipmentAddressStreet2: order.shipmentAddress.street2 = mine.shipmentAddress.street2
        case .shipmentAddressCity: order.shipmentAddress.city = mine.shipmentAddress.city
        case .shipmentAddressState: order.shipmentAddress.state = mine.shipmentAddress.state
        case .shipmentAddressZIP: order.shipmentAddress.zip = mine.shipmentAddress.zip
        case .shipmentMethodSpeed: order.shipmentMethod = mine.shipmentMethod
        case .paymentMethodCreditCardNumber: order.paymentMethod.creditCardNumber = mine.paymentMethod.creditCardNumber
        case .paymentMethodExpirationDate: order.paymentMethod.expirationDate = mine.paymentMethod.expirationDate
        case .billingAddressStreet1: order.billingAddress.street1 = mine.billingAddress.street1
        case .billingAddressStreet2: order.billingAddress.street2 = mine.billingAddress.street2
        case .billingAddressCity: order.billingAddress.city = mine.billingAddress.city
        case .billingAddressState: order.billingAddress.state = mine.billingAddress.state
        case .billingAddressZIP: order.billingAddress.zip = mine.billingAddress.zip
        case .paymentMethodCVV, .billingAddressSameAsShipping: break
        }
    }

    // MARK: Who changed what meanwhile

    /// What the history says was changed since the form's version, and by whom.
    struct Meanwhile: Equatable, Sendable {
        /// Every form field a save since then changed (the card number's included).
        var changed: Set<Field> = []
        /// Who changed each of them last (absent when no one was signed in).
        var by: [Field: AccountName] = [:]
    }

    /// The saves since `version` in `events` (an order's history, newest first): every change of
    /// an order writes exactly one event (`OrderEventsStoreProtocol`), so they are the newest
    /// `current - version` events. A version outside `1..<current` (the form's, so untrusted)
    /// names none.
    static func meanwhile(in events: [OrderEvent], since version: Int, current: Int) -> Meanwhile {
        guard version >= 1, version < current else { return Meanwhile() }
        var meanwhile = Meanwhile()
        // Oldest first, so the newest save of a field names who changed it last.
        for event in events.prefix(current - version).reversed() {
            for change in event.changes {
                guard let field = field(named: change.field) else { continue }
                meanwhile.changed.insert(field)
                meanwhile.by[field] = event.by
            }
        }
        return meanwhile
    }

    /// A form field's name in the history (`OrderChange.field`), nil for the security code and the
    /// box (never recorded).
    static func historyName(of field: Field) -> String? {
        switch field {
        case .firstName: "First name"
        case .lastName: "Last name"
        case .phone: "Phone number"
        case .email: "Email address"
        case .shipmentAddressStreet1: "Shipment address, street line 1"
        case .shipmentAddressStreet2: "Shipment address, street line 2"
        case .shipmentAddressCity: "Shipment address, city"
        case .shipmentAddressState: "Shipment address, state"
        case .shipmentAddressZIP: "Shipment address, ZIP code"
        case .shipmentMethodSpeed: "Shipping method"
        case .paymentMethodCreditCardNumber: OrderChange.cardNumberField
        case .paymentMethodExpirationDate: "Expiry date"
        case .billingAddressStreet1: "Billing address, street line 1"
        case .billingAddressStreet2: "Billing address, street line 2"
        case .billingAddressCity: "Billing address, city"
        case .billingAddressState: "Billing address, state"
        case .billingAddressZIP: "Billing address, ZIP code"
        case .paymentMethodCVV, .billingAddressSameAsShipping: nil
        }
    }

    private static let fieldsByHistoryName: [String: Field] = Dictionary(
        uniqueKeysWithValues: Field.allCases.compactMap { field in historyName(of: field).map { ($0, field) } })

    private static func field(named name: String) -> Field? {
        fieldsByHistoryName[name]
    }
}
