import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListDraftsPresenterTests: XCTestCase {
    final class ListDraftsDisplayLogicSpy: ListDraftsDisplayLogic {
        var viewModel: ListDrafts.FetchDrafts.ViewModel?
        func displayDrafts(viewModel: ListDrafts.FetchDrafts.ViewModel) { self.viewModel = viewModel }
    }

    func testMineAndOthersAreApartAndADraftWithNoCallerSaysSo() {
        let sut = ListDraftsPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ListDraftsDisplayLogicSpy()
        sut.viewController = spy
        var mine = Draft(ref: "D-AAAAAA", createdAt: Seeds.june29, createdBy: testAccount.name)
        mine.contact.firstName = "Amy"
        let others = Draft(ref: "D-BBBBBB", createdAt: Seeds.june29, createdBy: AccountSeeds.sue.name)

        sut.presentDrafts(response: .found([mine, others], mine: testAccount.name))

        guard case .list(let list) = spy.viewModel?.page else { return XCTFail() }
        XCTAssertEqual(list.mine.map(\.caller), ["Amy"])
        XCTAssertEqual(list.others.map(\.caller), ["No caller yet"])
        XCTAssertEqual(list.others.first?.url, "/drafts/D-BBBBBB")
        XCTAssertNil(list.noDraftsMessage)
    }
}
