import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `TextRules`: the rules the order form (`OrderValidationWorker`) and free text (notes and
/// cancellation reasons, `FreeTextRule`) share. Each form's own tests hold its rules in detail
/// (`OrderValidationWorkerTests`, `OrderNotesWorkerTests`); these hold the two to the same answer.
final class TextRulesTests: XCTestCase {
    func testALengthIsBoundedInCharactersAndInBytes() {
        XCTAssertFalse(TextRules.isTooLong(String(repeating: "a", count: 100), maximum: 100))
        XCTAssertTrue(TextRules.isTooLong(String(repeating: "a", count: 101), maximum: 100))
        XCTAssertFalse(TextRules.isTooLong(String(repeating: "𝔸", count: 100), maximum: 100), "400 bytes, 100 characters")
        let oneCharacterOf401Bytes = "Z" + String(repeating: "\u{301}", count: 200)
        XCTAssertEqual(oneCharacterOf401Bytes.count, 1)
        XCTAssertTrue(TextRules.isTooLong(oneCharacterOf401Bytes, maximum: 100))
    }

    func testTheOrderFormAndANoteSeeTheSameCardNumbers() {
        let form = OrderValidationWorker(now: { Seeds.june29 }, timeZone: TimeZone(identifier: "UTC")!)
        let notes = OrderNotesWorker(notesStore: OrderNotesWorkerTests.OrderNotesStoreSpy(), logger: TestStores.silentLogger)
        let texts = [
            "4111111111111111", "Amy 4111 1111 1111 1111", "4111-1111-1111", "４１１１ １１１１ １１１１ １１１１",
            "4111\u{200B}1111\u{200B}1111\u{200B}1111", "(4111) 1111_1111_1111", "card 123456789012",
            "12345 Long Road 67890", "Unit 12, Block 345, 6789 Long Road", "12345678901", "4111  -  1111 1111 1111",
        ]
        for text in texts {
            var fields = Seeds.validFormFields
            fields[.shipmentAddressStreet2] = text
            let formRefuses: Bool
            switch form.validate(fields, card: .required) {
            case .invalid(let errors): formRefuses = errors.contains { $0.problem == .looksLikeCardNumber }
            case .valid: formRefuses = false
            }
            XCTAssertEqual(formRefuses, TextRules.containsCardNumberLikeRun(text), text)
            XCTAssertEqual(notes.check(text) == .invalid(.looksLikeCardNumber), TextRules.containsCardNumberLikeRun(text), text)
        }
        XCTAssertEqual(texts.filter(TextRules.containsCardNumberLikeRun).count, 8, "The last: its first group is too far from the rest, which are 12 digits")
    }
}
