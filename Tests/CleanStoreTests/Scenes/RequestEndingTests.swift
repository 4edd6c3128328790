import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A view controller's one way to end refused or failed: the page `ErrorPage` presents, its status
/// and words the presenter's.
final class RequestEndingTests: XCTestCase {
    final class ViewControllerDouble: RequestEnding {
        let pages: PageRendering
        var response: Response?

        init(pages: PageRendering) {
            self.pages = pages
        }
    }

    func testEachRefusalEndsWithItsStatusAndTheErrorPageForIt() {
        let cases: [(ErrorPage.Refusal, HTTPResponse.Status, String)] = [
            (.badRequest, .badRequest, "Bad request"),
            (.notFound, .notFound, "Page not found"),
            (.unavailable, .serviceUnavailable, "Service unavailable"),
            (.failed, .internalServerError, "Something went wrong"),
            (.because(.notPermitted(.viewer)), .forbidden, "You cannot do this"),
            (.because(.readOnly(orderID: "7", status: .shipped)), .conflict, "Order 7 is shipped"),
            (.because(.changedMeanwhile(orderID: "7", now: .packed, wanted: .paid)), .conflict, "Order 7 was changed by someone else"),
            (.because(.statusNotAllowed(orderID: "7", now: .new, wanted: .shipped)), .conflict, "Order 7 cannot be marked as shipped"),
        ]
        for (refusal, status, heading) in cases {
            let pages = PageRendererSpy()
            let response = ViewControllerDouble(pages: pages).refusal(refusal)
            XCTAssertEqual(response.status, status, "\(refusal)")
            XCTAssertEqual(pages.rendered.map(\.template), ["error"], "\(refusal)")
            XCTAssertEqual(pages.rendered.first?.title, heading, "\(refusal)")
            XCTAssertEqual(refusal.status, status, "\(refusal)")
        }
    }

    func testACycleThatLeftNoPageEndsWithA500AndOneThatDidWithItsPage() {
        let pages = PageRendererSpy()
        let sut = ViewControllerDouble(pages: pages)
        XCTAssertEqual(sut.finished().status, .internalServerError)
        XCTAssertEqual(pages.rendered.first?.title, "Something went wrong")

        sut.response = Response(status: .accepted)
        XCTAssertEqual(sut.finished().status, .accepted)
        XCTAssertEqual(pages.rendered.count, 1, "No error page for a cycle that made its own")
    }
}
