import XCTest

@testable import CleanStore

final class AddOrderNoteWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNoteWorker!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = AddOrderNoteWorker()
    }

    // MARK: Tests

    func testDoSomeWorkShouldSayWhatWasDone() async {
        let result = await sut.doSomeWork()
        XCTAssertEqual(result, "Something was done.")
    }
}
