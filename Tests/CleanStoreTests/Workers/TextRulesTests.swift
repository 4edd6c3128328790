import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `TextRules`: the rules every field a clerk types shares — the order form (`OrderValidationWorker`),
/// free text (notes and cancellation reasons, `FreeTextRule`), display names
/// (`AccountsWorker.displayNameProblem`) — and the card rule the logs' redaction calls too. Each
/// form's own tests hold its rules in detail (`OrderValidationWorkerTests`, `OrderNotesWorkerTests`);
/// these hold the card rule, and every field to its answer (issue 25).
final class TextRulesTests: XCTestCase {
    func testALengthIsBoundedInCharactersAndInBytes() {
        XCTAssertFalse(TextRules.isTooLong(String(repeating: "a", count: 100), maximum: 100))
        XCTAssertTrue(TextRules.isTooLong(String(repeating: "a", count: 101), maximum: 100))
        XCTAssertFalse(TextRules.isTooLong(String(repeating: "𝔸", count: 100), maximum: 100), "400 bytes, 100 characters")
        let oneCharacterOf401Bytes = "Z" + String(repeating: "\u{301}", count: 200)
        XCTAssertEqual(oneCharacterOf401Bytes.count, 1)
        XCTAssertTrue(TextRules.isTooLong(oneCharacterOf401Bytes, maximum: 100))
    }

    // MARK: The card rule

    /// Attack (issue 25, item 7): `4111+1111+1111+1111`, and every other separator, as many as wanted.
    func testACardNumberIsFoundWhateverSeparatesItsGroups() {
        let separators = [
            "", " ", "+", "|", "=", "~", "^", "$", "‹", "°", "-", ".", "/", ",", "_", "*", "#", ":", "(", "§", "→", "💳",
            "    ", " - ", "++++", "|=~^", "\n", "\r\n", "\t", "\u{A0}", "\u{3000}", "\u{200B}", "\u{2060}", "\u{301}",
        ]
        for separator in separators {
            let text = "Card 4111\(separator)1111\(separator)1111\(separator)1111 declined"
            XCTAssertTrue(TextRules.containsCardNumber(text), text.debugDescription)
        }
    }

    /// Attack: digits written in another form, which NFKC reads as 0–9 (or which are decimal digits of
    /// another script).
    func testACardNumberIsFoundHoweverItsDigitsAreWritten() {
        for text in [
            "⁴¹¹¹ ¹¹¹¹ ¹¹¹¹ ¹¹¹¹", "₄₁₁₁₁₁₁₁₁₁₁₁₁₁₁₁", "④①①①①①①①①①①①①①①①", "⑷⑴⑴⑴⑴⑴⑴⑴⑴⑴⑴⑴⑴⑴⑴⑴", "⒋⒈⒈⒈⒈⒈⒈⒈⒈⒈⒈⒈⒈⒈⒈⒈",
            "４１１１ １１１１ １１１１ １１１１", "𝟒𝟏𝟏𝟏 𝟏𝟏𝟏𝟏 𝟏𝟏𝟏𝟏 𝟏𝟏𝟏𝟏", "٤١١١ ١١١١ ١١١١ ١١١١", "४१११ " + String(repeating: "१", count: 12), "4111 ①①①① ¹¹¹¹ １１１１",
            "4111%201111%201111%201111", "%EF%BC%94111 1111 1111 1111", "%34%31%31%31%31%31%31%31%31%31%31%31%31%31%31%31",
            // Circled digits NFKC leaves as they are (found by an attack on the running app).
            "❹❶❶❶❶❶❶❶❶❶❶❶❶❶❶❶", "➃➀➀➀➀➀➀➀➀➀➀➀➀➀➀➀", "➍➊➊➊➊➊➊➊➊➊➊➊➊➊➊➊", "⓸⓵⓵⓵⓵⓵⓵⓵⓵⓵⓵⓵⓵⓵⓵⓵",
        ] {
            XCTAssertTrue(TextRules.containsCardNumber(text), text)
        }
    }

    /// A card number is 13 to 19 digits with a brand's prefix and length, passing the Luhn check.
    func testEachBrandsNumbersAreCardNumbers() {
        let cards = [
            "4222222222222", "4111111111111111", "4111111111111111110",  // Visa: 13, 16, 19
            "5555555555554444", "2223003122003222",  // Mastercard
            "378282246310005", "371449635398431",  // American Express
            "6011111111111117", "6200000000000005", "3530111333300000", "30569309025904", "6759649826438453",  // Discover, UnionPay, JCB, Diners, Maestro
        ]
        for card in cards {
            XCTAssertTrue(TextRules.containsCardNumber(card), card)
            XCTAssertEqual(TextRules.cardNumbers(in: card).map(\.lastFour), [String(card.suffix(4))], card)
        }
        let notCards = [
            "4111111111111112",  // fails the Luhn check
            "411111111111116",  // Luhn-valid, but 15 digits: no Visa has 15
            "3782822463100052",  // Luhn-valid, but 16 digits: no American Express has 16
            "1234567890123452", "9999999999999995",  // Luhn-valid, no brand's prefix
            "411111111111",  // 12 digits
            "41111111111111111111",  // 20 digits, of which the first 16 are a card: one number, too long
        ]
        for number in notCards {
            XCTAssertFalse(TextRules.containsCardNumber(number), number)
        }
    }

    /// What the rule must not refuse: the numbers an order, a note or a reason ordinarily holds.
    func testOrdinaryNumbersAreNotCardNumbers() {
        for text in [
            "Order 1042", "ZIP 94103-1234", "+1 (415) 555-0100", "415.555.0100", "+441632960001", "123456789012345",
            "Parcel 00340434161234567895", "Parcel 0034 0434 1612 3456 7895", "USPS 9400 1000 0000 0000 0000 00",
            "INV-2026-000123456", "Ref 2026/000123456", "2026-11-25", "25/11/2026 14:05", "Tracking 1Z999AA10123456784",
            "Unit 12, Block 345, 6789 Long Road", "12345 Long Road 67890", "Card ending 1111", "Order 1042, call 555-0100",
            "4111-1111-1111", "card 123456789012", "Paid 2 × 19.99 on 25/11/2026, order 1042, ZIP 94103",
            "50%OFF", "100%", "%", "%4", "%ZZ",
        ] {
            XCTAssertFalse(TextRules.containsCardNumber(text), text)
        }
    }

    /// Digits typed before a card, as a group of their own, do not hide it.
    func testACardAfterAnotherNumberIsStillFound() {
        XCTAssertTrue(TextRules.containsCardNumber("Ref 7 4111 1111 1111 1111"))
        XCTAssertTrue(TextRules.containsCardNumber("1042 4111111111111111"))
        XCTAssertTrue(TextRules.containsCardNumber("4111 1111 1111 1111 1042"))
    }

    func testRedactionKeepsOnlyEachCardsLastFourAndTheTextAroundIt() {
        XCTAssertEqual(TextRules.redactingCardNumbers("user 4111+1111+1111+1111 tried"), "user [card …1111] tried")
        XCTAssertEqual(
            TextRules.redactingCardNumbers("q=4111%201111%201111%201111&page=2"), "q=[card …1111]&page=2")
        XCTAssertEqual(
            TextRules.redactingCardNumbers("Ref 7: 4111 1111 1111 1111, then ３７８２ ８２２４６３ １０００５."),
            "Ref 7: [card …1111], then [card …0005].")
        XCTAssertEqual(TextRules.redactingCardNumbers("4\u{301}111111111111111\u{301}!"), "[card …1111]\u{301}!", "A scalar's marks after it stay")
        for text in ["Order 1042", "INV-2026-000123456", "", "José"] {
            XCTAssertEqual(TextRules.redactingCardNumbers(text), text)
        }
    }

    // MARK: Every field, one rule

    /// Attack: a card number in a note, a cancellation reason, a name or address on the order form,
    /// a phone number, a display name. Each refuses exactly what the card rule finds.
    func testEveryFieldRefusesWhatTheCardRuleFinds() {
        let form = OrderValidationWorker(now: { Seeds.june29 }, timeZone: TimeZone(identifier: "UTC")!)
        let notes = OrderNotesWorker(notesStore: OrderNotesWorkerTests.OrderNotesStoreSpy(), logger: TestStores.silentLogger)
        let texts = [
            "4111111111111111", "Amy 4111+1111+1111+1111", "4111|1111|1111|1111", "4111 = 1111 = 1111 = 1111", "4111~1111^1111$1111",
            "4111‹1111°1111‹1111", "4111    1111    1111    1111", "⁴¹¹¹¹¹¹¹¹¹¹¹¹¹¹¹", "④①①①①①①①①①①①①①①①", "３７８２ ８２２４６３ １０００５",
            "12345 Long Road 67890", "Unit 12, Block 345, 6789 Long Road", "4111-1111-1111", "card 123456789012", "INV-2026-000123456",
        ]
        for text in texts {
            let isCard = TextRules.containsCardNumber(text)
            for field in [CreateOrder.Field.firstName, .lastName, .shipmentAddressStreet2, .shipmentAddressCity] {
                var fields = Seeds.validFormFields
                fields[field] = text
                XCTAssertEqual(refusesACardNumber(form.validate(fields, card: .required)), isCard, "\(field): \(text)")
            }
            XCTAssertEqual(notes.check(text) == .invalid(.looksLikeCardNumber), isCard, text)
            XCTAssertEqual(FreeTextRule.check(text, maximumLength: 500) == .invalid(.looksLikeCardNumber), isCard, "A reason: \(text)")
            XCTAssertEqual(AccountsWorker.displayNameProblem(text) == "A display name cannot hold a card number", isCard, text)
        }
        XCTAssertEqual(texts.filter(TextRules.containsCardNumber).count, 10)
    }

    /// Attack: a 15-digit American Express number typed as a phone number (at most 15 digits).
    func testThePhoneFieldRefusesACardNumber() {
        let form = OrderValidationWorker(now: { Seeds.june29 }, timeZone: TimeZone(identifier: "UTC")!)
        for phone in ["378282246310005", "+37 8282 2463 10005", "(3782) 822463-10005", "4222222222222"] {
            var fields = Seeds.validFormFields
            fields[.phone] = phone
            XCTAssertTrue(refusesACardNumber(form.validate(fields, card: .required)), phone)
        }
        for phone in ["123456789012345", "+1 (415) 555-0100", "+441632960001"] {
            var fields = Seeds.validFormFields
            fields[.phone] = phone
            guard case .valid = form.validate(fields, card: .required) else { return XCTFail(phone) }
        }
    }

    /// Attack: bidi overrides, zero-width characters, tags in any field a clerk types.
    func testEveryFreeTextFieldRefusesInvisibleCharacters() {
        let notes = OrderNotesWorker(notesStore: OrderNotesWorkerTests.OrderNotesStoreSpy(), logger: TestStores.silentLogger)
        for text in ["Bob \u{202E}ecilA", "A\u{200B}my", "\u{FEFF}Amy", "Amy\u{2066}x\u{2069}", "Amy\u{E0041}\u{E007F}", "Am\u{AD}y", "Amy\u{200F}"] {
            XCTAssertTrue(TextRules.containsInvisibleCharacters(text), text.debugDescription)
            XCTAssertEqual(notes.check(text), .invalid(.invisibleCharacters), text.debugDescription)
            XCTAssertEqual(FreeTextRule.check(text, maximumLength: 500), .invalid(.invisibleCharacters), text.debugDescription)
            XCTAssertEqual(
                AccountsWorker.displayNameProblem(text), "A display name cannot hold hidden formatting characters, such as text direction marks",
                text.debugDescription)
        }
        // A joiner where a script or an emoji needs it stays; anywhere else it is refused.
        for text in ["Amy Apple", "Zoë", "李", "O'Brien-Smith", "Call back\nlater", "👩‍👩‍👧 family", "👁️‍🗨️", "می‌خواهم", "क्‍ष"] {
            XCTAssertFalse(TextRules.containsInvisibleCharacters(text), text)
        }
        for text in ["A\u{200D}my", "A\u{200C}my", "\u{200D}Amy", "Amy\u{200C}", "👩\u{200D}", "4111\u{200D}1111", "می\u{200C}\u{202E}خواهم"] {
            XCTAssertTrue(TextRules.containsInvisibleCharacters(text), text.debugDescription)
        }
        XCTAssertNil(AccountsWorker.displayNameProblem("Amy Apple"))
        XCTAssertEqual(AccountsWorker.displayNameProblem("Amy\u{200B} 4111 1111 1111 1111"), "A display name cannot hold a card number", "The card first, as the order form")
    }

    private func refusesACardNumber(_ outcome: OrderValidationWorker.Outcome) -> Bool {
        guard case .invalid(let errors) = outcome else { return false }
        return errors.contains { $0.problem == .looksLikeCardNumber }
    }
}
