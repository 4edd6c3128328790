import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowOrderRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowOrderRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowOrderRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
    }

    // MARK: Tests

    func testAcknowledgeFlashShouldExpireTheCookie() {
        assertAcknowledgingTheFlashExpiresItsCookie(sut)
    }
}
