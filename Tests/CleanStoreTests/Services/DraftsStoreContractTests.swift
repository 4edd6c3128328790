import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every drafts store (`DraftsStoreProtocol`): memory, SQLite, PostgreSQL.
final class DraftsStoreContractTests: GoodsContractTestCase {
    func testACreatedDraftIsFetchedAndListedMineFirst() async throws {
        for (store, _) in try await makeStores() {
            let sues = try await store.drafts.createDraft(by: Self.sue, at: Self.now)
            let amys = try await store.drafts.createDraft(by: Self.amy, at: Self.now.addingTimeInterval(-60))
            let nobodys = try await store.drafts.createDraft(by: nil, at: Self.now.addingTimeInterval(60))
            XCTAssertEqual(sues.version, 1, store.name)
            XCTAssertTrue(sues.billingSameAsShipping, store.name)
            XCTAssertEqual(sues.shipmentMethod, ShipmentMethod(speed: .standard), store.name)
            XCTAssertTrue(DraftRefs.isWellFormed(sues.ref), store.name)
            XCTAssertEqual(Set([sues.ref, amys.ref, nobodys.ref]).count, 3, store.name)
            let fetched = try await store.drafts.fetchDraft(ref: sues.ref)
            XCTAssertEqual(fetched, sues, store.name)
            let unknown = try await store.drafts.fetchDraft(ref: "D-ZZZZZZ")
            XCTAssertNil(unknown, store.name)
            let amysFirst = try await store.drafts.fetchDrafts(mineFirst: Self.amy, limit: 10)
            XCTAssertEqual(amysFirst.map(\.ref), [amys.ref, nobodys.ref, sues.ref], "\(store.name): mine, then the newest")
            let two = try await store.drafts.fetchDrafts(mineFirst: nil, limit: 2)
            XCTAssertEqual(two.map(\.ref), [nobodys.ref, sues.ref], store.name)
        }
    }

    /// A one-time key makes one draft: the same key again answers that draft (`made` false) while
    /// it is there; another key, or none, makes another; once the draft is gone, the key makes a new one.
    func testAKeyMakesOneDraft() async throws {
        for (store, _) in try await makeStores() {
            let first = try await store.drafts.createDraft(by: Self.sue, at: Self.now, key: "repeating/1/k-1", repeating: nil)
            let second = try await store.drafts.createDraft(by: Self.amy, at: Self.now.addingTimeInterval(1), key: "repeating/1/k-1", repeating: nil)
            XCTAssertTrue(first.made, store.name)
            XCTAssertFalse(second.made, store.name)
            XCTAssertEqual(second.draft, first.draft, "\(store.name): the first draft, as stored")
            let other = try await store.drafts.createDraft(by: Self.sue, at: Self.now, key: "repeating/1/k-2", repeating: nil)
            let keyless = try await store.drafts.createDraft(by: Self.sue, at: Self.now, key: nil, repeating: nil)
            let keylessAgain = try await store.drafts.createDraft(by: Self.sue, at: Self.now, key: nil, repeating: nil)
            XCTAssertTrue(other.made && keyless.made && keylessAgain.made, store.name)
            XCTAssertEqual(Set([first.draft.ref, other.draft.ref, keyless.draft.ref, keylessAgain.draft.ref]).count, 4, store.name)
            try await store.drafts.deleteDraft(ref: first.draft.ref)
            let afterwards = try await store.drafts.createDraft(by: Self.sue, at: Self.now, key: "repeating/1/k-1", repeating: nil)
            XCTAssertTrue(afterwards.made, store.name)
            XCTAssertNotEqual(afterwards.draft.ref, first.draft.ref, store.name)
            let drafts = try await store.drafts.fetchDrafts(mineFirst: nil, limit: 10)
            XCTAssertEqual(drafts.count, 4, store.name)
        }
    }

    /// A repeating draft records its order, as made and after every change, until it is gone.
    func testADraftRemembersTheOrderItRepeats() async throws {
        for (store, _) in try await makeStores() {
            let made = try await store.drafts.createDraft(by: Self.sue, at: Self.now, key: nil, repeating: 1042)
            XCTAssertEqual(made.draft.repeatsOrderID, 1042, store.name)
            let changed = try await store.drafts.updateDraft(
                ref: made.draft.ref, change: .contact(.init(firstName: "Amy", lastName: "Adams", phone: "", email: "")), by: Self.sue,
                at: Self.now)
            XCTAssertEqual(changed.repeatsOrderID, 1042, store.name)
            let fetched = try await store.drafts.fetchDraft(ref: made.draft.ref)
            XCTAssertEqual(fetched?.repeatsOrderID, 1042, store.name)
            let plain = try await store.drafts.createDraft(by: Self.sue, at: Self.now)
            XCTAssertNil(plain.repeatsOrderID, store.name)
        }
    }

    /// Two requests with one key at once: one draft.
    func testTwoCreatesWithOneKeyAtOnceMakeOneDraft() async throws {
        for (store, _) in try await makeStores() {
            let drafts = store.drafts
            async let one = drafts.createDraft(by: Self.sue, at: Self.now, key: "customer-of/1/k-1", repeating: nil)
            async let two = drafts.createDraft(by: Self.sue, at: Self.now, key: "customer-of/1/k-1", repeating: nil)
            let answers = try await [one, two]
            XCTAssertEqual(answers.filter(\.made).count, 1, store.name)
            XCTAssertEqual(Set(answers.map(\.draft.ref)).count, 1, store.name)
        }
    }

    func testAReferenceInUseIsNeverGivenAgain() async throws {
        // References that repeat: the store draws again until one is free
        let sequence = ["D-AAAAAA", "D-AAAAAA", "D-AAAAAA", "D-BBBBBB"]
        func repeating() -> DraftRefs {
            let drawn = Drawn()
            return DraftRefs { sequence[min(drawn.next(), sequence.count - 1)] }
        }
        let stores = [
            GoodsStores.memory(refs: repeating()),
            try GoodsStores.sqlite(path: directory.appendingPathComponent("refs.sqlite").path, refs: repeating()),
            try await GoodsStores.postgres(for: self, refs: repeating()),
        ]
        for store in stores {
            let first = try await store.drafts.createDraft(by: Self.amy, at: Self.now)
            let second = try await store.drafts.createDraft(by: Self.amy, at: Self.now)
            XCTAssertEqual([first.ref, second.ref], ["D-AAAAAA", "D-BBBBBB"], store.name)
        }
    }

    func testEachChangeIsSavedWithOneMoreVersionByItsAuthor() async throws {
        for (store, catalog) in try await makeStores() {
            let draft = try await store.drafts.createDraft(by: Self.amy, at: Self.now)
            let later = Self.now.addingTimeInterval(60)
            let changes: [DraftChange] = [
                .contact(Draft.Contact(firstName: "Ann", lastName: "Lee", phone: "555-0100", email: "ann@example.com")),
                .delivery(
                    shipment: Self.address, billingSameAsShipping: false,
                    billing: Address(street1: "9 Bill St", street2: "", city: "Troy", state: "NY", zip: "12180"),
                    method: ShipmentMethod(speed: .twoDay)),
                .addLine(Self.line(catalog.widget, quantity: 2)),
                .addLine(Self.line(catalog.gadget, quantity: 1)),
                .addLine(Self.line(catalog.widget, quantity: 3)),  // the same product at the same price: quantity added
                .quantities(["l2": 4]),
                .price(key: "l1", cents: 1_000, reason: "Damaged box"),
                .priceChangeDecided(key: "l2", currentCatalogCents: 1_099, useNew: false),
                .removeLine(key: "l2"),
            ]
            var saved = draft
            for (index, change) in changes.enumerated() {
                saved = try await store.drafts.updateDraft(ref: draft.ref, change: change, by: Self.sue, at: later)
                XCTAssertEqual(saved.version, index + 2, "\(store.name): \(change)")
                XCTAssertEqual(saved.updatedBy, Self.sue, store.name)
                let fetched = try await store.drafts.fetchDraft(ref: draft.ref)
                XCTAssertEqual(fetched, saved, "\(store.name): \(change)")
            }
            XCTAssertEqual(saved.lines.map(\.key), ["l1"], store.name)
            XCTAssertEqual(saved.lines.first?.quantity, 5, store.name)
            XCTAssertEqual(saved.lines.first?.unitPriceCents, 1_000, store.name)
            XCTAssertEqual(saved.lines.first?.catalogPriceCents, 1_250, store.name)
            XCTAssertEqual(saved.lines.first?.priceReason, "Damaged box", store.name)
            XCTAssertEqual(saved.nextLineNumber, 3, store.name)
            XCTAssertEqual(saved.billingAddress.city, "Troy", store.name)
            XCTAssertEqual(saved.createdBy, Self.amy, store.name)
        }
    }

    /// A saved customer used on a draft: their contact and default addresses copied, the customer
    /// remembered; a customer changed afterwards rewrites nothing of the draft (copy, not link).
    func testUsingACustomerCopiesTheirDetailsAndALaterChangeToThemRewritesNoDraft() async throws {
        for (store, _) in try await makeStores() {
            let billing = Address(street1: "9 Bill St", street2: "", city: "Troy", state: "NY", zip: "12180")
            let jane = try await store.customers.createCustomer(
                Customer(
                    firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com",
                    shippingAddress: Self.address, billingAddress: billing, createdAt: Self.now),
                by: Self.amy, at: Self.now)
            let draft = try await store.drafts.createDraft(by: Self.amy, at: Self.now)

            let used = try await store.drafts.updateDraft(ref: draft.ref, change: .useCustomer(jane), by: Self.sue, at: Self.now)

            XCTAssertEqual(used.customerID, jane.id, store.name)
            XCTAssertEqual(
                used.contact, Draft.Contact(firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com"), store.name)
            XCTAssertEqual(used.shipmentAddress, Self.address, store.name)
            XCTAssertFalse(used.billingSameAsShipping, store.name)
            XCTAssertEqual(used.billingAddress, billing, store.name)
            XCTAssertEqual(used.version, 2, store.name)
            let fetched = try await store.drafts.fetchDraft(ref: draft.ref)
            XCTAssertEqual(fetched, used, store.name)

            // When: Jane moves and changes her number
            var moved = jane
            moved.phone = "(415) 555-0199"
            moved.shippingAddress = Address(street1: "1 New Rd", street2: "", city: "Buffalo", state: "NY", zip: "14201")
            _ = try await store.customers.updateCustomer(moved, by: Self.amy, at: Self.now.addingTimeInterval(60))

            // Then: the draft keeps what was copied
            let after = try await store.drafts.fetchDraft(ref: draft.ref)
            XCTAssertEqual(after, used, "\(store.name): a copy, not a link")
        }
    }

    /// A customer with no billing address (the same as shipping) leaves "billing same as shipping"
    /// ticked; one with no address at all leaves the draft's delivery as it was.
    func testACustomersMissingAddressesLeaveTheDraftsAsTheyAre() async throws {
        for (store, _) in try await makeStores() {
            let sam = try await store.customers.createCustomer(
                Customer(firstName: "Sam", lastName: "Roe", phone: "555-0111", email: "", shippingAddress: Self.address, createdAt: Self.now),
                by: Self.amy, at: Self.now)
            let nobody = try await store.customers.createCustomer(
                Customer(firstName: "Ned", lastName: "Poe", phone: "555-0122", email: "", createdAt: Self.now), by: Self.amy, at: Self.now)
            let draft = try await readyDraft(in: store, items: [])

            let withSam = try await store.drafts.updateDraft(ref: draft.ref, change: .useCustomer(sam), by: Self.amy, at: Self.now)
            XCTAssertTrue(withSam.billingSameAsShipping, store.name)
            XCTAssertEqual(withSam.billingAddress, Draft.emptyAddress, store.name)

            let withNed = try await store.drafts.updateDraft(ref: draft.ref, change: .useCustomer(nobody), by: Self.amy, at: Self.now)
            XCTAssertEqual(withNed.customerID, nobody.id, store.name)
            XCTAssertEqual(withNed.contact.firstName, "Ned", store.name)
            XCTAssertEqual(withNed.shipmentAddress, Self.address, "\(store.name): no address of his: the draft's stays")
        }
    }

    /// "Save this caller for next time": placing a new caller's draft saves them as a customer (this
    /// order's addresses their defaults) in the placing transaction, and the order carries them.
    func testPlacingWithSaveCallerMakesTheCallerACustomerAndTheOrderCarriesThem() async throws {
        for (store, catalog) in try await makeStores() {
            let draft = try await readyDraft(in: store, items: [(catalog.gadget, 1)])

            let order = try await place(draft, in: store, saveCaller: true)

            let found = try await store.customers.fetchCustomers(matching: "555-0100", after: nil, limit: 10)
            XCTAssertEqual(found.map(\.name), ["Ann Lee"], store.name)
            let ann = try XCTUnwrap(found.first, store.name)
            XCTAssertEqual(ann.email, "ann@example.com", store.name)
            XCTAssertEqual(ann.shippingAddress, Self.address, store.name)
            XCTAssertEqual(ann.billingAddress, .empty, "\(store.name): billing same as shipping")
            XCTAssertEqual(ann.createdBy, Self.amy, store.name)
            XCTAssertEqual(order.customerID, ann.id, store.name)
            let fetched = try await store.orders.fetchOrder(id: order.id ?? "")
            XCTAssertEqual(fetched?.customerID, ann.id, store.name)
            let history = try await store.customers.fetchHistory(customerID: ann.id ?? 0)
            XCTAssertEqual(history.map(\.kind), [.created], store.name)
            let theirs = try await store.customers.fetchOrders(customerID: ann.id ?? 0, limit: 10)
            XCTAssertEqual(theirs.map(\.id), [order.id ?? ""], store.name)
        }
    }

    /// A draft copied from a customer and corrected for this call: with "Save this caller", the
    /// customer gets the new contact and addresses (one "updated" event); without, no customer is
    /// written, and the order still carries whom it was taken for.
    func testPlacingADraftCopiedFromACustomerUpdatesThemOnlyWhenAsked() async throws {
        for (store, catalog) in try await makeStores() {
            let jane = try await store.customers.createCustomer(
                Customer(
                    firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com", shippingAddress: Self.address,
                    note: "Call after 5 pm", createdAt: Self.now),
                by: Self.amy, at: Self.now)
            func copied() async throws -> Draft {
                var draft = try await store.drafts.createDraft(by: Self.amy, at: Self.now)
                draft = try await store.drafts.updateDraft(ref: draft.ref, change: .useCustomer(jane), by: Self.amy, at: Self.now)
                draft = try await store.drafts.updateDraft(
                    ref: draft.ref, change: .contact(Draft.Contact(firstName: "Jane", lastName: "Doe", phone: "(415) 555-0199", email: "jane@example.com")),
                    by: Self.amy, at: Self.now)
                return try await store.drafts.updateDraft(
                    ref: draft.ref, change: .addLine(Self.line(catalog.gadget, quantity: 1)), by: Self.amy, at: Self.now)
            }

            let unsaved = try await place(try await copied(), in: store, key: "unsaved")
            XCTAssertEqual(unsaved.customerID, jane.id, store.name)
            let untouched = try await store.customers.fetchCustomer(id: jane.id ?? 0)
            XCTAssertEqual(untouched, jane, "\(store.name): not asked to save: Jane as she was")

            let saved = try await place(try await copied(), in: store, key: "saved", anyway: true, saveCaller: true)
            XCTAssertEqual(saved.customerID, jane.id, store.name)
            let updated = try await store.customers.fetchCustomer(id: jane.id ?? 0)
            XCTAssertEqual(updated?.phone, "(415) 555-0199", store.name)
            XCTAssertEqual(updated?.note, "Call after 5 pm", "\(store.name): the note is kept")
            XCTAssertEqual(updated?.version, 2, store.name)
            XCTAssertEqual(updated?.updatedBy, Self.amy, store.name)
            let history = try await store.customers.fetchHistory(customerID: jane.id ?? 0)
            XCTAssertEqual(history.map(\.kind), [.updated, .created], store.name)
            XCTAssertEqual(history.first?.changes.map(\.field), ["Phone"], store.name)
            let customers = try await store.customers.fetchCustomers(matching: "jane@example.com", after: nil, limit: 10)
            XCTAssertEqual(customers.count, 1, "\(store.name): no second Jane")
        }
    }

    func testRefusedChangesChangeNothing() async throws {
        for (store, catalog) in try await makeStores() {
            let draft = try await readyDraft(in: store, items: [(catalog.widget, 9_999)])
            let unknownLine = await refusal({ () async throws(DraftsStoreError) in
                try await store.drafts.updateDraft(ref: draft.ref, change: .removeLine(key: "l9"), by: Self.amy, at: Self.now)
            }, store.name)
            XCTAssertEqual(unknownLine, .lineNotFound(key: "l9", current: draft), store.name)
            let tooMany = await refusal({ () async throws(DraftsStoreError) in
                try await store.drafts.updateDraft(ref: draft.ref, change: .addLine(Self.line(catalog.widget, quantity: 1)), by: Self.amy, at: Self.now)
            }, store.name)
            XCTAssertEqual(tooMany, .quantityOutOfRange(key: "l1", current: draft), store.name)
            let zero = await refusal({ () async throws(DraftsStoreError) in
                try await store.drafts.updateDraft(ref: draft.ref, change: .quantities(["l1": 0]), by: Self.amy, at: Self.now)
            }, store.name)
            XCTAssertEqual(zero, .quantityOutOfRange(key: "l1", current: draft), store.name)
            let unknown = await refusal({ () async throws(DraftsStoreError) in
                try await store.drafts.updateDraft(ref: "D-ZZZZZZ", change: .removeLine(key: "l1"), by: Self.amy, at: Self.now)
            }, store.name)
            XCTAssertEqual(unknown, .notFound(ref: "D-ZZZZZZ"), store.name)
            let fetched = try await store.drafts.fetchDraft(ref: draft.ref)
            XCTAssertEqual(fetched, draft, store.name)
        }
    }

    func testAChangeFromAnExpectedVersionIsSavedOnlyWhileTheDraftIsAtIt() async throws {
        for (store, catalog) in try await makeStores() {
            let draft = try await store.drafts.createDraft(by: Self.amy, at: Self.now)
            let later = Self.now.addingTimeInterval(60)
            let added = try await store.drafts.updateDraft(
                ref: draft.ref, change: .addLine(Self.line(catalog.widget, quantity: 2)), expectedVersion: 1, by: Self.sue, at: later)
            XCTAssertEqual(added.version, 2, store.name)
            XCTAssertEqual(added.lines.map(\.quantity), [2], store.name)

            // From version 1 again (another client's stale read): refused with the draft as stored, for every kind of change
            let stale: [DraftChange] = [
                .contact(Draft.Contact(firstName: "Ann", lastName: "Lee", phone: "555-0100", email: "ann@example.com")),
                .delivery(shipment: Self.address, billingSameAsShipping: true, billing: Draft.emptyAddress, method: ShipmentMethod(speed: .oneDay)),
                .addLine(Self.line(catalog.gadget, quantity: 1)),
                .quantities(["l1": 5]),
                .removeLine(key: "l1"),
            ]
            for change in stale {
                let refused = await refusal({ () async throws(DraftsStoreError) in
                    try await store.drafts.updateDraft(ref: draft.ref, change: change, expectedVersion: 1, by: Self.amy, at: later)
                }, store.name)
                XCTAssertEqual(refused, .draftChanged(current: added), "\(store.name): \(change)")
            }
            // A version the draft never had is no better; one it is at still is
            let ahead = await refusal({ () async throws(DraftsStoreError) in
                try await store.drafts.updateDraft(ref: draft.ref, change: .quantities(["l1": 5]), expectedVersion: 3, by: Self.amy, at: later)
            }, store.name)
            XCTAssertEqual(ahead, .draftChanged(current: added), store.name)
            let fetched = try await store.drafts.fetchDraft(ref: draft.ref)
            XCTAssertEqual(fetched, added, "\(store.name): nothing written")
            let changed = try await store.drafts.updateDraft(
                ref: draft.ref, change: .quantities(["l1": 5]), expectedVersion: 2, by: Self.amy, at: later)
            XCTAssertEqual(changed.version, 3, store.name)
            XCTAssertEqual(changed.lines.map(\.quantity), [5], store.name)
            // An unknown draft is not found, whatever the version
            let unknown = await refusal({ () async throws(DraftsStoreError) in
                try await store.drafts.updateDraft(ref: "D-ZZZZZZ", change: .removeLine(key: "l1"), expectedVersion: 1, by: Self.amy, at: later)
            }, store.name)
            XCTAssertEqual(unknown, .notFound(ref: "D-ZZZZZZ"), store.name)
        }
    }

    func testDeleteRemovesOneDraftAndHousekeepingThoseChangedBefore() async throws {
        for (store, _) in try await makeStores() {
            let old = try await store.drafts.createDraft(by: Self.amy, at: Self.now.addingTimeInterval(-15 * 86_400))
            let recent = try await store.drafts.createDraft(by: Self.amy, at: Self.now.addingTimeInterval(-13 * 86_400))
            let gone = try await store.drafts.createDraft(by: Self.amy, at: Self.now)
            try await store.drafts.deleteDraft(ref: gone.ref)
            let again = await refusal({ () async throws(DraftsStoreError) in try await store.drafts.deleteDraft(ref: gone.ref) }, store.name)
            XCTAssertEqual(again, .notFound(ref: gone.ref), store.name)
            let removed = try await store.drafts.deleteDrafts(changedBefore: Self.now.addingTimeInterval(-14 * 86_400))
            XCTAssertEqual(removed, 1, store.name)
            let left = try await store.drafts.fetchDrafts(mineFirst: nil, limit: 10)
            XCTAssertEqual(left.map(\.ref), [recent.ref], store.name)
            XCTAssertNotEqual(old.ref, recent.ref, store.name)
        }
    }

    func testPlacingWritesTheOrderWithItsLinesTotalsRateNumberAndEventCommitsStockAndRemovesTheDraft() async throws {
        for (store, catalog) in try await makeStores() {
            let draft = try await readyDraft(in: store, items: [(catalog.widget, 2), (catalog.gadget, 1)])
            let check = try await store.drafts.checkPlacing(ref: draft.ref, request: PlacingRequest(timeZone: Self.utc), at: Self.now)
            XCTAssertTrue(check.allowsPlacing(duplicateAccepted: false), store.name)

            let order = try await place(draft, in: store, key: "key-1")

            XCTAssertEqual(order.id, "1", store.name)
            XCTAssertEqual(order.lines.map(\.sku), ["W-1", "G-2"], store.name)
            XCTAssertEqual(order.lines.map(\.taxCents), [222, 0], "\(store.name): $25.00 at 8.875 %")
            XCTAssertEqual(order.lines.map(\.stockCommitted), [2, 0], store.name)
            XCTAssertEqual(order.totals, OrderTotals(subtotalCents: 3_499, shippingCents: 0, taxCents: 222, tax: Self.newYork.applied), store.name)
            XCTAssertEqual(order.total, Decimal(string: "37.21"), store.name)
            XCTAssertEqual(order.itemCount, 3, store.name)
            XCTAssertTrue(order.itemsRecorded, store.name)
            XCTAssertEqual(order.createdBy, Self.amy, store.name)
            XCTAssertEqual(check.totals, order.totals, "\(store.name): placed as checked")
            let fetched = try await store.orders.fetchOrder(id: "1")
            XCTAssertEqual(fetched, order, store.name)
            let listed = try await store.orders.fetchOrders()
            XCTAssertEqual(listed.map(\.itemCount), [3], "\(store.name): a list reads the count")
            XCTAssertEqual(listed.map(\.totals), [order.totals], store.name)
            let events = try await store.events.fetchEvents(orderID: "1")
            XCTAssertEqual(events.map(\.kind), [.created], store.name)
            let gone = try await store.drafts.fetchDraft(ref: draft.ref)
            XCTAssertNil(gone, store.name)
            let widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 2), store.name)
        }
    }

    func testAPriceChangedSinceALineWasAddedRefusesPlacing() async throws {
        for (store, catalog) in try await makeStores() {
            var old = catalog.widget
            old.priceCents = 1_100  // the line was added when it cost $11.00
            let draft = try await readyDraft(in: store, items: [(old, 1)])
            let error = await refusal({ () async throws(DraftsStoreError) in try await place(draft, in: store) }, store.name)
            guard case .refused(let check) = error else { return XCTFail("\(store.name): \(String(describing: error))") }
            XCTAssertEqual(
                check.priceChanges, [PriceChange(lineKey: "l1", sku: "W-1", name: "Widget", wasCents: 1_100, nowCents: 1_250)], store.name)
            try await assertNothingPlaced(store, draft: draft, catalog: catalog)
        }
    }

    func testNoRateForTheShipToStateRefusesPlacingNeverTaxedZero() async throws {
        for (store, catalog) in try await makeStores() {
            let oregon = Address(street1: "1 Main St", street2: "", city: "Salem", state: "OR", zip: "97301")
            let draft = try await readyDraft(in: store, items: [(catalog.widget, 1)], address: oregon)
            let error = await refusal({ () async throws(DraftsStoreError) in try await place(draft, in: store) }, store.name)
            guard case .refused(let check) = error else { return XCTFail("\(store.name): \(String(describing: error))") }
            XCTAssertEqual(check.missingTaxRegion, "OR", store.name)
            try await assertNothingPlaced(store, draft: draft, catalog: catalog)
        }
    }

    func testAShortageRefusesPlacingAndWritesNothing() async throws {
        for (store, catalog) in try await makeStores() {
            let draft = try await readyDraft(in: store, items: [(catalog.widget, 6), (catalog.gadget, 1)])
            let error = await refusal({ () async throws(DraftsStoreError) in try await place(draft, in: store) }, store.name)
            guard case .refused(let check) = error else { return XCTFail("\(store.name): \(String(describing: error))") }
            XCTAssertEqual(check.shortages, [StockShortage(sku: "W-1", name: "Widget", wanted: 6, available: 5)], store.name)
            try await assertNothingPlaced(store, draft: draft, catalog: catalog)
        }
    }

    func testADuplicateWithinADayIsRefusedUnlessPlacedAnyway() async throws {
        for (store, catalog) in try await makeStores() {
            let first = try await place(try await readyDraft(in: store, items: [(catalog.gadget, 2)]), in: store)
            let again = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "(555) 0100")
            let error = await refusal({ () async throws(DraftsStoreError) in try await place(again, in: store) }, store.name)
            guard case .refused(let check) = error else { return XCTFail("\(store.name): \(String(describing: error))") }
            XCTAssertEqual(check.duplicate?.id, first.id, store.name)
            XCTAssertEqual(check.duplicate?.lines, first.lines, store.name)
            let anyway = try await place(again, in: store, anyway: true)
            XCTAssertEqual(anyway.id, "2", store.name)
            let events = try await store.events.fetchEvents(orderID: "2")
            XCTAssertEqual(
                events.map(\.changes), [[OrderChange(field: "Placed despite a possible duplicate", old: "", new: "Order 1")]],
                "\(store.name): recorded in the history")
            let firstEvents = try await store.events.fetchEvents(orderID: "1")
            XCTAssertEqual(firstEvents.map(\.changes), [[]], store.name)
            let other = try await readyDraft(in: store, items: [(catalog.gadget, 3)])
            let notDuplicate = try await place(other, in: store)
            XCTAssertEqual(notDuplicate.id, "3", "\(store.name): other items are no duplicate")
        }
    }

    func testTheSameLocalNumberInAnotherAreaCodeIsNoDuplicate() async throws {
        for (store, catalog) in try await makeStores() {
            _ = try await place(
                try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "(415) 555-0100", email: "ann@example.com"), in: store)
            // The same last seven digits, the same address and items, another person: found by the
            // search, told apart by the exact comparison.
            let other = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "212-555-0100", email: "bob@example.com")
            let check = try await store.drafts.checkPlacing(ref: other.ref, request: PlacingRequest(timeZone: Self.utc), at: Self.now)
            XCTAssertNil(check.duplicate, store.name)
            let same = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "415.555.0100", email: "bob@example.com")
            let found = try await store.drafts.checkPlacing(ref: same.ref, request: PlacingRequest(timeZone: Self.utc), at: Self.now)
            XCTAssertEqual(found.duplicate?.id, "1", "\(store.name): the same ten digits")
        }
    }

    /// The same person is the same phone digits, whatever the format, or the same email in any
    /// case (`DraftPlacing.phoneKey`, `emailKey`; the SQL stores look both up in an index of their
    /// own column, `OrderColumns.personKeys`): each alone finds the order, neither finds none.
    func testTheSamePhoneDigitsOrTheSameEmailInAnyCaseIsTheSamePerson() async throws {
        for (store, catalog) in try await makeStores() {
            let first = try await place(
                try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "(415) 555-0100", email: "Ann.Lee@Example.COM"), in: store)
            let request = PlacingRequest(timeZone: Self.utc)
            let byPhone = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "4155550100", email: "zed@example.com")
            let phoneCheck = try await store.drafts.checkPlacing(ref: byPhone.ref, request: request, at: Self.now)
            XCTAssertEqual(phoneCheck.duplicate?.id, first.id, "\(store.name): the same digits, another format and email")
            let byEmail = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "212-555-0199", email: "ann.lee@example.com")
            let emailCheck = try await store.drafts.checkPlacing(ref: byEmail.ref, request: request, at: Self.now)
            XCTAssertEqual(emailCheck.duplicate?.id, first.id, "\(store.name): the same email in lower case, another phone")
            let neither = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "212-555-0199", email: "ann.lee@example.org")
            let neitherCheck = try await store.drafts.checkPlacing(ref: neither.ref, request: request, at: Self.now)
            XCTAssertNil(neitherCheck.duplicate, "\(store.name): another phone and email")
        }
    }

    /// An order is the same person by its phone and email as last saved: an edit of them is
    /// looked up by the new ones, never by the old.
    func testAnEditedOrderIsFoundByItsNewPhoneAndEmailOnly() async throws {
        for (store, catalog) in try await makeStores() {
            var first = try await place(
                try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "(415) 555-0100", email: "ann@example.com"), in: store)
            first.phone = "(646) 555-0123"
            first.email = "Ann.Lee@Example.NET"
            let edited = try await store.orders.updateOrder(orderToUpdate: first, timeZone: Self.utc, by: Self.sue, at: Self.now)
            XCTAssertEqual(edited.version, 2, store.name)
            let request = PlacingRequest(timeZone: Self.utc)
            let old = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "(415) 555-0100", email: "ann@example.com")
            let oldCheck = try await store.drafts.checkPlacing(ref: old.ref, request: request, at: Self.now)
            XCTAssertNil(oldCheck.duplicate, "\(store.name): the phone and email it no longer has")
            let newPhone = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "646.555.0123", email: "zed@example.com")
            let phoneCheck = try await store.drafts.checkPlacing(ref: newPhone.ref, request: request, at: Self.now)
            XCTAssertEqual(phoneCheck.duplicate?.id, first.id, "\(store.name): its new phone")
            let newEmail = try await readyDraft(in: store, items: [(catalog.gadget, 2)], phone: "212-555-0199", email: "ann.lee@example.net")
            let emailCheck = try await store.drafts.checkPlacing(ref: newEmail.ref, request: request, at: Self.now)
            XCTAssertEqual(emailCheck.duplicate?.id, first.id, "\(store.name): its new email")
        }
    }

    func testTheNewestDuplicateIsFoundPastANewerOrderWithOtherItems() async throws {
        for (store, catalog) in try await makeStores() {
            let first = try await place(try await readyDraft(in: store, items: [(catalog.gadget, 2)]), in: store)
            // Same caller and address, other items: placed (no duplicate), and newer than the first.
            let other = try await place(try await readyDraft(in: store, items: [(catalog.gadget, 3)]), in: store)
            XCTAssertEqual(other.id, "2", store.name)
            let again = try await readyDraft(in: store, items: [(catalog.gadget, 2)])
            let check = try await store.drafts.checkPlacing(ref: again.ref, request: PlacingRequest(timeZone: Self.utc), at: Self.now)
            XCTAssertEqual(check.duplicate?.id, first.id, "\(store.name): the newest order with the draft's items, past order 2")
            XCTAssertEqual(check.duplicate?.lines, first.lines, store.name)
            XCTAssertEqual(check.duplicate?.paymentMethod, first.paymentMethod, "\(store.name): the duplicate is read in full")
        }
    }

    /// A caller who orders all day: the duplicate lies past more of their orders than PostgreSQL's
    /// first round of candidates holds (`DraftsPostgresStore.duplicateCandidateLimits`: 16 rows, and
    /// each order here is found twice, by phone and by email), so it is found in a later round.
    func testTheDuplicateIsFoundPastMoreOfTheCallersOrdersThanOneRoundReads() async throws {
        XCTAssertLessThan(DraftsPostgresStore.duplicateCandidateLimits[0], 2 * 20, "20 newer orders fill the first round")
        for (store, catalog) in try await makeStores() {
            let first = try await place(try await readyDraft(in: store, items: [(catalog.gadget, 2)]), in: store)
            for quantity in 3..<23 {
                _ = try await place(try await readyDraft(in: store, items: [(catalog.gadget, quantity)]), in: store)
            }
            let again = try await readyDraft(in: store, items: [(catalog.gadget, 2)])
            let check = try await store.drafts.checkPlacing(ref: again.ref, request: PlacingRequest(timeZone: Self.utc), at: Self.now)
            XCTAssertEqual(check.duplicate?.id, first.id, "\(store.name): past 20 newer orders of the same caller with other items")
            let other = try await readyDraft(in: store, items: [(catalog.gadget, 40)])
            let none = try await store.drafts.checkPlacing(ref: other.ref, request: PlacingRequest(timeZone: Self.utc), at: Self.now)
            XCTAssertNil(none.duplicate, "\(store.name): every round read, none with these items")
        }
    }

    func testTheDraftAndItsCheckAreReadTogether() async throws {
        for (store, catalog) in try await makeStores() {
            _ = try await place(try await readyDraft(in: store, items: [(catalog.gadget, 2)]), in: store)
            let again = try await readyDraft(in: store, items: [(catalog.gadget, 2), (catalog.widget, 1)])
            _ = try await store.drafts.updateDraft(ref: again.ref, change: .quantities([again.lines[1].key: 6]), by: Self.amy, at: Self.now)
            let request = PlacingRequest(timeZone: Self.utc)
            let checked = try await store.drafts.fetchCheckedDraft(ref: again.ref, request: request, at: Self.now)
            let draft = try await store.drafts.fetchDraft(ref: again.ref)
            let check = try await store.drafts.checkPlacing(ref: again.ref, request: request, at: Self.now)
            XCTAssertEqual(checked?.draft, draft, store.name)
            XCTAssertEqual(checked?.check, check, store.name)
            XCTAssertEqual(checked?.check.shortages.map(\.sku), ["W-1"], store.name)
            XCTAssertNil(checked?.check.duplicate, "\(store.name): other items now")
            let unknown = try await store.drafts.fetchCheckedDraft(ref: "D-ZZZZZZ", request: request, at: Self.now)
            XCTAssertNil(unknown, store.name)
        }
    }

    func testACheckWithoutTheDuplicateLooksForNoneAndFindsTheRestTheSame() async throws {
        for (store, catalog) in try await makeStores() {
            let first = try await place(try await readyDraft(in: store, items: [(catalog.gadget, 2)]), in: store)
            let again = try await readyDraft(in: store, items: [(catalog.gadget, 2)])
            let request = PlacingRequest(timeZone: Self.utc)
            let full = try await store.drafts.fetchCheckedDraft(ref: again.ref, request: request, at: Self.now)
            XCTAssertEqual(full?.check.duplicate?.id, first.id, "\(store.name): the same caller, address and items")
            let light = try await store.drafts.fetchCheckedDraft(ref: again.ref, request: request, at: Self.now, findingDuplicate: false)
            XCTAssertEqual(light?.draft, full?.draft, store.name)
            XCTAssertNil(light?.check.duplicate, "\(store.name): no duplicate looked for")
            var withoutDuplicate = full?.check
            withoutDuplicate?.duplicate = nil
            XCTAssertEqual(light?.check, withoutDuplicate, "\(store.name): totals, stock, prices and what is missing as with it")
            XCTAssertEqual(light?.check.totals.subtotalCents, full?.check.totals.subtotalCents, store.name)
            let unknown = try await store.drafts.fetchCheckedDraft(ref: "D-ZZZZZZ", request: request, at: Self.now, findingDuplicate: false)
            XCTAssertNil(unknown, store.name)
            // Placing always looks: the duplicate is refused as before.
            let error = await refusal({ () async throws(DraftsStoreError) in try await place(again, in: store) }, store.name)
            guard case .refused(let check) = error else { return XCTFail("\(store.name): \(String(describing: error))") }
            XCTAssertEqual(check.duplicate?.id, first.id, store.name)
        }
    }

    func testAKeyUsedByAnEarlierPlacingGivesItsOrder() async throws {
        for (store, catalog) in try await makeStores() {
            let draft = try await readyDraft(in: store, items: [(catalog.widget, 1)])
            let order = try await place(draft, in: store, key: "once")
            let error = await refusal({ () async throws(DraftsStoreError) in try await place(draft, in: store, key: "once") }, store.name)
            XCTAssertEqual(error, .alreadyPlaced(order), store.name)
            let orders = try await store.orders.fetchOrders()
            XCTAssertEqual(orders.count, 1, store.name)
        }
    }

    func testADraftChangedSinceTheCheckPageIsNotPlaced() async throws {
        for (store, catalog) in try await makeStores() {
            let seen = try await readyDraft(in: store, items: [(catalog.widget, 1)])
            let changed = try await store.drafts.updateDraft(ref: seen.ref, change: .quantities(["l1": 2]), by: Self.sue, at: Self.now)
            let error = await refusal({ () async throws(DraftsStoreError) in try await place(seen, in: store) }, store.name)
            XCTAssertEqual(error, .draftChanged(current: changed), store.name)
            try await assertNothingPlaced(store, draft: changed, catalog: catalog)
        }
    }

    func testOrderNumbersHaveNoGapsAfterARefusedPlacing() async throws {
        for (store, catalog) in try await makeStores() {
            let created = try await store.orders.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.amy))
            let short = try await readyDraft(in: store, items: [(catalog.widget, 6)])
            _ = await refusal({ () async throws(DraftsStoreError) in try await place(short, in: store) }, store.name)
            let placed = try await place(try await readyDraft(in: store, items: [(catalog.widget, 5)]), in: store)
            let next = try await store.orders.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.bob))
            XCTAssertEqual([created.id, placed.id, next.id], ["1", "2", "3"], store.name)
        }
    }

    /// No order, the draft as it was, the widgets' stock untouched.
    private func assertNothingPlaced(_ store: GoodsStores, draft: Draft, catalog: Catalog, line: UInt = #line) async throws {
        let orders = try await store.orders.fetchOrders()
        XCTAssertEqual(orders, [], store.name, line: line)
        let kept = try await store.drafts.fetchDraft(ref: draft.ref)
        XCTAssertEqual(kept, draft, store.name, line: line)
        let widget = try await store.product(catalog.widget.id!)
        XCTAssertEqual(widget?.stock, catalog.widget.stock, store.name, line: line)
    }
}

/// How many references a generator has drawn.
private final class Drawn: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.withLock { defer { count += 1 }; return count } }
}
