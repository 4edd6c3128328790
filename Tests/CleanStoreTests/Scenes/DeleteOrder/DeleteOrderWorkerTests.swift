import XCTest

@testable import CleanStore

final class DeleteOrderWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderWorker!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = DeleteOrderWorker()
    }

    // MARK: Tests

    func testDoSomeWorkShouldSayWhatWasDone() async {
        let result = await sut.doSomeWork()
        XCTAssertEqual(result, "Something was done.")
    }
}
