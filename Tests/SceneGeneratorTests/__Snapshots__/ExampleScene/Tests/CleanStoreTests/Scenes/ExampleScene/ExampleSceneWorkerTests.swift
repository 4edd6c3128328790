import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExampleSceneWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExampleSceneWorker!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ExampleSceneWorker()
    }

    // MARK: Tests

    func testDoSomeWorkShouldSayWhatWasDone() async {
        let result = await sut.doSomeWork()
        XCTAssertEqual(result, "Something was done.")
    }
}
