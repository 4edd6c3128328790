import Foundation
import XCTest

@testable import CleanStore

/// The erasure's rules, decided once for every store (`PersonalDataErasure`).
final class PersonalDataErasureTests: XCTestCase {
    let erasure = PersonalDataErasure(
        contacts: [
            PersonalDataErasure.Contact(
                firstName: "Al", lastName: "Núñez", phone: "(415) 555-0142", email: "Al.N@Example.com",
                shipping: Address(street1: "5 Willow Way", street2: "Apt 2", city: "San Francisco", state: "CA", zip: "94107"), billing: .empty)
        ],
        histories: [[OrderChange(field: "Phone number", old: "212-555-0100", new: "(415) 555-0142"), OrderChange(field: "Status", old: "New", new: "Paid")]])

    func testFreeTextKeepsItsWordsAndLosesTheirValuesWhateverTheCaseAsWholeWords() {
        XCTAssertEqual(erasure.scrub("Also call al núñez at AL.N@EXAMPLE.COM"), "Also call Erased at Erased")
        XCTAssertEqual(erasure.scrub("Leave at 5 willow way, apt 2"), "Leave at Erased, Erased")
        XCTAssertEqual(erasure.scrub("Nothing of theirs"), "Nothing of theirs")
        XCTAssertEqual(erasure.scrub(""), "")
    }

    func testAPhoneIsFoundWhateverSeparatesItsDigitsAndAnOldOneFromTheHistoryToo() {
        for phone in ["(415) 555-0142", "415.555.0142", "+1 415 555 0142", "4155550142", "1-415-555-0142", "212 555 0100"] {
            XCTAssertEqual(erasure.scrub("Call \(phone) now"), "Call Erased now", phone)
        }
        XCTAssertEqual(erasure.scrub("Order 41555501429"), "Order 41555501429", "digits within a longer number are no phone")
    }

    func testAContactsFieldsBecomeErasedAndEmptyOnesStayEmpty() {
        let erased = PersonalDataErasure.erased(
            PersonalDataErasure.Contact(
                firstName: "Al", lastName: "Núñez", phone: "", email: "a@b.example", shipping: Address(street1: "1 Elm", city: "X", state: "CA", zip: "1"),
                billing: .empty))
        XCTAssertEqual(
            erased,
            PersonalDataErasure.Contact(
                firstName: "Erased", lastName: "", phone: "", email: "Erased",
                shipping: Address(street1: "Erased", city: "Erased", state: "Erased", zip: "Erased"), billing: .empty))
    }

    func testAHistorysPersonalFieldsAreErasedItsCardsDigitsHiddenAndTheRestScrubbed() {
        let changes = erasure.erased(changes: [
            OrderChange(field: "First name", old: "Alfred", new: "Al"),
            OrderChange(field: "Shipment address, ZIP code", old: "", new: "94107"),
            OrderChange(field: "Card number", old: "ending 1111", new: "ending 4242"),
            OrderChange(field: "Cancellation reason", old: "", new: "Al moved away"),
            OrderChange(field: "Merged with", old: "", new: "Al Núñez (customer 4)"),
        ])
        XCTAssertEqual(
            changes,
            [
                OrderChange(field: "First name", old: "Erased", new: "Erased"),
                OrderChange(field: "Shipment address, ZIP code", old: "", new: "Erased"),
                OrderChange(field: "Card number", old: "ending ••••", new: "ending ••••"),
                OrderChange(field: "Cancellation reason", old: "", new: "Erased moved away"),
                OrderChange(field: "Merged with", old: "", new: "Erased (customer 4)"),
            ])
    }

    func testASavedSearchsQueryIsScrubbedAsTypedAndEncodedAgain() {
        XCTAssertEqual(erasure.scrubQuery("q=al+n%C3%BA%C3%B1ez&status=paid"), "q=Erased&status=paid")
        XCTAssertEqual(erasure.scrubQuery("q=%28415%29+555-0142+late"), "q=Erased+late")
        XCTAssertEqual(erasure.scrubQuery("status=paid&sort=total"), "status=paid&sort=total")
    }

    func testTheGroupIsTheRootOfTheMergesAndEveryoneMergedIntoItOrIntoThose() {
        let merges: [Int64: Int64?] = [2: 1, 3: 2, 5: 4, 6: 1]
        XCTAssertEqual(PersonalDataErasure.group(of: 3, mergedInto: merges), [1, 2, 3, 6])
        XCTAssertEqual(PersonalDataErasure.group(of: 1, mergedInto: merges), [1, 2, 3, 6])
        XCTAssertEqual(PersonalDataErasure.group(of: 4, mergedInto: merges), [4, 5])
        XCTAssertEqual(PersonalDataErasure.group(of: 7, mergedInto: merges), [7])
    }
}
