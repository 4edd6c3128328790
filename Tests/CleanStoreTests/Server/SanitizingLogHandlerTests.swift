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

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }
}
