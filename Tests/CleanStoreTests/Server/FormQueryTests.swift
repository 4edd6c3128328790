import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A GET form's query, read as a browser sends it; its decoding is the posted forms' one
/// (`FormDecoding.percentDecoded`).
final class FormQueryTests: XCTestCase {
    func testPlusIsASpaceAndPercentEscapesAreBytes() {
        let query = FormQuery("q=jos%C3%A9+nunez&status=new")
        XCTAssertEqual(query["q"], "josé nunez")
        XCTAssertEqual(query["status"], "new")
        XCTAssertNil(query["sort"])
    }

    func testTheFirstValueOfANameCountsAndANameAloneIsEmpty() {
        let query = FormQuery("q=first&q=second&from")
        XCTAssertEqual(query["q"], "first")
        XCTAssertEqual(query["from"], "")
    }

    func testAMalformedEscapeOrBytesThatAreNoUTF8AreLeftAsTheyCame() {
        XCTAssertEqual(FormQuery("q=100%25+sure")["q"], "100% sure")
        XCTAssertEqual(FormQuery("q=100%+sure")["q"], "100% sure")
        XCTAssertEqual(FormQuery("q=%zz")["q"], "%zz")
        XCTAssertEqual(FormQuery("q=caf%A9")["q"], "caf%A9")
    }

    func testNoQueryHasNoValues() {
        XCTAssertNil(FormQuery(nil)["q"])
        XCTAssertNil(FormQuery("")["q"])
    }
}
