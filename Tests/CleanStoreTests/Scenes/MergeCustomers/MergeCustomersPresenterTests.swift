import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class MergeCustomersPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: MergeCustomersPresenter!
    var viewControllerSpy: MergeCustomersDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = MergeCustomersPresenter()
        viewControllerSpy = MergeCustomersDisplayLogicSpy()
        sut.viewController = viewControllerSpy
    }

    // MARK: Test doubles

    final class MergeCustomersDisplayLogicSpy: MergeCustomersDisplayLogic {
        var viewModel: MergeCustomers.ViewModel?
        func display(viewModel: MergeCustomers.ViewModel) { self.viewModel = viewModel }
    }

    let jane = MergeCustomersInteractorTests.jane
    let other = MergeCustomersInteractorTests.other

    // MARK: Pick

    func testThePickPageListsWhatWasFoundWithALinkToEachPreview() throws {
        sut.presentPick(response: .found(survivor: jane, text: "doe", results: [other]))
        guard case .pick(let page) = viewControllerSpy.viewModel else { return XCTFail("no pick page") }
        XCTAssertEqual(page.heading, "Merge Jane Doe with another customer")
        XCTAssertEqual(page.survivor, "(415) 555-0100, jane@example.com, San Francisco")
        XCTAssertEqual(page.action, "/customers/1/merge")
        XCTAssertEqual(page.results.map(\.url), ["/customers/1/merge/2"])
        XCTAssertEqual(page.results.map(\.details), ["(415) 555-0100, jdoe@example.net, San Francisco"])
        XCTAssertEqual(page.caption, "1 other customer found")
        XCTAssertNil(page.noMatchMessage)
        XCTAssertEqual(page.customerURL, "/customers/1")

        sut.presentPick(response: .found(survivor: jane, text: "zed", results: []))
        guard case .pick(let none) = viewControllerSpy.viewModel else { return XCTFail("no pick page") }
        XCTAssertEqual(none.noMatchMessage, "No other customer found for “zed”")
        sut.presentPick(response: .found(survivor: jane, text: "", results: nil))
        guard case .pick(let before) = viewControllerSpy.viewModel else { return XCTFail("no pick page") }
        XCTAssertNil(before.noMatchMessage, "nothing searched yet")
        XCTAssertFalse(before.hasResults)
    }

    // MARK: Preview

    func testThePreviewOffersAChoiceWhereTheyDifferTheSurvivorsValueChosen() {
        var other = self.other
        other.note = "Rings twice"
        sut.presentPreview(response: .preview(MergeCustomers.Pair(survivor: jane, other: other, otherOrders: 3)))
        guard case .preview(let page, let conflict) = viewControllerSpy.viewModel else { return XCTFail("no preview") }
        XCTAssertFalse(conflict)
        XCTAssertEqual(page.heading, "Merge Jane Doe (customer 2) into Jane Doe (customer 1)")
        XCTAssertEqual(
            page.summary,
            "Jane Doe (customer 1) is kept and gets their 3 orders. Jane Doe (customer 2) is kept too, marked as merged: their page will link to the customer they were merged into, and no search will find them.")
        XCTAssertEqual(page.choices.map(\.legend), ["Email", "Note"])
        XCTAssertEqual(page.choices.map(\.kept), ["jane@example.com", "Call after 5 pm"])
        XCTAssertEqual(page.choices.map(\.other), ["jdoe@example.net", "Rings twice"])
        XCTAssertEqual(page.choices.map(\.name), ["email", "note"])
        XCTAssertEqual(page.choices.map(\.takeChecked), [false, false])
        XCTAssertEqual(page.same.map(\.label), ["Name", "Phone", "Shipping address", "Billing address"])
        XCTAssertEqual(page.same.map(\.value), ["Jane Doe", "(415) 555-0100", "12 Main St, San Francisco, CA 94107", "12 Main St, San Francisco, CA 94107"])
        XCTAssertEqual(page.action, "/customers/1/merge/2")
        XCTAssertEqual(page.version, "2")
        XCTAssertEqual(page.otherVersion, "1")
        XCTAssertEqual(page.swapURL, "/customers/2/merge/1")
        XCTAssertNil(page.conflictMessage)
    }

    func testAConflictShowsThePreviewAgainWithTheChoicesAsPostedAndWhy() {
        sut.presentMerge(response: .conflict(MergeCustomers.Pair(survivor: jane, other: other, otherOrders: 1, taken: [.email])))
        guard case .preview(let page, let conflict) = viewControllerSpy.viewModel else { return XCTFail("no preview") }
        XCTAssertTrue(conflict)
        XCTAssertEqual(page.conflictMessage, MergeCustomersPresenter.conflictMessage)
        XCTAssertEqual(page.choices.map(\.takeChecked), [true])
        XCTAssertTrue(page.summary.contains("gets their 1 order."))
    }

    // MARK: Merge

    func testAMergeGoesToTheSurvivorSayingWhoWasMergedIntoIt() {
        var gone = other
        gone.mergedInto = 1
        sut.presentMerge(response: .done(CustomersMerge(survivor: jane, merged: gone, events: [])))
        guard case .done(let id, let flash) = viewControllerSpy.viewModel else { return XCTFail("not done") }
        XCTAssertEqual(id, 1)
        XCTAssertEqual(flash, "Jane Doe (customer 2) was merged into Jane Doe, with their orders")
    }

    func testRefusalsAreTheirStatusAndAMergedCustomerLinksToItsSurvivor() {
        var gone = other
        gone.mergedInto = 1
        let cases: [(() -> Void, ErrorPage.Refusal)] = [
            ({ self.sut.presentPick(response: .notFound) }, .notFound),
            ({ self.sut.presentPick(response: .unavailable) }, .unavailable),
            ({ self.sut.presentPick(response: .alreadyMerged(gone)) }, .because(.customerMerged(name: "Jane Doe", survivorID: 1))),
            ({ self.sut.presentPreview(response: .notFound) }, .notFound),
            ({ self.sut.presentPreview(response: .unavailable) }, .unavailable),
            ({ self.sut.presentPreview(response: .alreadyMerged(gone)) }, .because(.customerMerged(name: "Jane Doe", survivorID: 1))),
            ({ self.sut.presentMerge(response: .badRequest) }, .badRequest),
            ({ self.sut.presentMerge(response: .notFound) }, .notFound),
            ({ self.sut.presentMerge(response: .unavailable) }, .unavailable),
            ({ self.sut.presentMerge(response: .alreadyMerged(gone)) }, .because(.customerMerged(name: "Jane Doe", survivorID: 1))),
        ]
        for (index, (present, expected)) in cases.enumerated() {
            present()
            guard case .refusal(let refusal) = viewControllerSpy.viewModel else { return XCTFail("case \(index): no refusal") }
            XCTAssertEqual(refusal, expected, "case \(index)")
        }
        let page = ErrorPage.viewModel(for: .conflict, reason: .customerMerged(name: "Jane Doe", survivorID: 1))
        XCTAssertEqual(page.heading, "Jane Doe was merged into another customer")
        XCTAssertEqual(page.orderURL, "/customers/1")
    }
}
