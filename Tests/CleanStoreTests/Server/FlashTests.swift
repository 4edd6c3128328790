import Foundation
import Hummingbird
import XCTest

@testable import CleanStore

/// The flash as the route table reads it from a request (`Flash.message(in:)`).
final class FlashTests: XCTestCase {
    let sut = Flash(security: testSecurity, browserID: testBrowserID)

    func testTheFlashIsReadFromTheRedirectsCookie() {
        // Given
        let request = makeRequest(path: "/orders", cookie: "other=1; " + flashCookie("Order 12 was created."))

        // When
        let flash = sut.message(in: request)

        // Then
        XCTAssertEqual(flash, "Order 12 was created.")
    }

    func testAForgedOrForeignFlashIsIgnored() {
        // Given
        let genuine = sut.cookieValue(for: "Order 1 was created.")
        let forged = RequestSecurity.base64URL(Data("Your card was declined, call 555".utf8)) + "." + genuine.split(separator: ".", maxSplits: 1)[1]
        let foreign = Flash(security: RequestSecurity(secret: "another secret, also 32 bytes long", now: { Seeds.june29 }), browserID: testBrowserID)
            .cookieValue(for: "Order 1 was created.")
        let unsigned = RequestSecurity.base64URL(Data("Order 1 was created.".utf8))

        for value in [forged, foreign, unsigned, "Order%201%20was%20created", "a.b", ".", "a.b.c"] {
            // When
            let flash = sut.message(in: makeRequest(path: "/orders", cookie: "\(Flash.cookieName)=\(value)"))

            // Then
            XCTAssertNil(flash, value)
        }
    }

    func testThereIsNoFlashWithoutACookie() {
        XCTAssertNil(sut.message(in: makeRequest(path: "/orders")))
        XCTAssertNil(sut.message(in: makeRequest(path: "/orders", cookie: "\(Flash.cookieName)=")))
    }

    func testAFlashShowsOnlyInTheBrowserItWasMeantFor() {
        // Given: a flash passed to the test browser
        let request = makeRequest(path: "/orders", cookie: flashCookie("Order 12 was created."))

        // When: another browser (or none) sends that cookie
        let elsewhere = Flash(security: testSecurity, browserID: "another-browser-0123456789").message(in: request)
        let nowhere = Flash(security: testSecurity, browserID: "").message(in: request)

        // Then
        XCTAssertNil(elsewhere)
        XCTAssertNil(nowhere)
    }

    func testAFlashExpiresAfterTenMinutes() {
        // Given: a flash passed at 06:00
        let request = makeRequest(path: "/orders", cookie: flashCookie("Order 12 was created."))
        func reader(at seconds: TimeInterval) -> Flash {
            Flash(
                security: RequestSecurity(
                    secret: "test-secret-of-the-tests-32-bytes", now: { Seeds.june29.addingTimeInterval(seconds) }),
                browserID: testBrowserID)
        }

        // When / Then
        XCTAssertEqual(reader(at: 9 * 60).message(in: request), "Order 12 was created.", "Read within 10 minutes")
        XCTAssertNil(reader(at: 10 * 60 + 1).message(in: request), "Gone after 10 minutes")
    }
}
