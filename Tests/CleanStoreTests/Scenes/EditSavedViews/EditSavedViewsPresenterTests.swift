import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditSavedViewsPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditSavedViewsPresenter!
    var spy: EditSavedViewsDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = EditSavedViewsPresenter()
        spy = EditSavedViewsDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class EditSavedViewsDisplayLogicSpy: EditSavedViewsDisplayLogic {
        var viewModels: [EditSavedViews.ViewModel] = []
        func displayViews(viewModel: EditSavedViews.ViewModel) { viewModels.append(viewModel) }
    }

    static let views = [
        SavedView(id: 3, accountKey: "amy", name: "Packed", query: "status=packed", position: 0, isDefault: true),
        SavedView(id: 9, accountKey: "amy", name: "Jane", query: "q=jane", position: 1),
    ]

    // MARK: Tests

    func testViewsInOrderWithTheirButtonsAndTheDefault() throws {
        sut.presentViews(response: .fetched(Self.views))

        guard case .views(let displayed) = spy.viewModels.first else { return XCTFail("\(spy.viewModels)") }
        XCTAssertEqual(
            displayed.views,
            [
                EditSavedViews.DisplayedView(
                    name: "Packed", url: "/orders?status=packed", action: "/orders/views/3", isDefault: true, mayMoveUp: false, mayMoveDown: true),
                EditSavedViews.DisplayedView(
                    name: "Jane", url: "/orders?q=jane", action: "/orders/views/9", isDefault: false, mayMoveUp: true, mayMoveDown: false),
            ])
        XCTAssertEqual(displayed.opensOn, "The list opens on “Packed”.")
        XCTAssertEqual(displayed.clearDefaultAction, "/orders/views/3")
    }

    func testWithoutADefaultTheListOpensOnAllOrders() {
        sut.presentViews(response: .fetched([]))
        guard case .views(let displayed) = spy.viewModels.first else { return XCTFail("\(spy.viewModels)") }
        XCTAssertEqual(displayed.opensOn, "The list opens on all orders.")
        XCTAssertNil(displayed.clearDefaultAction)
        XCTAssertEqual(displayed.views, [])
    }

    func testTheFormSaysWhatTheViewKeeps() {
        sut.presentNewForm(response: .form(OrdersFilters(text: "jane", status: .packed, sort: OrdersQuery.Sort(.total, descending: true))))

        guard case .form(let form, let invalid) = spy.viewModels.first else { return XCTFail("\(spy.viewModels)") }
        XCTAssertFalse(invalid)
        XCTAssertEqual(form.query, "q=jane&status=packed&sort=-total")
        XCTAssertEqual(form.summary, ["Search: jane", "Status: Packed", "Sorted total, highest first"])
        XCTAssertEqual(form.listURL, "/orders?q=jane&status=packed&sort=-total")
        XCTAssertEqual(form.errors.count, 0)
        XCTAssertEqual(form.title, "Save this search")
    }

    func testAnInvalidNameIsTheFormWithItsMessage() {
        sut.presentSavedView(response: .invalid(OrdersFilters(), name: "", problem: .text(.missing)))

        guard case .form(let form, let invalid) = spy.viewModels.first else { return XCTFail("\(spy.viewModels)") }
        XCTAssertTrue(invalid)
        XCTAssertEqual(form.summary, ["All orders, newest first"])
        XCTAssertEqual(form.name.errorMessage, "Enter a name for this search")
        XCTAssertEqual(form.errors.map(\.field), ["name"])
        XCTAssertEqual(form.title, "Error: Save this search")
        XCTAssertEqual(
            EditSavedViewsPresenter.message(.taken), "You have a saved search with this name already: choose another")
        XCTAssertEqual(
            EditSavedViewsPresenter.message(.tooMany), "You have 20 saved searches: delete one before saving another")
    }

    func testASavedViewGoesToItsListWithAFlash() {
        sut.presentSavedView(response: .saved(Self.views[1]))
        guard case .done(let url, let flash) = spy.viewModels.first else { return XCTFail("\(spy.viewModels)") }
        XCTAssertEqual(url, "/orders?q=jane")
        XCTAssertEqual(flash, "Search saved as “Jane”: it is a tab above the list")
    }

    func testEachChangeSaysWhatItDid() {
        let flashes = SavedViewChange.allCases.map { change -> String in
            sut.presentChangedView(response: .changed(Self.views[1], change))
            guard case .done(let url, let flash) = spy.viewModels.last else { return "" }
            XCTAssertEqual(url, "/orders/views")
            return flash
        }
        XCTAssertEqual(
            flashes,
            ["“Jane” moved up", "“Jane” moved down", "The list now opens on “Jane”", "The list now opens on all orders", "“Jane” deleted"])
    }

    func testRefusals() {
        sut.presentChangedView(response: .notFound)
        sut.presentChangedView(response: .unavailable)
        sut.presentSavedView(response: .unavailable)
        sut.presentViews(response: .unavailable)
        XCTAssertEqual(spy.viewModels.map { "\($0)" }, ["notFound", "unavailable", "unavailable", "unavailable"])
    }
}
