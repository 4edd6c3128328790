import Foundation

/// What placing a draft meets and what it writes, decided once, in plain Swift, for every store
/// (`DraftsStoreProtocol`): the store reads, in the placing transaction, the draft, the products
/// its lines name, the rates of its ship-to state and the orders placed in the last 24 hours with
/// its phone or email; asks `check`; and, when nothing stands in the way, writes `order(…)` and
/// commits `stockCommits(…)` with one conditional update each, in this order (product id): two
/// placings never wait on each other's rows in opposite orders.
enum DraftPlacing {
    /// How far back an order counts as a possible duplicate.
    static let duplicateWindow: TimeInterval = 24 * 60 * 60

    /// Everything that stands between `draft` and its order, and the totals it would have.
    /// `products`: the catalog's products the lines name, by id; `rates`: the ship-to state's;
    /// `recentOrders`: orders placed since `at - duplicateWindow` with the draft's phone or email.
    static func check(
        _ draft: Draft, products: [Int64: Product], rates: [TaxRate], recentOrders: [Order], at: Date, timeZone: TimeZone
    ) -> PlacingCheck {
        var incomplete: [DraftSection] = []
        let contact = draft.contact
        if contact.firstName.isEmpty || contact.lastName.isEmpty || contact.phone.isEmpty || contact.email.isEmpty {
            incomplete.append(.caller)
        }
        if draft.lines.isEmpty { incomplete.append(.items) }
        let address = draft.shipmentAddress
        if address.street1.isEmpty || address.city.isEmpty || address.state.isEmpty || address.zip.isEmpty
            || (!draft.billingSameAsShipping && (draft.billingAddress.street1.isEmpty || draft.billingAddress.zip.isEmpty))
        {
            incomplete.append(.delivery)
        }
        var priceChanges: [PriceChange] = []
        var unavailable: [String] = []
        for line in draft.lines {
            guard let id = line.productID, let product = products[id], product.active else {
                unavailable.append(line.key)
                continue
            }
            if product.priceCents != line.catalogPriceCents {
                priceChanges.append(
                    PriceChange(lineKey: line.key, sku: line.sku, name: line.name, wasCents: line.catalogPriceCents, nowCents: product.priceCents))
            }
        }
        let shortages = shortages(of: draft, products: products)
        var lines = draft.lines
        let shipping = OrderTotal.shippingCents(for: draft.shipmentMethod.speed)
        var missingRegion: String?
        var applied: AppliedTax?
        if !address.state.isEmpty {
            let day = ShopDay(at, in: timeZone)
            if let rate = TaxRate.mostSpecific(in: rates, region: address.state, postalCode: address.zip, on: day) {
                applied = rate.applied
            } else {
                missingRegion = address.state.uppercased()
            }
        }
        let totals = OrderTotals.priced(lines: &lines, shippingCents: shipping, tax: applied)
        let duplicate = recentOrders
            .filter { $0.date >= at.addingTimeInterval(-duplicateWindow) && isDuplicate($0, of: draft) }
            .max { ($0.date, Int($0.id ?? "") ?? 0) < ($1.date, Int($1.id ?? "") ?? 0) }
        return PlacingCheck(
            priceChanges: priceChanges, shortages: shortages, unavailableLines: unavailable, missingTaxRegion: missingRegion,
            duplicate: duplicate, totals: totals, incomplete: incomplete)
    }

    /// Tracked products the draft wants more of than is available, where backorders are not allowed.
    static func shortages(of draft: Draft, products: [Int64: Product]) -> [StockShortage] {
        stockCommits(of: draft, products: products).compactMap { commit in
            guard let product = products[commit.productID], let stock = product.stock, !stock.allowBackorder,
                stock.available < commit.quantity
            else { return nil }
            return StockShortage(sku: product.sku, name: product.name, wanted: commit.quantity, available: max(0, stock.available))
        }
    }

    /// The stock placing commits: for each product whose stock is tracked, the quantity of all the
    /// draft's lines of it, in product-id order.
    static func stockCommits(of draft: Draft, products: [Int64: Product]) -> [(productID: Int64, quantity: Int64)] {
        var wanted: [Int64: Int64] = [:]
        for line in draft.lines {
            guard let id = line.productID, products[id]?.stock != nil else { continue }
            wanted[id, default: 0] += Int64(line.quantity)
        }
        return wanted.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Same phone or email, same ship-to address and the same items (SKU and quantity, in any order).
    static func isDuplicate(_ order: Order, of draft: Draft) -> Bool {
        isSamePersonAndAddress(DuplicateCandidate(order), as: draft) && hasSameItems(order.lines, as: draft)
    }

    /// Same phone (its digits) or email (any case), and the same ship-to address (case, spaces,
    /// commas and full stops aside).
    static func isSamePersonAndAddress(_ candidate: DuplicateCandidate, as draft: Draft) -> Bool {
        let phone = phoneKey(draft.contact.phone)
        let email = emailKey(draft.contact.email)
        let samePerson = phoneKey(candidate.phone) == phone && !phone.isEmpty || emailKey(candidate.email) == email && !email.isEmpty
        return samePerson && normalized(candidate.shipmentAddress) == normalized(draft.shipmentAddress)
    }

    /// What of a phone makes the same person: its ASCII digits, whatever the format ("(415)
    /// 555-0100" and "415.555.0100" are one). An SQL store keeps it beside the phone of every order
    /// (`phone_digits`, indexed: `OrderColumns.written`), and looks the draft's up there
    /// (`OrdersQuerySQL.duplicateCandidates`): exactly the orders this rule names, no search.
    static func phoneKey(_ phone: String) -> String { digits(phone) }

    /// What of an email makes the same person: the address in any case. An SQL store keeps it beside
    /// the email of every order (`email_key`, indexed), as `phoneKey`.
    static func emailKey(_ email: String) -> String { email.lowercased() }

    /// The same items as the draft's (SKU and quantity, in any order), and the draft has some.
    static func hasSameItems(_ lines: [OrderLine], as draft: Draft) -> Bool {
        func items(_ lines: [OrderLine]) -> [String: Int] {
            lines.reduce(into: [:]) { $0[$1.sku, default: 0] += $1.quantity }
        }
        return items(lines) == items(draft.lines) && !draft.lines.isEmpty
    }

    /// What the duplicate check reads of an order of the window before it knows the order may be a
    /// duplicate: who, where to and when. An SQL store reads these few columns of each candidate
    /// (`OrderColumns.duplicateCandidate`), never the whole order and its card: a caller who
    /// orders the same every hour has dozens of candidates a day, and a placing read them all.
    struct DuplicateCandidate: Equatable, Sendable {
        var id: String
        var date: Date
        var phone: String
        var email: String
        var shipmentAddress: Address

        init(id: String, date: Date, phone: String, email: String, shipmentAddress: Address) {
            self.id = id
            self.date = date
            self.phone = phone
            self.email = email
            self.shipmentAddress = shipmentAddress
        }

        init(_ order: Order) {
            self.init(id: order.id ?? "", date: order.date, phone: order.phone, email: order.email, shipmentAddress: order.shipmentAddress)
        }
    }

    /// The orders among `candidates` that `check` may name a duplicate of `draft` (the same
    /// person and ship-to address, within the window), newest first (by date, then id): `check`
    /// names the newest, so an SQL store reads the lines of these in turn, stops at the first
    /// whose items are the draft's (`hasSameItems`) and reads that order alone in full. One read
    /// of lines for a caller who orders the same again and again, not one per order of the day
    /// (placing holds the order numbers' lock meanwhile).
    static func duplicateCandidates(of draft: Draft, among candidates: [DuplicateCandidate], at: Date) -> [DuplicateCandidate] {
        candidates.filter { mayBeDuplicate($0, of: draft, at: at) }.sorted(by: isNewer)
    }

    /// Whether `check` may name `candidate` a duplicate of `draft`, its items aside: the same person
    /// and ship-to address, within the window. A store that reads the candidates newest first
    /// (`isNewer`: `OrdersQuerySQL.duplicateCandidates` orders them so) asks this of each in turn
    /// and stops at the first whose items are the draft's, reading no more of them.
    static func mayBeDuplicate(_ candidate: DuplicateCandidate, of draft: Draft, at: Date) -> Bool {
        candidate.date >= at.addingTimeInterval(-duplicateWindow) && isSamePersonAndAddress(candidate, as: draft)
    }

    /// Newest first: by date, then by order number.
    static func isNewer(_ one: DuplicateCandidate, than other: DuplicateCandidate) -> Bool {
        (one.date, Int(one.id) ?? 0) > (other.date, Int(other.id) ?? 0)
    }

    /// `check` with the shortages `products` show, read again after the conditional update of
    /// product `short` matched no row (another placing took the stock since it was read): that
    /// product at least is short.
    static func shortChecked(_ check: PlacingCheck, draft: Draft, products: [Int64: Product], short: Int64) -> PlacingCheck {
        var check = check
        check.shortages = shortages(of: draft, products: products)
        if !check.shortages.contains(where: { $0.sku == products[short]?.sku }), let product = products[short] {
            let wanted = stockCommits(of: draft, products: products).first { $0.productID == short }?.quantity ?? 0
            check.shortages.append(
                StockShortage(sku: product.sku, name: product.name, wanted: wanted, available: max(0, product.stock?.available ?? 0)))
        }
        return check
    }

    /// The order `draft` becomes, numbered `id`, priced as `check` found (lines with their tax,
    /// totals, the rate), new, version 1, created by `by` at `at`.
    static func order(
        from draft: Draft, check: PlacingCheck, products: [Int64: Product], payment: PaymentMethod, id: String, by: AccountName?, at: Date
    ) -> Order {
        var order = Order(
            firstName: draft.contact.firstName, lastName: draft.contact.lastName, phone: draft.contact.phone,
            email: draft.contact.email, billingAddress: draft.effectiveBillingAddress, paymentMethod: payment,
            shipmentAddress: draft.shipmentAddress, shipmentMethod: draft.shipmentMethod, id: id, date: at,
            version: 1, createdBy: by)
        var lines = draft.lines
        order.totals = OrderTotals.priced(lines: &lines, shippingCents: check.totals.shippingCents, tax: check.totals.tax)
        for index in lines.indices {
            let tracked = lines[index].productID.flatMap { products[$0]?.stock } != nil
            lines[index].stockCommitted = tracked ? Int64(lines[index].quantity) : 0
        }
        order.lines = lines
        order.itemsRecorded = true
        order.nextLineNumber = draft.nextLineNumber
        return order
    }

    /// What "Save this caller for next time" writes when `draft` is placed: `stored`, the customer
    /// the draft was copied from (nil: none, or no longer there), brought up to date with the
    /// draft's contact and addresses (its note kept; billing left unknown when it is the shipping
    /// address, unless the customer already had it so); or a new customer of them. Nothing to write
    /// when `stored` already says all that.
    static func savedCaller(of draft: Draft, stored: Customer?, by: AccountName?, at: Date) -> CallerSave {
        var customer = stored ?? Customer(firstName: "", lastName: "", phone: "", email: "", createdAt: at)
        customer.firstName = draft.contact.firstName
        customer.lastName = draft.contact.lastName
        customer.phone = draft.contact.phone
        customer.email = draft.contact.email
        customer.shippingAddress = draft.shipmentAddress
        if !draft.billingSameAsShipping {
            customer.billingAddress = draft.billingAddress
        } else if stored?.billingAddress != draft.shipmentAddress {
            customer.billingAddress = .empty
        }
        guard let stored else { return .create(CustomerWrites.created(customer, by: by, at: at)) }
        if customer == stored { return .unchanged(stored) }
        // Made from the version just read in the same transaction: never a conflict.
        guard let saved = try? CustomerWrites.updated(customer, of: stored, by: by, at: at) else { return .unchanged(stored) }
        return .update(saved, from: stored)
    }

    /// `savedCaller`'s answer, which the store executes in the placing transaction.
    enum CallerSave: Equatable {
        /// A new customer (no id yet: the store gives it).
        case create(Customer)
        case update(Customer, from: Customer)
        case unchanged(Customer)
    }

    /// The "created" event of a placing: when the clerk placed it despite the duplicate warning,
    /// it says so, naming the order it may duplicate (issue 26: "place anyway, recorded in the history").
    static func createdEvent(of order: Order, check: PlacingCheck, request: PlacingRequest, by: AccountName?, at: Date) -> OrderEvent {
        var changes: [OrderChange] = []
        if let duplicate = check.duplicate, request.placeDuplicateAnyway {
            changes.append(OrderChange(field: "Placed despite a possible duplicate", old: "", new: "Order \(duplicate.id ?? "")"))
        }
        return OrderEvent(orderID: order.id ?? "", kind: .created, by: by, at: at, changes: changes)
    }

    private static func digits(_ text: String) -> String {
        // ASCII text (every phone the forms take) byte by byte: each byte is a character there, so
        // the same digits as the characters' filter, without walking grapheme clusters; the check
        // page compares every candidate's phone (issue 31).
        let utf8 = text.utf8
        if utf8.isASCII {
            return String(decoding: utf8.filter { (0x30...0x39).contains($0) }, as: UTF8.self)
        }
        return text.filter(\.isASCIIDigit)
    }

    private static func normalized(_ address: Address) -> [String] {
        [address.street1, address.street2, address.city, address.state, address.zip].map(normalizedPart)
    }

    /// An address line in lower case, its words (split at spaces, commas and full stops) joined by
    /// one space.
    private static func normalizedPart(_ text: String) -> String {
        let lowered = text.lowercased()
        let utf8 = lowered.utf8
        // ASCII text byte by byte: the separators are single bytes and no other character of ASCII
        // text holds one (`\r\n`, its one cluster of two bytes, holds none), so the words are the
        // characters' split's.
        guard utf8.isASCII else {
            return lowered.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." }).joined(separator: " ")
        }
        var words: [UInt8] = []
        words.reserveCapacity(utf8.count)
        var inWord = false
        for byte in utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                inWord = false
            } else {
                if !inWord, !words.isEmpty { words.append(UInt8(ascii: " ")) }
                inWord = true
                words.append(byte)
            }
        }
        return String(decoding: words, as: UTF8.self)
    }
}
