import Foundation
import Logging

/// The `orders` table as both SQL stores read it: the same columns, in the same order, read by
/// position (a lookup by name costs a case-insensitive search per value). The card number is
/// stored encrypted (`card_ciphertext`, under the key `card_key_id`), with its last four digits in
/// clear (`card_last4`); orders in memory carry the plain number.
enum OrderColumns {
    static let selected = """
        id, created_at, first_name, last_name, phone, email, \
        shipment_street1, shipment_street2, shipment_city, shipment_state, shipment_zip, shipment_speed, \
        card_ciphertext, card_key_id, card_expiry_year, card_expiry_month, \
        billing_street1, billing_street2, billing_city, billing_state, billing_zip, total, version, \
        created_by_username, created_by_display_name, updated_by_username, updated_by_display_name, updated_at, \
        status, cancellation_reason, \
        items_recorded, subtotal_cents, shipping_cents, tax_cents, \
        tax_region, tax_postal_prefix, tax_rate_ppm, tax_collect, tax_shipping_taxable, item_count, next_line_number, \
        shipped_at, carrier, tracking_number, \
        cancellation_request_reason, cancellation_requested_by_username, cancellation_requested_by_display_name, \
        cancellation_requested_at, customer_id
        """

    /// `selected` and the card's last four digits in clear (column 49): a list's read that opens no
    /// card (`OrdersPageRequest.opensCards` false).
    static let listed = selected + ", card_last4"

    /// A value an order writes, in the types both databases take.
    enum Value {
        case text(String)
        case integer(Int)
        case decimal(Decimal)
        case bytes(Data)
        case real(Double)
        /// SQLite's 0 or 1, PostgreSQL's BOOLEAN.
        case bool(Bool)
        /// An amount in cents for the old `total` column: SQLite's TEXT (`Money.plainText`),
        /// PostgreSQL's NUMERIC(12, 2).
        case money(cents: Int64)
        case null
    }

    /// The columns a create writes besides `written(by:cards:)`: who created the order, its first
    /// status, and the key of the form it came from (`OrdersStoreProtocol`: no double orders).
    static func created(by name: AccountName?, idempotencyKey: String?) -> [(name: String, value: Value)] {
        [
            ("created_by_username", name.map { .text($0.username) } ?? .null),
            ("created_by_display_name", name.map { .text($0.displayName) } ?? .null),
            ("status", .text(OrderStatus.new.rawValue)),
            ("idempotency_key", idempotencyKey.map { .text($0) } ?? .null),
        ]
    }

    /// The columns a status change (or a tracking number's, an undo's, a cancellation request's)
    /// writes besides `updated(by:at:)`: the status, the cancellation reason, the shipment and the
    /// cancellation request of the order as `OrderWrites.statusChanged` (or `trackingChanged`,
    /// `statusUndone`, `cancellationDecided`) decided them.
    static func status(of order: Order) -> [(name: String, value: Value)] {
        [
            ("status", .text(order.status.rawValue)),
            ("cancellation_reason", order.cancellationReason.map { .text($0) } ?? .null),
            ("shipped_at", order.shippedAt.map { .real($0.timeIntervalSince1970) } ?? .null),
            ("carrier", order.carrier.map { .text($0) } ?? .null),
            ("tracking_number", order.trackingNumber.map { .text($0) } ?? .null),
            ("cancellation_request_reason", order.cancellationRequest.map { .text($0.reason) } ?? .null),
            ("cancellation_requested_by_username", order.cancellationRequest?.by.map { .text($0.username) } ?? .null),
            ("cancellation_requested_by_display_name", order.cancellationRequest?.by.map { .text($0.displayName) } ?? .null),
            ("cancellation_requested_at", order.cancellationRequest.map { .real($0.at.timeIntervalSince1970) } ?? .null),
        ]
    }

    /// The columns an update writes besides `written(by:cards:)`: who saved the order last, and when.
    static func updated(by name: AccountName?, at time: Date) -> [(name: String, value: Value)] {
        [
            ("updated_by_username", name.map { .text($0.username) } ?? .null),
            ("updated_by_display_name", name.map { .text($0.displayName) } ?? .null),
            ("updated_at", .real(time.timeIntervalSince1970)),
        ]
    }

    /// The columns an order writes (all but id, creation date, version and its life: status and
    /// cancellation reason), with its values; the card number sealed with the keyring's current
    /// key. `order.totals` must be computed already (`OrderWrites`, `DraftPlacing`,
    /// `OrderLineWrites`); its lines are `OrderLineColumns`'.
    static func written(by order: Order, cards: CardKeyring) throws(OrdersStoreError) -> [(name: String, value: Value)] {
        let card = order.paymentMethod.isCardErased ? SealedCardNumber.erased : try cards.seal(order.paymentMethod.creditCardNumber)
        return [
            ("first_name", .text(order.firstName)),
            ("last_name", .text(order.lastName)),
            ("phone", .text(order.phone)),
            ("email", .text(order.email)),
            ("shipment_street1", .text(order.shipmentAddress.street1)),
            ("shipment_street2", .text(order.shipmentAddress.street2)),
            ("shipment_city", .text(order.shipmentAddress.city)),
            ("shipment_state", .text(order.shipmentAddress.state)),
            ("shipment_zip", .text(order.shipmentAddress.zip)),
            ("shipment_speed", .integer(order.shipmentMethod.speed.rawValue)),
            ("card_ciphertext", .bytes(card.ciphertext)),
            ("card_key_id", .text(card.keyID)),
            ("card_last4", .text(order.paymentMethod.lastFourDigits)),
            ("card_expiry_year", .integer(order.paymentMethod.expirationDate.year)),
            ("card_expiry_month", .integer(order.paymentMethod.expirationDate.month)),
            ("billing_street1", .text(order.billingAddress.street1)),
            ("billing_street2", .text(order.billingAddress.street2)),
            ("billing_city", .text(order.billingAddress.city)),
            ("billing_state", .text(order.billingAddress.state)),
            ("billing_zip", .text(order.billingAddress.zip)),
            // What the list searches and sorts by (`OrderSearch`), kept beside the fields they come from.
            ("search_text", .text(OrderSearch.searchText(of: order))),
            ("sort_name", .text(OrderSearch.sortName(of: order))),
        ] + personKeys(phone: order.phone, email: order.email) + goods(of: order)
    }

    /// The columns a placing's duplicate check looks an order up by (`OrdersQuerySQL.duplicateCandidates`,
    /// indexed): the phone's digits and the email in lower case, as `DraftPlacing` compares them
    /// (`phoneKey`, `emailKey`). Written wherever the phone or email is.
    static func personKeys(phone: String, email: String) -> [(name: String, value: Value)] {
        [("phone_digits", .text(DraftPlacing.phoneKey(phone))), ("email_key", .text(DraftPlacing.emailKey(email)))]
    }

    /// The columns of what an order adds up to: its totals (the old `total` column too, and
    /// `total_cents`, the sort by total's key) and the rate it was taxed at (NULL when none),
    /// whether its items are recorded, how many it holds, and its next line number.
    static func goods(of order: Order) -> [(name: String, value: Value)] {
        let totals = order.totals
        let lineTax = order.lines.reduce(0) { $0 + $1.taxCents }
        return [
            ("total", .money(cents: totals.totalCents)),
            ("total_cents", .integer(Int(totals.totalCents))),
            ("items_recorded", .bool(order.itemsRecorded)),
            ("subtotal_cents", .integer(Int(totals.subtotalCents))),
            ("shipping_cents", .integer(Int(totals.shippingCents))),
            ("tax_cents", .integer(Int(totals.taxCents))),
            // The shipping's share of the tax: what the lines' shares leave (`TaxCalculation`).
            ("shipping_tax_cents", .integer(Int(totals.taxCents - lineTax))),
            ("tax_region", totals.tax.map { .text($0.region) } ?? .null),
            ("tax_postal_prefix", totals.tax.map { .text($0.postalPrefix) } ?? .null),
            ("tax_rate_ppm", totals.tax.map { .integer(Int($0.ratePPM)) } ?? .null),
            ("tax_collect", totals.tax.map { .bool($0.collect) } ?? .null),
            ("tax_shipping_taxable", totals.tax.map { .bool($0.shippingTaxable) } ?? .null),
            ("item_count", .integer(order.itemCount)),
            ("next_line_number", .integer(order.nextLineNumber)),
        ]
    }
    /// What a placing's duplicate check reads of each candidate (`DraftPlacing.DuplicateCandidate`):
    /// no card, nothing decrypted.
    static let duplicateCandidate = "id, created_at, phone, email, shipment_street1, shipment_street2, shipment_city, shipment_state, shipment_zip"

    /// A candidate in a row of `duplicateCandidate`.
    static func duplicateCandidate<Row: OrderRow>(from row: Row) throws -> DraftPlacing.DuplicateCandidate {
        DraftPlacing.DuplicateCandidate(
            id: String(try row.int64(0)), date: Date(timeIntervalSince1970: try row.double(1)), phone: try row.text(2), email: try row.text(3),
            shipmentAddress: Address(
                street1: try row.text(4), street2: try row.text(5), city: try row.text(6), state: try row.text(7), zip: try row.text(8)))
    }


    /// The order in a row whose values are the `selected` columns, its card number decrypted. A
    /// card number that does not open (its bytes altered, or under a key not given) spoils that
    /// order's card alone, not the page or the export it is read for: the order comes back with
    /// its card unreadable (`PaymentMethod.unreadableCard`), and `logger` says so at error level,
    /// naming the order and the key (never the stored bytes). `opensCard` false: a row of `listed`,
    /// whose card is read as its last four digits only (`PaymentMethod.lastFourOnly`), not decrypted.
    static func order<Row: OrderRow>(from row: Row, cards: CardKeyring, logger: Logger, opensCard: Bool = true) throws -> Order {
        let id = try row.int64(0)
        let expirationDate = ExpirationDate(year: try row.int(14), month: try row.int(15))
        let keyID = try row.text(13)
        let paymentMethod: PaymentMethod
        if keyID == SealedCardNumber.erasedKeyID {
            // Erased with its customer's personal data (`PersonalDataErasure`): nothing to open.
            paymentMethod = .erasedCard(expirationDate: expirationDate)
        } else if !opensCard {
            paymentMethod = .lastFourOnly(try row.text(49), expirationDate: expirationDate)
        } else {
            let card = SealedCardNumber(ciphertext: try row.bytes(12), keyID: keyID)
            do {
                paymentMethod = PaymentMethod(creditCardNumber: try cards.open(card, orderID: String(id)), expirationDate: expirationDate)
            } catch {
                logger.error(
                    "A card number cannot be read: the order is shown with its card unreadable",
                    metadata: ["order": "\(id)", "card key": "\(card.keyID)", "reason": "\(error)"])
                paymentMethod = .unreadableCard(expirationDate: expirationDate)
            }
        }
        var order = Order(
            firstName: try row.text(2),
            lastName: try row.text(3),
            phone: try row.text(4),
            email: try row.text(5),
            billingAddress: Address(
                street1: try row.text(16), street2: try row.text(17), city: try row.text(18), state: try row.text(19),
                zip: try row.text(20)),
            paymentMethod: paymentMethod,
            shipmentAddress: Address(
                street1: try row.text(6), street2: try row.text(7), city: try row.text(8), state: try row.text(9),
                zip: try row.text(10)),
            shipmentMethod: ShipmentMethod(speed: ShipmentMethod.ShippingSpeed(rawValue: try row.int(11)) ?? .standard),
            id: String(id),
            date: Date(timeIntervalSince1970: try row.double(1)),
            version: try row.int(22),
            createdBy: try accountName(row, 23),
            updatedBy: try accountName(row, 25),
            updatedAt: try row.optionalDouble(27).map(Date.init(timeIntervalSince1970:)),
            status: try status(try row.text(28)),
            cancellationReason: try row.optionalText(29)
        )
        // The goods (`total`, column 21, is the old column: the cents are read).
        var tax: AppliedTax?
        if let region = try row.optionalText(34), let prefix = try row.optionalText(35), let rate = try row.optionalInt64(36),
            let collect = try row.optionalBool(37), let shippingTaxable = try row.optionalBool(38)
        {
            tax = AppliedTax(region: region, postalPrefix: prefix, ratePPM: rate, collect: collect, shippingTaxable: shippingTaxable)
        }
        order.itemsRecorded = try row.bool(30)
        order.totals = OrderTotals(
            subtotalCents: try row.int64(31), shippingCents: try row.int64(32), taxCents: try row.int64(33), tax: tax)
        order.itemCount = try row.int(39)
        order.nextLineNumber = try row.int(40)
        order.shippedAt = try row.optionalDouble(41).map(Date.init(timeIntervalSince1970:))
        order.carrier = try row.optionalText(42)
        order.trackingNumber = try row.optionalText(43)
        if let reason = try row.optionalText(44), let at = try row.optionalDouble(47) {
            order.cancellationRequest = CancellationRequest(
                reason: reason, by: try accountName(row, 45), at: Date(timeIntervalSince1970: at))
        }
        order.customerID = try row.optionalInt64(48)
        return order
    }

    /// The status a stored raw value names.
    static func status(_ raw: String) throws -> OrderStatus {
        guard let status = OrderStatus(rawValue: raw) else { throw OrdersStoreError.cannotFetch("Unknown order status: \(raw)") }
        return status
    }

    /// The account named by a username and a display name in the columns at `index` and after it.
    static func accountName<Row: OrderRow>(_ row: Row, _ index: Int) throws -> AccountName? {
        guard let username = try row.optionalText(index) else { return nil }
        return AccountName(username: username, displayName: try row.optionalText(index + 1) ?? username)
    }
}

/// A row of a store's database, read by position.
protocol OrderRow {
    func text(_ index: Int) throws -> String
    func int(_ index: Int) throws -> Int
    func int64(_ index: Int) throws -> Int64
    func double(_ index: Int) throws -> Double
    func decimal(_ index: Int) throws -> Decimal
    func bytes(_ index: Int) throws -> Data
    func optionalText(_ index: Int) throws -> String?
    func optionalDouble(_ index: Int) throws -> Double?
    func bool(_ index: Int) throws -> Bool
    func optionalInt64(_ index: Int) throws -> Int64?
    func optionalBool(_ index: Int) throws -> Bool?
}
