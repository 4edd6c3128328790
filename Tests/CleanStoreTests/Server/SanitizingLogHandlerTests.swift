import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SanitizingLogHandlerTests: XCTestCase {
    /// A log line typed into a username, with a terminal escape that clears the screen.
    let forged = "amy\n2026-11-25T09:00:00+0000 info cleanstore: Signed in username=boss\u{1B}[2J\r\u{0}\u{85}\u{2028}\u{2029}"

    func testControlCharactersAndSeparatorsAreWrittenAsTheirEscapes() {
        XCTAssertEqual(
            LogText.safe(forged),
            #"amy\n2026-11-25T09:00:00+0000 info cleanstore: Signed in username=boss\u{1B}[2J\r\u{0}\u{85}\u{2028}\u{2029}"#)
        XCTAssertEqual(LogText.safe("tab\there"), #"tab\there"#)
    }

    func testOrdinaryTextIsKeptAsItIs() {
        for text in ["", "amy", "José Núñez", "/orders?q=jos%C3%A9", "日本語", "👩🏽‍💻 \\n as typed"] {
            XCTAssertEqual(LogText.safe(text), text)
        }
    }

    func testEveryMessageKeyValueAndErrorIsMadeSafe() {
        // Given
        let capture = LogCapture()
        var logger = Logger(label: "t") { _ in SanitizingLogHandler(capture.logger().handler) }
        logger[metadataKey: "account"] = "sam\nx"

        // When
        logger.notice(
            "Sign-in failed for \(forged)", error: Problem(description: "bad\nline"),
            metadata: ["username": "\(forged)", "key\n": .array(["a\u{1B}"]), "nested": .dictionary(["n": "\u{2028}"])])

        // Then: one line, no control character or separator in it
        let text = capture.text
        XCTAssertFalse(text.unicodeScalars.contains(where: LogText.needsEscape), text)
        XCTAssert(text.contains(#"Sign-in failed for amy\n2026-11-25T09:00:00"#), text)
        XCTAssert(text.contains(#"sam\nx"#), text)
        XCTAssert(text.contains(#"key\n"#), text)
        XCTAssert(text.contains(#"["a\\u{1B}"]"#), "The array as the handler prints one: \(text)")
        XCTAssert(text.contains(#"bad\nline"#), text)
    }

    func testJSONLinesAreOneObjectEachWithTheEscapesInTheValues() throws {
        // Given
        let capture = LogCapture()
        let logger = Logger(label: "t") { _ in SanitizingLogHandler(capture.jsonLogger().handler) }

        // When
        logger.notice("Sign-in failed", metadata: ["username": "\(forged)"])

        // Then
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(capture.text.utf8)) as? [String: Any])
        XCTAssertEqual(object["username"] as? String, LogText.safe(forged))
        XCTAssertFalse(capture.text.contains("\u{2028}"))
    }

    // MARK: Card numbers (issue 25)

    /// Attack: a card number typed as a username, or searched for, would be logged whole.
    func testACardNumberIsLoggedAsItsLastFourOnly() {
        for (text, expected) in [
            ("4111111111111111", "[card …1111]"),
            ("4111+1111+1111+1111", "[card …1111]"),
            ("amy 4111 1111 1111 1111", "amy [card …1111]"),
            ("?q=4111%201111%201111%201111&status=new", "?q=[card …1111]&status=new"),
            ("?q=%EF%BC%94%EF%BC%91%EF%BC%91%EF%BC%91 1111 1111 1111", "?q=[card …1111]"),
            ("４１１１ １１１１ １１１１ １１１１", "[card …1111]"),
            ("4111\n1111\n1111\n1111\nboss", #"[card …1111]\nboss"#),
            ("378282246310005 and 5555555555554444", "[card …0005] and [card …4444]"),
        ] {
            XCTAssertEqual(LogText.safe(text), expected, text)
        }
    }

    /// What must be logged as it is: ids, references, times, phone numbers.
    func testOrdinaryNumbersAreLoggedAsTheyAre() {
        for text in [
            "/orders/1042", "INV-2026-000123456", "1764080000000", "12345678901234567890", "+1 (415) 555-0100", "duration_ms=12.345",
            "?q=1042&page=2", "4111-1111-1111", "100%",
        ] {
            XCTAssertEqual(LogText.safe(text), text)
        }
    }

    func testEveryMessageKeyValueAndErrorHasItsCardNumbersRedacted() throws {
        // Given
        let capture = LogCapture()
        let logger = Logger(label: "t") { _ in SanitizingLogHandler(capture.logger().handler) }

        // When
        logger.notice(
            "Sign-in failed for 4111 1111 1111 1111", error: Problem(description: "no account 5555555555554444"),
            metadata: [
                "username": "4111|1111|1111|1111", "number": .stringConvertible(4_111_111_111_111_111), "list": .array(["378282246310005"]),
            ])

        // Then
        let text = capture.text
        for whole in ["4111 1111 1111 1111", "5555555555554444", "4111|1111|1111|1111", "4111111111111111", "378282246310005"] {
            XCTAssertFalse(text.contains(whole), "\(whole) in \(text)")
        }
        XCTAssert(text.contains("Sign-in failed for [card …1111]"), text)
        XCTAssert(text.contains("no account [card …4444]"), text)
        XCTAssert(text.contains("[card …0005]"), text)
    }

    /// A search for a card number, exported: the export's log line names its query percent-encoded.
    func testAnExportedSearchForACardNumberIsLoggedRedacted() async throws {
        // Given
        let capture = LogCapture()
        let logger = Logger(label: "t") { _ in SanitizingLogHandler(capture.logger().handler) }
        let sut = ExportOrdersWorker(ordersStore: OrdersMemStore(orders: []), logger: logger)

        // When
        _ = try await sut.export(.all, parameters: [("q", "4111 1111 1111 1111")], by: nil)

        // Then
        let text = capture.text
        XCTAssert(text.contains("Orders export started"), text)
        XCTAssert(text.contains("query=?q=[card …1111]"), text)
        XCTAssertFalse(text.contains("4111%201111"), text)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    func testACardGluedToOtherDigitsIsMaskedInALogLine() {
        // Stricter than a field: a long run that holds a card anywhere is masked whole, even a
        // parcel number a note may keep (`00340434161234567895` holds a stretch that passes as a card).
        XCTAssertEqual(LogText.safe("00340434161234567895"), "[card …7895]")
        XCTAssertEqual(LogText.safe("q=24111111111111111"), "q=[card …1111]")
        XCTAssertEqual(LogText.safe("?q=%25344111111111111111"), "?q=%[card …1111]")
        XCTAssertEqual(LogText.safe("parcel 12345678901234567890"), "parcel 12345678901234567890", "No card in it")
        XCTAssertEqual(LogText.safe("duration_ms=12.345"), "duration_ms=12.345")
    }
}
