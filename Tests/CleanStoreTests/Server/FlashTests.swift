import Foundation
import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

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
        let forged = Base64URL.encoded("Your card was declined, call 555".utf8) + "." + genuine.split(separator: ".", maxSplits: 1)[1]
        let foreign = Flash(security: RequestSecurity(secret: "another secret, also 32 bytes long", now: { Seeds.june29 }), browserID: testBrowserID)
            .cookieValue(for: "Order 1 was created.")
        let unsigned = Base64URL.encoded("Order 1 was created.".utf8)

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

    // MARK: A new order's confirmation

    func testAConfirmationArrivesAsSentWithOrWithoutItsNote() {
        for confirmation in [
            Flash.Confirmation(orderID: "1042"),
            Flash.Confirmation(orderID: "7", note: "This form was sent more than once: order 7 — “Amy’s” <b>; 100% ~ . ="),
        ] {
            // Given
            let request = makeRequest(path: "/orders/\(confirmation.orderID)", cookie: "other=1; " + confirmationCookie(confirmation))

            // When / Then
            XCTAssertEqual(sut.confirmation(in: request), confirmation)
            XCTAssertNil(sut.message(in: request), "A confirmation is no banner message: its page shows a panel")
        }
    }

    func testAMessageIsNoConfirmation() {
        XCTAssertNil(sut.confirmation(in: makeRequest(path: "/orders/7", cookie: flashCookie("Order 7 was updated."))))
    }

    func testAForgedForeignOrExpiredConfirmationIsIgnored() {
        // Given
        let genuine = sut.cookieValue(for: Flash.Confirmation(orderID: "1"))
        let signature = genuine.split(separator: ".", maxSplits: 1)[1]
        let otherOrder = "~" + Base64URL.encoded("2".utf8) + "." + signature
        let otherNote = Base64URL.encoded("Call 555".utf8) + "~" + Base64URL.encoded("1".utf8) + "." + signature
        // A message's signature on a confirmation's value (and back): each is signed for its own purpose.
        let payload = String(genuine.split(separator: ".", maxSplits: 1)[0])
        let asMessage = payload + "." + testSecurity.sign("\(testBrowserID)\n\(payload)", for: Flash.purpose, lifetime: 600)
        let foreign = Flash(security: RequestSecurity(secret: "another secret, also 32 bytes long", now: { Seeds.june29 }), browserID: testBrowserID)
            .cookieValue(for: Flash.Confirmation(orderID: "1"))
        for value in [otherOrder, otherNote, asMessage, foreign, "~", "~.", "a~b~c.d", payload] {
            // When
            let confirmation = sut.confirmation(in: makeRequest(path: "/orders/1", cookie: "\(Flash.cookieName)=\(value)"))

            // Then
            XCTAssertNil(confirmation, value)
        }
        let elsewhere = Flash(security: testSecurity, browserID: "another-browser-0123456789")
            .confirmation(in: makeRequest(path: "/orders/1", cookie: "\(Flash.cookieName)=\(genuine)"))
        XCTAssertNil(elsewhere, "Only in the browser it was meant for")
        let later = Flash(
            security: RequestSecurity(secret: "test-secret-of-the-tests-32-bytes", now: { Seeds.june29.addingTimeInterval(10 * 60 + 1) }),
            browserID: testBrowserID)
        XCTAssertNil(later.confirmation(in: makeRequest(path: "/orders/1", cookie: "\(Flash.cookieName)=\(genuine)")), "Gone after 10 minutes")
    }
}
