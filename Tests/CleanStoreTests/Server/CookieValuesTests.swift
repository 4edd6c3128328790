import HTTPTypes
import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `Request.cookieValue(named:)` reads a cookie over the `Cookie` headers' bytes: it must answer
/// exactly what Hummingbird's `request.cookies[name]?.value` answers, which it replaces.
final class CookieValuesTests: XCTestCase {
    func request(_ headers: [String]) -> Request {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/orders")
        for header in headers { head.headerFields.append(HTTPField(name: .cookie, value: header)) }
        return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
    }

    func assertSameAsHummingbird(_ headers: [String], _ names: [String], file: StaticString = #filePath, line: UInt = #line) {
        let request = request(headers)
        for name in names {
            XCTAssertEqual(request.cookieValue(named: name), request.cookies[name]?.value, "\(headers) \(name)", file: file, line: line)
        }
    }

    static let names = ["cleanstore_csrf", "__Host-cleanstore_csrf", "cleanstore_session", "a", "b", "flash", "", " a", "a "]

    func testTheCookiesBrowsersSendAreFound() {
        let request = request(["cleanstore_csrf=abc.def; cleanstore_session=s1", "flash=x.y"])
        XCTAssertEqual(request.cookieValue(named: "cleanstore_csrf"), "abc.def")
        XCTAssertEqual(request.cookieValue(named: "cleanstore_session"), "s1")
        XCTAssertEqual(request.cookieValue(named: "flash"), "x.y")
        XCTAssertNil(request.cookieValue(named: "cleanstore"))
        XCTAssertNil(self.request([]).cookieValue(named: "flash"))
    }

    func testEveryOddShapeIsReadAsHummingbirdReadsIt() {
        let headers: [[String]] = [
            ["a=1"], ["a=1;b=2"], ["a=1; b=2;"], [";;a=1;;b=2"], ["  \t a=1"], ["a = 1"], ["a =1"], ["a"], ["a="], ["a=;a=2"],
            ["a==1"], ["a=1=2"], ["=1; a=2"], ["a=1", "a=2"], ["b=1", "a=2"], ["a=", "a=2"], ["", "a=3"], ["a=\"q\"; b"],
            ["\r\na=1"], ["\u{0B}\u{0C}a=1"], ["a=1; a=2"], ["b=é; a=1"], ["a=é"], ["\u{A0}a=1"], ["b=1", "\u{A0}a=1; a=2"],
            ["x=1", "é=2; a=3"], ["a=1\u{301}"], ["a;b=2;a=3"], ["flash=x.y; cleanstore_csrf=abc; cleanstore_session=s"],
        ]
        for header in headers {
            assertSameAsHummingbird(header, Self.names)
        }
    }

    func testRandomHeadersAreReadAsHummingbirdReadsThem() {
        var generator = FormFuzzTests.SeededGenerator(state: 31)
        let alphabet: [Character] = Array("ab=; \t_\"") + ["é", "\u{A0}", "\r\n", "\u{301}"]
        for _ in 0..<3_000 {
            let headers = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            assertSameAsHummingbird(headers, ["a", "b", "ab", "a b", "é"])
        }
    }
}
