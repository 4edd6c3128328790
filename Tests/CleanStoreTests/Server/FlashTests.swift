import Foundation
import Hummingbird
import XCTest

@testable import CleanStore

/// The flash as the route table reads it from a request (`Flash.message(in:)`).
final class FlashTests: XCTestCase {
    let sut = Flash(security: testSecurity)

    func testTheFlashIsReadFromTheRedirectsCookie() {
        // Given
        let request = makeRequest(path: "/orders", cookie: "other=1; " + flashCookie("Order 12 was created."))

        // When
        let flash = sut.message(in: request)

        // Then
        XCTAssertEqual(flash, "Order 12 was created.")
    }

    func testAForgedOrForeignFlashIsIgnored() {
        let genuine = sut.cookieValue(for: "Order 1 was created.")
        let forged = RequestSecurity.base64URL(Data("Your card was declined, call 555".utf8)) + "." + genuine.split(separator: ".")[1]
        let foreign = Flash(security: RequestSecurity(secret: "another secret")).cookieValue(for: "Order 1 was created.")
        for value in [forged, foreign, "Order%201%20was%20created", "a.b", "."] {
            XCTAssertNil(sut.message(in: makeRequest(path: "/orders", cookie: "\(Flash.cookieName)=\(value)")), value)
        }
    }

    func testThereIsNoFlashWithoutACookie() {
        XCTAssertNil(sut.message(in: makeRequest(path: "/orders")))
        XCTAssertNil(sut.message(in: makeRequest(path: "/orders", cookie: "\(Flash.cookieName)=")))
    }
}
