import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListOrdersRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListOrdersRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ListOrdersRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
    }

    // MARK: Tests

    func testAcknowledgeFlashShouldExpireTheCookie() {
        assertAcknowledgingTheFlashExpiresItsCookie(sut)
    }
}
