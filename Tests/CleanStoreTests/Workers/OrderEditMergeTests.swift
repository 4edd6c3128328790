import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The three-way merge of two clerks' edits (issue 29): the rule per field, its full truth table,
/// the card's, the merge of a whole order, and who the history says changed what.
final class OrderEditMergeTests: XCTestCase {
    typealias Field = CreateOrder.Field

    // MARK: The truth table of one field

    func testEveryCaseOfOneField() {
        // (base, mine, theirs) → outcome: neither / only mine / only theirs / both the same / both different.
        let table: [(String?, String, String, OrderEditMerge.Outcome)] = [
            ("Amy", "Amy", "Amy", .neither),
            ("Amy", "Ann", "Amy", .mine),
            ("Amy", "Amy", "Ann", .theirs),
            ("Amy", "Ann", "Ann", .bothSame),
            ("Amy", "Ann", "Eve", .bothDifferent),
            // A form that did not carry the base: the same value is nothing to ask, another is asked,
            // crediting no one.
            (nil, "Amy", "Amy", .neither),
            (nil, "Ann", "Amy", .unknown),
            // Emptying a field is a change like any other.
            ("Suite 1", "", "Suite 1", .mine),
            ("", "", "Suite 1", .theirs),
        ]
        for (base, mine, theirs, expected) in table {
            XCTAssertEqual(
                OrderEditMerge.outcome(base: base, mine: mine, theirs: theirs), expected,
                "base \(base ?? "nil"), mine \(mine), theirs \(theirs)")
        }
    }

    func testOnlyBothDifferentAndUnknownAreAskedAgain() {
        let asked = [OrderEditMerge.Outcome.neither, .mine, .theirs, .bothSame, .bothDifferent, .unknown].filter(\.isConflict)
        XCTAssertEqual(asked, [.bothDifferent, .unknown])
    }

    // MARK: The card's truth table

    /// The card counts as mine only when typed; as theirs when the history names a card change.
    func testEveryCaseOfTheCard() {
        let table: [(typed: Bool, same: Bool, theirs: Bool?, OrderEditMerge.Outcome)] = [
            (false, true, false, .neither),
            (false, true, true, .theirs),
            (false, true, nil, .neither),
            (true, false, false, .mine),
            (true, true, false, .neither),
            (true, true, true, .bothSame),
            (true, false, true, .bothDifferent),
            (true, false, nil, .unknown),
            (true, true, nil, .neither),
        ]
        for (typed, same, theirs, expected) in table {
            XCTAssertEqual(
                OrderEditMerge.cardOutcome(typed: typed, sameAsStored: same, theirsChanged: theirs), expected,
                "typed \(typed), same \(same), theirs \(String(describing: theirs))")
        }
    }

    // MARK: The merge of an order

    static var base: Order {
        var order = Seeds.Orders.amy
        order.version = 1
        return order
    }

    func testOnlyTheirsAndOnlyMineAreBothKeptInTheMergedOrder() throws {
        // Given: Sue changed the phone (version 2); this clerk changed the city
        var theirs = Self.base
        theirs.phone = "222-222-2222"
        theirs.version = 2
        var mine = theirs
        mine.phone = Self.base.phone
        mine.shipmentAddress.city = "Palo Alto"

        // When
        let result = OrderEditMerge.merge(
            base: OrderEditMerge.values(of: Self.base), mine: mine, cardTyped: false, theirs: theirs, theirCardChanged: false)

        // Then
        let merged = try XCTUnwrap(result.merged)
        XCTAssertEqual(merged.phone, "222-222-2222", "Theirs kept")
        XCTAssertEqual(merged.shipmentAddress.city, "Palo Alto", "Mine applied")
        XCTAssertEqual(merged.version, 2, "Saved over the stored version")
        XCTAssertEqual(result.theirs, [.phone])
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(result.outcomes[.shipmentAddressCity], .mine)
        XCTAssertEqual(result.outcomes[.firstName], .neither)
    }

    func testAFieldBothChangedToDifferentValuesIsAskedAndNothingIsMerged() {
        var theirs = Self.base
        theirs.phone = "222-222-2222"
        theirs.email = "amy@example.com"
        theirs.version = 2
        var mine = Self.base
        mine.phone = "333-333-3333"
        mine.email = "amy@example.com"
        mine.lastName = "Appleseed"

        let result = OrderEditMerge.merge(
            base: OrderEditMerge.values(of: Self.base), mine: mine, cardTyped: false, theirs: theirs, theirCardChanged: false)

        XCTAssertNil(result.merged)
        XCTAssertEqual(result.conflicts, [.phone])
        XCTAssertEqual(result.outcomes[.email], .bothSame)
        XCTAssertEqual(result.outcomes[.lastName], .mine)
    }

    func testATypedCardIsMergedUnlessTheHistoryNamesAnotherCardChange() throws {
        var theirs = Self.base
        theirs.version = 2
        var mine = theirs
        mine.paymentMethod.creditCardNumber = "4242424242424242"
        let base = OrderEditMerge.values(of: Self.base)

        let kept = OrderEditMerge.merge(base: base, mine: mine, cardTyped: true, theirs: theirs, theirCardChanged: false)
        XCTAssertEqual(try XCTUnwrap(kept.merged).paymentMethod.creditCardNumber, "4242424242424242")

        var theirsWithCard = theirs
        theirsWithCard.paymentMethod.creditCardNumber = "5555555555554444"
        var mineOverTheirs = mine
        mineOverTheirs.paymentMethod.creditCardNumber = "4242424242424242"
        let asked = OrderEditMerge.merge(base: base, mine: mineOverTheirs, cardTyped: true, theirs: theirsWithCard, theirCardChanged: true)
        XCTAssertEqual(asked.conflicts, [.paymentMethodCreditCardNumber])

        // The card field left empty keeps theirs (the form saves the stored card).
        let untouched = OrderEditMerge.merge(base: base, mine: theirsWithCard, cardTyped: false, theirs: theirsWithCard, theirCardChanged: true)
        XCTAssertEqual(try XCTUnwrap(untouched.merged).paymentMethod.creditCardNumber, "5555555555554444")
        XCTAssertEqual(untouched.theirs, [.paymentMethodCreditCardNumber])
    }

    /// A forged base decides only what counts as changed: the merged order holds mine's or theirs'
    /// values, never the base's.
    func testTheBaseIsNeverWritten() throws {
        var theirs = Self.base
        theirs.version = 2
        var base = OrderEditMerge.values(of: Self.base)
        base[.firstName] = "<script>"
        base[.phone] = "not a phone"

        let result = OrderEditMerge.merge(base: base, mine: Self.base, cardTyped: false, theirs: theirs, theirCardChanged: false)

        let merged = try XCTUnwrap(result.merged)
        XCTAssertEqual(merged.firstName, "Amy")
        XCTAssertEqual(merged.phone, "111-111-1111")
    }

    func testAFormWithoutABaseAsksEveryFieldThatDiffers() {
        var theirs = Self.base
        theirs.phone = "222-222-2222"
        theirs.version = 2
        let result = OrderEditMerge.merge(base: [:], mine: Self.base, cardTyped: false, theirs: theirs, theirCardChanged: nil)
        XCTAssertEqual(result.conflicts, [.phone])
        XCTAssertEqual(result.outcomes[.phone], .unknown)
    }

    /// Every field the form holds round-trips through `value` and `apply`.
    func testEveryComparedFieldIsReadAndApplied() {
        let other = Self.other
        for field in OrderEditMerge.comparedFields {
            var order = Seeds.Orders.amy
            OrderEditMerge.apply(field, from: other, to: &order)
            XCTAssertEqual(OrderEditMerge.value(field, of: order), OrderEditMerge.value(field, of: other), "\(field)")
            XCTAssertNotEqual(
                OrderEditMerge.value(field, of: order), OrderEditMerge.value(field, of: Seeds.Orders.amy), "\(field) differs in the seeds")
        }
    }

    /// Bob, every field of whom differs from Amy's.
    static var other: Order {
        var bob = Seeds.Orders.bob
        bob.shipmentAddress.street2 = "Suite 9"
        return bob
    }

    // MARK: Who changed what meanwhile

    /// The history's name of each field is the one `OrderChange.between` records.
    func testEveryFieldsHistoryNameIsTheOneTheHistoryRecords() {
        for field in OrderEditMerge.comparedFields + [.paymentMethodCreditCardNumber] {
            var changed = Seeds.Orders.amy
            OrderEditMerge.apply(field, from: Self.other, to: &changed)
            let names = OrderChange.between(Seeds.Orders.amy, changed).map(\.field).filter { $0 != OrderChange.taxField }
            XCTAssertEqual(names, [OrderEditMerge.historyName(of: field)].compactMap { $0 }, "\(field)")
        }
    }

    func testTheSavesSinceTheFormsVersionNameWhoChangedEachFieldLast() {
        let amy = AccountSeeds.amy.name, sue = AccountSeeds.sue.name
        // Newest first: version 4 by Amy (phone), 3 by Sue (phone, city), 2 by Sue (email), 1 created.
        let events = [
            OrderEvent(orderID: "1", kind: .updated, by: amy, at: Seeds.june30, changes: [OrderChange(field: "Phone number", old: "2", new: "3")]),
            OrderEvent(
                orderID: "1", kind: .updated, by: sue, at: Seeds.june30,
                changes: [
                    OrderChange(field: "Phone number", old: "1", new: "2"), OrderChange(field: "Shipment address, city", old: "a", new: "b"),
                ]),
            OrderEvent(orderID: "1", kind: .updated, by: sue, at: Seeds.june29, changes: [OrderChange(field: "Email address", old: "a", new: "b")]),
            OrderEvent(orderID: "1", kind: .created, by: sue, at: Seeds.june29),
        ]

        let sinceTwo = OrderEditMerge.meanwhile(in: events, since: 2, current: 4)
        XCTAssertEqual(sinceTwo.changed, [.phone, .shipmentAddressCity], "Only the saves after version 2")
        XCTAssertEqual(sinceTwo.by, [.phone: amy, .shipmentAddressCity: sue], "Who changed each last")

        XCTAssertEqual(OrderEditMerge.meanwhile(in: events, since: 1, current: 4).changed, [.phone, .shipmentAddressCity, .email])
        // A version the form made up names no one, and never reads past the history.
        for version in [4, 9, 0, -1, Int.min, Int.max] {
            XCTAssertEqual(OrderEditMerge.meanwhile(in: events, since: version, current: 4), OrderEditMerge.Meanwhile(), "\(version)")
        }
    }
}
