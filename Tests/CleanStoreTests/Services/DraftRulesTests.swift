import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The rules of drafts and of a placed order's items, decided in plain Swift for every store:
/// `DraftWrites` (a change to a draft), `DraftPlacing` (what placing meets and writes) and
/// `OrderLineWrites` (a new order's items, the stock a status move moves).
final class DraftRulesTests: XCTestCase {
    static let amy = AccountSeeds.amy.name
    static let now = Seeds.june29
    static let utc = TimeZone(identifier: "UTC")!

    static let widget = Product(id: 1, sku: "wid-1", name: "Widget", priceCents: 250, createdAt: now)
    static let gadget = Product(
        id: 2, sku: "GAD-2", name: "Gadget", priceCents: 5000, stock: Product.Stock(onHand: 5, committed: 2), createdAt: now)
    static let book = Product(id: 3, sku: "BOOK-3", name: "Book", priceCents: 1099, taxable: false, createdAt: now)
    static var products: [Int64: Product] { [1: widget, 2: gadget, 3: book] }
    static let newYork = TaxRate(id: 1, region: "NY", ratePPM: 40_000, effectiveFrom: ShopDay("2000-01-01")!)
    static let newYorkCity = TaxRate(id: 2, region: "NY", postalPrefix: "100", ratePPM: 88_750, effectiveFrom: ShopDay("2000-01-01")!)

    static func line(_ product: Product, _ quantity: Int) -> OrderLine {
        OrderLine(
            key: "", productID: product.id, sku: product.sku, name: product.name, catalogPriceCents: product.priceCents,
            quantity: quantity, taxable: product.taxable)
    }

    /// A draft ready to place: Amy, shipping to New York City, 4 widgets and 1 gadget.
    static var ready: Draft {
        var draft = Draft(ref: "D-ABCDEF", createdAt: now, createdBy: amy)
        draft.contact = Draft.Contact(firstName: "Amy", lastName: "Apple", phone: "(111) 111-1111", email: "amy@example.com")
        draft.shipmentAddress = Address(street1: "1 Main St", city: "New York", state: "NY", zip: "10001")
        draft = try! DraftWrites.applied(.addLine(line(widget, 4)), to: draft, by: amy, at: now)
        draft = try! DraftWrites.applied(.addLine(line(gadget, 1)), to: draft, by: amy, at: now)
        return draft
    }

    // MARK: DraftWrites

    func testAddedLinesGetKeysThatAreNeverReusedAndTheSameProductAddsToItsLine() throws {
        var draft = Self.ready
        XCTAssertEqual(draft.lines.map(\.key), ["l1", "l2"])
        draft = try DraftWrites.applied(.addLine(Self.line(Self.widget, 3)), to: draft, by: Self.amy, at: Self.now)
        XCTAssertEqual(draft.lines.map(\.quantity), [7, 1], "the same product at the same price: one line")
        draft = try DraftWrites.applied(.removeLine(key: "l2"), to: draft, by: Self.amy, at: Self.now)
        draft = try DraftWrites.applied(.addLine(Self.line(Self.book, 1)), to: draft, by: Self.amy, at: Self.now)
        XCTAssertEqual(draft.lines.map(\.key), ["l1", "l3"], "l2 is not given again")
        XCTAssertEqual(draft.version, Self.ready.version + 3, "one more at each change")
    }

    func testAQuantityChangeNeverChangesThePrice() throws {
        var draft = try DraftWrites.applied(.price(key: "l1", cents: 200, reason: "Loyal customer"), to: Self.ready, by: Self.amy, at: Self.now)
        draft = try DraftWrites.applied(.quantities(["l1": 9]), to: draft, by: Self.amy, at: Self.now)
        XCTAssertEqual(draft.lines[0].unitPriceCents, 200)
        XCTAssertEqual(draft.lines[0].catalogPriceCents, 250, "both prices are kept")
        XCTAssertEqual(draft.lines[0].priceReason, "Loyal customer")
        XCTAssertEqual(draft.lines[0].quantity, 9)
    }

    func testQuantitiesOutOfRangeUnknownLinesAndTheHundredAndFirstLineAreRefusedWithNothingChanged() {
        let draft = Self.ready
        XCTAssertThrowsError(try DraftWrites.applied(.quantities(["l1": 0]), to: draft, by: nil, at: Self.now)) {
            XCTAssertEqual($0 as? DraftsStoreError, .quantityOutOfRange(key: "l1", current: draft))
        }
        XCTAssertThrowsError(try DraftWrites.applied(.quantities(["l1": 10_000]), to: draft, by: nil, at: Self.now))
        XCTAssertThrowsError(try DraftWrites.applied(.addLine(Self.line(Self.widget, 9_996)), to: draft, by: nil, at: Self.now)) {
            XCTAssertEqual($0 as? DraftsStoreError, .quantityOutOfRange(key: "l1", current: draft), "4 + 9,996 is over 9,999")
        }
        XCTAssertThrowsError(try DraftWrites.applied(.removeLine(key: "l9"), to: draft, by: nil, at: Self.now)) {
            XCTAssertEqual($0 as? DraftsStoreError, .lineNotFound(key: "l9", current: draft))
        }
        var full = draft
        for number in 0..<98 {
            var line = Self.line(Self.widget, 1)
            line.sku = "S\(number)"
            full = try! DraftWrites.applied(.addLine(line), to: full, by: nil, at: Self.now)
        }
        XCTAssertEqual(full.lines.count, 100)
        XCTAssertThrowsError(try DraftWrites.applied(.addLine(Self.line(Self.book, 1)), to: full, by: nil, at: Self.now)) {
            XCTAssertEqual($0 as? DraftsStoreError, .tooManyLines(current: full))
        }
    }

    func testAPriceChangeIsDecidedEitherWayAndKeepingTheOldPriceSaysWhy() throws {
        let useNew = try DraftWrites.applied(
            .priceChangeDecided(key: "l1", currentCatalogCents: 300, useNew: true), to: Self.ready, by: nil, at: Self.now)
        XCTAssertEqual(useNew.lines[0].unitPriceCents, 300)
        XCTAssertNil(useNew.lines[0].priceReason)
        let keep = try DraftWrites.applied(
            .priceChangeDecided(key: "l1", currentCatalogCents: 300, useNew: false), to: Self.ready, by: nil, at: Self.now)
        XCTAssertEqual(keep.lines[0].unitPriceCents, 250)
        XCTAssertEqual(keep.lines[0].catalogPriceCents, 300)
        XCTAssertEqual(keep.lines[0].priceReason, "Kept at $2.50 when the catalog price changed to $3.00")
    }

    func testBillingSameAsShippingForgetsATypedBillingAddress() throws {
        let address = Address(street1: "9 Bill St", city: "Albany", state: "NY", zip: "12207")
        let draft = try DraftWrites.applied(
            .delivery(shipment: address, billingSameAsShipping: true, billing: address, method: ShipmentMethod(speed: .oneDay)),
            to: Self.ready, by: nil, at: Self.now)
        XCTAssertEqual(draft.billingAddress, Draft.emptyAddress)
        XCTAssertEqual(draft.effectiveBillingAddress, address)
        XCTAssertEqual(draft.shipmentMethod.speed, .oneDay)
    }

    // MARK: DraftPlacing

    func testAReadyDraftMeetsNothingAndIsTaxedAtTheMostSpecificRate() {
        let check = DraftPlacing.check(
            Self.ready, products: Self.products, rates: [Self.newYork, Self.newYorkCity], recentOrders: [], at: Self.now, timeZone: Self.utc)
        XCTAssertTrue(check.allowsPlacing(duplicateAccepted: false))
        XCTAssertEqual(check.totals.subtotalCents, 1_000 + 5_000)
        XCTAssertEqual(check.totals.tax?.ratePPM, 88_750, "ZIP 10001 is in the 100 prefix")
        XCTAssertEqual(check.totals.taxCents, 533, "$60.00 × 8.875 % = $5.325, half up")
    }

    func testEveryCheckThatStandsInTheWayIsFound() {
        var draft = Self.ready
        draft.contact.email = ""
        draft.shipmentAddress.state = "OR"
        var products = Self.products
        products[1]?.priceCents = 275
        products[2]?.stock?.committed = 5
        let check = DraftPlacing.check(draft, products: products, rates: [], recentOrders: [], at: Self.now, timeZone: Self.utc)
        XCTAssertEqual(check.incomplete, [.caller])
        XCTAssertEqual(check.priceChanges, [PriceChange(lineKey: "l1", sku: "WID-1", name: "Widget", wasCents: 250, nowCents: 275)])
        XCTAssertEqual(check.shortages, [StockShortage(sku: "GAD-2", name: "Gadget", wanted: 1, available: 0)])
        XCTAssertEqual(check.missingTaxRegion, "OR", "no rate is never a silent 0")
        XCTAssertFalse(check.allowsPlacing(duplicateAccepted: true))
    }

    func testABackorderableProductIsNeverShortAndAnArchivedOneIsUnavailable() {
        var products = Self.products
        products[2]?.stock = Product.Stock(onHand: 0, committed: 0, allowBackorder: true)
        products[1]?.active = false
        let check = DraftPlacing.check(Self.ready, products: products, rates: [Self.newYork], recentOrders: [], at: Self.now, timeZone: Self.utc)
        XCTAssertEqual(check.shortages, [])
        XCTAssertEqual(check.unavailableLines, ["l1"])
    }

    func testTheSameCallerAddressAndItemsWithinADayIsADuplicateAndNotAfter() {
        var earlier = DraftPlacing.order(
            from: Self.ready, check: PlacingCheck(totals: OrderTotals(subtotalCents: 0, shippingCents: 0, taxCents: 0, tax: nil)),
            products: Self.products, payment: Seeds.Orders.amy.paymentMethod, id: "41", by: nil, at: Self.now.addingTimeInterval(-3_600))
        earlier.phone = "111.111.1111"
        let check = DraftPlacing.check(
            Self.ready, products: Self.products, rates: [Self.newYork], recentOrders: [earlier], at: Self.now, timeZone: Self.utc)
        XCTAssertEqual(check.duplicate?.id, "41")
        XCTAssertFalse(check.allowsPlacing(duplicateAccepted: false))
        XCTAssertTrue(check.allowsPlacing(duplicateAccepted: true))
        let dayLater = DraftPlacing.check(
            Self.ready, products: Self.products, rates: [Self.newYork], recentOrders: [earlier],
            at: Self.now.addingTimeInterval(DraftPlacing.duplicateWindow + 1), timeZone: Self.utc)
        XCTAssertNil(dayLater.duplicate)
        var otherItems = Self.ready
        otherItems.lines[0].quantity = 5
        XCTAssertFalse(DraftPlacing.isDuplicate(earlier, of: otherItems))
    }

    /// The same person and address whatever the phone's format and the address's case, spaces,
    /// commas and full stops; ASCII text is compared byte by byte, other text by its characters
    /// (issue 31), and both ways say the same.
    func testTheSamePersonAndAddressIgnoreThePhonesFormatAndTheAddresssCaseAndPunctuation() {
        var draft = Self.ready
        draft.contact.phone = "(415) 555-0100"
        draft.contact.email = "grace@example.com"
        draft.shipmentAddress = Address(street1: "1 Main St.", street2: "Apt 4, rear", city: "Springfield", state: "NY", zip: "10001")
        func candidate(phone: String, email: String = "other@example.com", _ address: Address) -> DraftPlacing.DuplicateCandidate {
            DraftPlacing.DuplicateCandidate(id: "7", date: Self.now, phone: phone, email: email, shipmentAddress: address)
        }
        let same = Address(street1: "1 MAIN ST", street2: "apt  4 rear", city: "springfield.", state: "ny", zip: "10001")
        XCTAssertTrue(DraftPlacing.isSamePersonAndAddress(candidate(phone: "415.555.0100", same), as: draft))
        XCTAssertTrue(DraftPlacing.isSamePersonAndAddress(candidate(phone: "+1 x", email: "GRACE@example.com", same), as: draft))
        XCTAssertFalse(DraftPlacing.isSamePersonAndAddress(candidate(phone: "415 555 0101", same), as: draft))
        var otherStreet = same
        otherStreet.street1 = "11 Main St"
        XCTAssertFalse(DraftPlacing.isSamePersonAndAddress(candidate(phone: "4155550100", otherStreet), as: draft))
        // Beyond ASCII: full-width digits are no digits, and accented letters keep their case rule.
        XCTAssertFalse(DraftPlacing.isSamePersonAndAddress(candidate(phone: "４１５５５５０１００", same), as: draft))
        draft.shipmentAddress.city = "Zürich"
        var accented = same
        accented.city = "ZÜRICH."
        XCTAssertTrue(DraftPlacing.isSamePersonAndAddress(candidate(phone: "415-555-0100", accented), as: draft))
        accented.city = "Zurich"
        XCTAssertFalse(DraftPlacing.isSamePersonAndAddress(candidate(phone: "415-555-0100", accented), as: draft))
        // A line break is a character of its own, never a separator, in either way of reading.
        draft.shipmentAddress.street2 = "Apt 4\r\nrear"
        accented.city = "zürich"
        var broken = accented
        broken.street2 = "apt 4\r\nrear."
        XCTAssertTrue(DraftPlacing.isSamePersonAndAddress(candidate(phone: "415-555-0100", broken), as: draft))
        broken.street2 = "apt 4 rear"
        XCTAssertFalse(DraftPlacing.isSamePersonAndAddress(candidate(phone: "415-555-0100", broken), as: draft))
    }

    func testDuplicateCandidatesAreTheSameCallerAndAddressWithinADayNewestFirst() {
        func placed(_ id: String, hoursAgo: Double, edit: (inout Order) -> Void = { _ in }) -> Order {
            var order = DraftPlacing.order(
                from: Self.ready, check: PlacingCheck(totals: OrderTotals(subtotalCents: 0, shippingCents: 0, taxCents: 0, tax: nil)),
                products: Self.products, payment: Seeds.Orders.amy.paymentMethod, id: id, by: nil,
                at: Self.now.addingTimeInterval(-hoursAgo * 3_600))
            edit(&order)
            return order
        }
        let candidates: [DraftPlacing.DuplicateCandidate] = [
            placed("7", hoursAgo: 5), placed("9", hoursAgo: 1), placed("8", hoursAgo: 1),
            placed("6", hoursAgo: 25),  // older than a day
            placed("10", hoursAgo: 0.5) { $0.shipmentAddress.zip = "10002" },  // another address
            placed("11", hoursAgo: 0.5) {  // another caller
                $0.phone = "(222) 222-2222"
                $0.email = "bob@example.com"
            },
        ].map(DraftPlacing.DuplicateCandidate.init)
        // Newest first, by date then id: the first whose items match is the one check names.
        XCTAssertEqual(
            DraftPlacing.duplicateCandidates(of: Self.ready, among: candidates, at: Self.now).map(\.id), ["9", "8", "7"])
    }

    func testThePlacedOrderCarriesTheLinesTaxedTheRateAndTheStockItCommitted() {
        let check = DraftPlacing.check(Self.ready, products: Self.products, rates: [Self.newYork], recentOrders: [], at: Self.now, timeZone: Self.utc)
        let order = DraftPlacing.order(
            from: Self.ready, check: check, products: Self.products, payment: Seeds.Orders.amy.paymentMethod, id: "7", by: Self.amy, at: Self.now)
        XCTAssertEqual(order.id, "7")
        XCTAssertTrue(order.itemsRecorded)
        XCTAssertEqual(order.lines.map(\.taxCents), [40, 200])
        XCTAssertEqual(order.totals.taxCents, 240)
        XCTAssertEqual(order.lines.map(\.stockCommitted), [0, 1], "only the gadget's stock is tracked")
        XCTAssertEqual(order.nextLineNumber, 3)
        XCTAssertEqual(DraftPlacing.stockCommits(of: Self.ready, products: Self.products).map(\.productID), [2])
    }

    func testAPlacingErrorNamesTheOrderAndTheDraftNeverTheirCardOrCaller() {
        let order = Self.placed
        let number = order.paymentMethod.creditCardNumber
        XCTAssertFalse(number.isEmpty)
        let duplicate = PlacingCheck(duplicate: order, totals: order.totals)
        let errors: [DraftsStoreError] = [
            .alreadyPlaced(order), .refused(duplicate), .draftChanged(current: Self.ready), .tooManyLines(current: Self.ready),
            .lineNotFound(key: "l9", current: Self.ready), .quantityOutOfRange(key: nil, current: Self.ready),
        ]
        for error in errors {
            for text in [String(describing: error), String(reflecting: error), "\(error)", "\(duplicate)"] {
                XCTAssertFalse(text.contains(number), text)
                XCTAssertFalse(text.contains(String(number.suffix(8))), text)
                for personal in [order.phone, order.email, order.lastName, Self.ready.contact.phone, Self.ready.shipmentAddress.street1] {
                    XCTAssertFalse(text.contains(personal), "\(text) holds \(personal)")
                }
            }
        }
        XCTAssertEqual(String(describing: DraftsStoreError.alreadyPlaced(order)), "Order 7 was already placed with this key")
        XCTAssertEqual("\(DraftsStoreError.refused(duplicate))", "Placing refused: possible duplicate of order 7")
        XCTAssertEqual(
            String(describing: DraftsStoreError.draftChanged(current: Self.ready)),
            "Draft \(Self.ready.ref) changed since the check page (now version \(Self.ready.version))")
    }

    // MARK: OrderLineWrites

    static var placed: Order {
        let check = DraftPlacing.check(Self.ready, products: Self.products, rates: [Self.newYork], recentOrders: [], at: Self.now, timeZone: Self.utc)
        return DraftPlacing.order(
            from: Self.ready, check: check, products: Self.products, payment: Seeds.Orders.amy.paymentMethod, id: "7", by: Self.amy, at: Self.now)
    }

    func testANewOrdersItemsChangeRetaxesMovesStockAndSaysWhatChanged() throws {
        let (order, moves, changes) = try OrderLineWrites.itemsChanged(
            Self.placed, change: .quantities(["l2": 3]), expectedVersion: 1, products: Self.products, rates: [Self.newYork],
            timeZone: Self.utc, by: Self.amy, at: Self.now)
        XCTAssertEqual(order.version, 2)
        XCTAssertEqual(order.totals.subtotalCents, 1_000 + 15_000)
        XCTAssertEqual(order.totals.taxCents, 640)
        XCTAssertEqual(moves, [OrderLineWrites.StockMove(productID: 2, committed: 2, onHand: 0)])
        XCTAssertEqual(
            changes,
            [
                OrderChange(field: "Quantity of GAD-2", old: "1", new: "3"),
                OrderChange(field: "Tax", old: "$2.40", new: "$6.40"),
                OrderChange(field: "Total", old: "$62.40", new: "$166.40"),
            ])
    }

    func testItemsAreFrozenFromPaidOnAStalePageIsAConflictFirstAndMoreThanAvailableIsRefused() {
        var paid = Self.placed
        paid.status = .paid
        XCTAssertThrowsError(
            try OrderLineWrites.itemsChanged(
                paid, change: .removeLine(key: "l1"), expectedVersion: 1, products: Self.products, rates: [Self.newYork],
                timeZone: Self.utc, by: nil, at: Self.now)
        ) {
            XCTAssertEqual($0 as? OrdersStoreError, .refused(current: paid, reason: "This order is paid: its items can no longer be changed"))
        }
        XCTAssertThrowsError(
            try OrderLineWrites.itemsChanged(
                paid, change: .removeLine(key: "l1"), expectedVersion: 9, products: Self.products, rates: [Self.newYork],
                timeZone: Self.utc, by: nil, at: Self.now)
        ) { XCTAssertEqual($0 as? OrdersStoreError, .conflict(current: paid)) }
        XCTAssertThrowsError(
            try OrderLineWrites.itemsChanged(
                Self.placed, change: .quantities(["l2": 5]), expectedVersion: 1, products: Self.products, rates: [Self.newYork],
                timeZone: Self.utc, by: nil, at: Self.now)
        ) {
            XCTAssertEqual($0 as? OrdersStoreError, .refused(current: Self.placed, reason: "Not enough GAD-2 in stock: 3 available"))
        }
    }

    func testShippingTakesCommittedStockOffHandAndCancellingReleasesIt() {
        XCTAssertEqual(OrderLineWrites.stockMoves(of: Self.placed, to: .shipped), [.init(productID: 2, committed: -1, onHand: -1)])
        XCTAssertEqual(OrderLineWrites.stockMoves(of: Self.placed, to: .cancelled), [.init(productID: 2, committed: -1, onHand: 0)])
        XCTAssertEqual(OrderLineWrites.stockMoves(of: Self.placed, to: .paid), [])
    }

    // MARK: DraftsMemStore

    func testPlacingInMemoryWritesTheOrderCommitsStockRemovesTheDraftAndAKeyPlacesOnce() async throws {
        let database = MemoryAppDatabase()
        await database.transaction { tables in
            tables.products = Self.products
            tables.taxRates = [Self.newYork]
        }
        let store = DraftsMemStore(database: database, refs: DraftRefs { "D-ABCDEF" })
        let created = try await store.createDraft(by: Self.amy, at: Self.now)
        XCTAssertEqual(created.ref, "D-ABCDEF")
        for change in [
            DraftChange.contact(Self.ready.contact),
            .delivery(shipment: Self.ready.shipmentAddress, billingSameAsShipping: true, billing: Draft.emptyAddress, method: ShipmentMethod(speed: .standard)),
            .addLine(Self.line(Self.gadget, 3)),
        ] {
            _ = try await store.updateDraft(ref: "D-ABCDEF", change: change, by: Self.amy, at: Self.now)
        }
        let request = PlacingRequest(
            payment: Seeds.Orders.amy.paymentMethod, idempotencyKey: "key-1", draftVersion: 4, timeZone: Self.utc)
        let order = try await store.place(ref: "D-ABCDEF", request: request, by: Self.amy, at: Self.now)
        XCTAssertEqual(order.id, "1")
        XCTAssertEqual(order.lines.map(\.quantity), [3])
        let afterPlacing = await database.read { $0 }
        XCTAssertEqual(afterPlacing.products[2]?.stock?.committed, 5)
        XCTAssertEqual(afterPlacing.drafts, [])
        XCTAssertEqual(afterPlacing.orders.map(\.id), ["1"])
        do {
            _ = try await store.place(ref: "D-ABCDEF", request: request, by: Self.amy, at: Self.now)
            XCTFail("a second post of the same key places nothing")
        } catch {
            XCTAssertEqual(error, .alreadyPlaced(order))
        }
        let again = try await store.createDraft(by: Self.amy, at: Self.now)
        _ = try await store.updateDraft(ref: again.ref, change: .addLine(Self.line(Self.gadget, 1)), by: nil, at: Self.now)
        do {
            _ = try await store.place(ref: again.ref, request: PlacingRequest(payment: request.payment, draftVersion: 1), by: nil, at: Self.now)
            XCTFail("a draft changed since its check page is not placed")
        } catch {
            guard case .draftChanged = error else { return XCTFail("\(error)") }
        }
    }
}

extension DraftRulesTests {
    func testPlacingDespiteADuplicateIsRecordedWithTheOrderItMayDuplicate() {
        let duplicate = Self.placed
        let check = DraftPlacing.check(
            Self.ready, products: Self.products, rates: [Self.newYork], recentOrders: [duplicate], at: Self.now, timeZone: Self.utc)
        var order = duplicate
        order.id = "8"
        XCTAssertEqual(
            DraftPlacing.createdEvent(of: order, check: check, request: PlacingRequest(placeDuplicateAnyway: true), by: nil, at: Self.now).changes,
            [OrderChange(field: "Placed despite a possible duplicate", old: "", new: "Order 7")])
        XCTAssertEqual(DraftPlacing.createdEvent(of: order, check: check, request: PlacingRequest(), by: nil, at: Self.now).changes, [])
    }
}
