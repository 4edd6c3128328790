// Importing Foundation beside HTMLCheck (and so libxml2) proves the shim's
// `#undef LIBXML_ICU_ENABLED` keeps "'UErrorCode' has different definitions" away.
import Foundation
import HTMLCheck
import XCTest

final class HTMLCheckTests: XCTestCase {
    // MARK: - Helpers

    /// A minimal well-formed page around `body`; includes one <h1> unless `h1` is false.
    private func page(_ body: String, h1: Bool = true) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <title>Test</title>
        </head>
        <body>
        \(h1 ? "<h1>Test page</h1>" : "")
        \(body)
        </body>
        </html>
        """
    }

    private func assertSingleFinding(
        _ html: String, containing fragments: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let findings = HTMLCheck.findings(in: html)
        XCTAssertEqual(findings.count, 1, "findings: \(findings)", file: file, line: line)
        for fragment in fragments {
            XCTAssertTrue(
                findings.first?.contains(fragment) ?? false,
                "expected a finding containing \(fragment.debugDescription), got \(findings)",
                file: file, line: line)
        }
    }

    // MARK: - Good page

    static let goodPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Book a clean – CleanStore</title>
        <link rel="stylesheet" href="/css/site.css" />
        </head>
        <body>
        <a class="skip-link" href="#main">Skip to main content</a>
        <header><nav aria-label="Main"><a href="/">Home</a> <a href="#">Menu</a></nav></header>
        <main id="main">
        <h1>Book a clean</h1>
        <div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
          <h2 id="error-summary-title">There is a problem</h2>
          <ul>
            <li><a href="#email">Enter an email address</a></li>
            <li><a href="#service">Choose a service</a></li>
          </ul>
        </div>
        <form method="post" action="/bookings" novalidate="novalidate">
          <input type="hidden" name="csrf" value="a&amp;b&lt;c&gt;&quot;d&apos;" />
          <div class="field field--error">
            <label for="email">Email address</label>
            <p id="email-hint" class="hint">We only use this to confirm your booking.</p>
            <p id="email-error" class="error">Enter an email address</p>
            <input type="email" id="email" name="email" autocomplete="email"
                   aria-describedby="email-hint  email-error" aria-invalid="true" />
          </div>
          <div class="field">
            <label for="service">Service</label>
            <select id="service" name="service" aria-describedby="service-hint">
              <option value="">Choose a service</option>
              <option value="standard">Standard clean</option>
              <option value="deep" selected="selected">Deep clean</option>
            </select>
            <p id="service-hint" class="hint">Deep cleans take about four hours.</p>
          </div>
          <div class="field">
            <label for="notes">Anything we should know?</label>
            <textarea id="notes" name="notes" rows="4"></textarea>
          </div>
          <fieldset>
            <legend>Extras</legend>
            <label><input type="checkbox" name="extras" value="oven" checked="checked" /> Oven</label>
            <label><input type="checkbox" name="extras" value="windows" /> Windows</label>
          </fieldset>
          <input type="submit" value="Book" />
          <button type="submit">Book now</button>
        </form>
        </main>
        <footer><p>&#169; 2025 CleanStore &#x2014; caf\u{E9}</p></footer>
        <script src="/js/app.js"></script>
        </body>
        </html>
        """

    func testGoodPageHasNoFindings() {
        XCTAssertEqual(HTMLCheck.findings(in: Self.goodPage), [])
    }

    func testGoodPageIsStableAcrossRepeatedAndConcurrentRuns() {
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            XCTAssertEqual(HTMLCheck.findings(in: Self.goodPage), [])
        }
    }

    // MARK: - 1. Well-formedness

    func testUnclosedDivIsReported() {
        let html = page("<div class=\"box\"><p>Hello</p>")
        assertSingleFinding(html, containing: ["Not well-formed", "line ", "column ", "mismatch"])
    }

    func testNamedEntityIsReported() {
        assertSingleFinding(page("<p>Hello&nbsp;world</p>"), containing: ["Not well-formed", "nbsp"])
    }

    func testUnquotedAttributeAndVoidElementAreReported() {
        assertSingleFinding(page("<p class=intro>Hi</p>"), containing: ["Not well-formed"])
        assertSingleFinding(page("<label for=\"q\">Q</label><input id=\"q\" name=\"q\">"),
                            containing: ["Not well-formed"])
    }

    func testBrokenPageStopsBeforeStructuralChecks() {
        // No h1 and a dangling label too, but only the parse error is reported.
        let html = page("<label for=\"nope\">X</label><div>", h1: false)
        assertSingleFinding(html, containing: ["Not well-formed"])
    }

    func testErrorLineNumberIsReported() {
        let html = "<!DOCTYPE html>\n<html>\n<body>\n<p>one &nbsp; two</p>\n</body>\n</html>"
        assertSingleFinding(html, containing: ["line 4"])
    }

    func testEmptyInputIsReported() {
        assertSingleFinding("", containing: ["Not well-formed"])
    }

    // MARK: - 2. Unique ids

    func testDuplicateIdIsReported() {
        let html = page("<p id=\"intro\">One</p><section><p id=\"intro\">Two</p></section>")
        assertSingleFinding(html, containing: ["Duplicate id", "\"intro\"", "2"])
    }

    // MARK: - 3. label[@for] targets

    func testLabelForMissingIdIsReported() {
        let html = page("<label for=\"ghost\">Ghost</label><label>Real <input name=\"real\" /></label>")
        assertSingleFinding(html, containing: ["label for=\"ghost\"", "no element"])
    }

    func testLabelForNonControlIsReported() {
        let html = page("<label for=\"box\">Box</label><div id=\"box\">Not a control</div>")
        assertSingleFinding(html, containing: ["label for=\"box\"", "<div>"])
    }

    func testLabelForValueWithQuoteDoesNotBreakChecks() {
        let html = page("<label for=\"a&quot;b'c\">Odd</label><input id=\"a&quot;b'c\" name=\"odd\" />")
        XCTAssertEqual(HTMLCheck.findings(in: html), [])
    }

    // MARK: - 4. Controls have labels

    func testUnlabelledInputIsReported() {
        let html = page("<input type=\"text\" name=\"postcode\" id=\"postcode\" />")
        assertSingleFinding(html, containing: ["name=\"postcode\"", "no label"])
    }

    func testUnlabelledInputWithoutTypeIsReportedByID() {
        let html = page("<input id=\"town\" />")
        assertSingleFinding(html, containing: ["id=\"town\"", "no label"])
    }

    func testUnlabelledSelectAndTextareaAreReported() {
        let html = page("""
            <select name="size"><option value="s">S</option></select>
            <textarea id="comments"></textarea>
            """)
        let findings = HTMLCheck.findings(in: html)
        XCTAssertEqual(findings.count, 2, "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("<select") && $0.contains("name=\"size\"") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("<textarea") && $0.contains("id=\"comments\"") }, "\(findings)")
    }

    func testButtonsAndHiddenInputsNeedNoLabel() {
        let html = page("""
            <form method="post" action="/x">
              <input type="hidden" name="csrf" value="t" />
              <input type="HIDDEN" name="other" value="t" />
              <input type="submit" value="Go" />
              <input type="button" value="Press" />
              <input type="reset" value="Reset" />
              <input type="image" src="/go.png" alt="Go" />
            </form>
            """)
        XCTAssertEqual(HTMLCheck.findings(in: html), [])
    }

    func testLabelForAnotherControlDoesNotLabelThisOne() {
        let html = page("""
            <label for="a">A</label><input id="a" name="a" />
            <input id="b" name="b" />
            """)
        assertSingleFinding(html, containing: ["name=\"b\""])
    }

    // MARK: - 5. aria-describedby

    func testMissingAriaDescribedbyTargetIsReported() {
        let html = page("""
            <p id="hint">Hint</p>
            <label for="q">Q</label>
            <input id="q" name="q" aria-describedby="hint q-error" />
            """)
        assertSingleFinding(html, containing: ["aria-describedby", "\"q-error\"", "name=\"q\""])
    }

    // MARK: - 6. In-page links

    func testBrokenFragmentLinkIsReported() {
        let html = page("<a href=\"#\">Top</a> <a href=\"#nowhere\">Go</a> <a href=\"/page#x\">Elsewhere</a>")
        assertSingleFinding(html, containing: ["href=\"#nowhere\""])
    }

    // MARK: - 7. Exactly one h1

    func testMissingH1IsReported() {
        assertSingleFinding(page("<p>No heading</p>", h1: false), containing: ["<h1>", "found 0"])
    }

    func testTwoH1sAreReported() {
        assertSingleFinding(page("<h1>Second</h1>"), containing: ["<h1>", "found 2"])
    }

    // MARK: - 8. Forms

    func testFormWithoutMethodIsReported() {
        assertSingleFinding(page("<form action=\"/search\"></form>"), containing: ["Form #1", "no method"])
    }

    func testFormWithEmptyActionIsReported() {
        let html = page("<form id=\"f\" method=\"get\" action=\" \"></form>")
        assertSingleFinding(html, containing: ["Form #1", "id=\"f\"", "no action"])
    }

    func testFormWithNeitherIsReportedTwice() {
        let findings = HTMLCheck.findings(in: page("<form method=\"post\" action=\"/ok\"></form><form></form>"))
        XCTAssertEqual(findings.count, 2, "\(findings)")
        XCTAssertTrue(findings.allSatisfy { $0.hasPrefix("Form #2") }, "\(findings)")
    }

    // MARK: - Namespaces

    func testXmlnsOnHtmlIsReported() {
        // With a default namespace the unprefixed XPath would match nothing and silently pass.
        let html = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body></body></html>
            """
        assertSingleFinding(html, containing: ["namespace", "xmlns"])
    }

    func testUndeclaredPrefixIsReported() {
        assertSingleFinding(page("<svg><use xlink:href=\"#icon\" /></svg>"), containing: ["Not well-formed", "xlink"])
    }
}
