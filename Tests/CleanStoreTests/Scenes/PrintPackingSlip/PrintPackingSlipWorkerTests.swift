import XCTest

@testable import CleanStore

final class PrintPackingSlipWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: PrintPackingSlipWorker!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = PrintPackingSlipWorker()
    }

    // MARK: Tests

    func testDoSomeWorkShouldSayWhatWasDone() async {
        let result = await sut.doSomeWork()
        XCTAssertEqual(result, "Something was done.")
    }
}
