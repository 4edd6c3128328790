import HTMLCheck
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `{{ }}` in every template escapes through `HTMLEscaping`.
final class HTMLEscapingTests: XCTestCase {
    func testTheFiveCharactersBecomeTheirEntitiesAndNothingElseChanges() {
        XCTAssertEqual(HTMLEscaping.escape(#"<a href="x">Tom & Jerry's</a>"#), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        XCTAssertEqual(HTMLEscaping.escape("Zoë O’Brien • 李 \u{202E} 1111"), "Zoë O’Brien • 李 \u{202E} 1111")
        XCTAssertEqual(HTMLEscaping.escape(""), "")
        XCTAssertEqual(HTMLEscaping.escape("&amp;"), "&amp;amp;", "Text is text: an entity typed is shown as typed")
    }

    func testAQuoteFollowedByACombiningMarkIsStillEscaped() {
        // As one `Character`, `"` + U+0301 is not `"`: a comparison by Character would let it
        // close an attribute.
        XCTAssertEqual(HTMLEscaping.escape("\"\u{301} autofocus onfocus=alert(1) x=\"\u{301}"), "&quot;\u{301} autofocus onfocus=alert(1) x=&quot;\u{301}")
        XCTAssertEqual(HTMLEscaping.escape("<\u{338}script>"), "&lt;\u{338}script&gt;")
    }

    func testEveryPageTemplateChoosesThisEscaping() throws {
        for name in PageRenderer.requiredTemplates {
            let path = Repository.views + "/" + name + ".mustache"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssert(text.hasPrefix("{{% CONTENT_TYPE: HTML}}\n"), "\(name).mustache starts with the content type")
        }
    }

    func testATypedQuoteWithACombiningMarkCannotLeaveItsAttribute() async throws {
        let app = try await TestApp()
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.lastName = "\"\u{301} autofocus onfocus=alert(1) x=\"\u{301}"
            fields.email = ""  // so that the form comes back (the old form's, as its draft's page), with the name in its value attribute
            let response = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssertFalse(html.contains("\"\u{301} autofocus"), "The quote is escaped")
            XCTAssert(html.contains("value=\"&quot;\u{301} autofocus onfocus=alert(1) x=&quot;\u{301}\""))
            XCTAssertEqual(HTMLCheck.findings(in: html), [])
        }
    }
}
