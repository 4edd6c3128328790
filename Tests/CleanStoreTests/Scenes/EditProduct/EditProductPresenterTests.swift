import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditProductPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditProductPresenter!
    var spy: EditProductDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = EditProductPresenter()
        spy = EditProductDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class EditProductDisplayLogicSpy: EditProductDisplayLogic {
        var viewModel: EditProduct.ViewModel?
        func displayProduct(viewModel: EditProduct.ViewModel) { self.viewModel = viewModel }
    }

    static let mug = EditProductInteractorTests.mug

    // MARK: Tests

    func testTheFormsSayWhatTheyDo() {
        sut.presentForm(response: .form(id: nil, .init(taxable: "on"), committed: nil))
        guard case .form(let new, .ok) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(new.title, "Add a product")
        XCTAssertEqual(new.action, "/products/new")
        XCTAssertEqual(new.button, "Add product")
        XCTAssertEqual(new.cancelURL, "/products")
        XCTAssertTrue(new.taxable)
        XCTAssertFalse(new.trackStock)
        XCTAssertNil(new.committed)
        XCTAssertEqual(new.price.hint, EditProductPresenter.priceHint)

        sut.presentForm(response: .form(id: 3, .init(Self.mug), committed: 2))
        guard case .form(let change, .ok) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(change.title, "Change a product")
        XCTAssertEqual(change.action, "/products/3/edit")
        XCTAssertEqual(change.cancelURL, "/products/3")
        XCTAssertEqual(change.button, "Save product")
        XCTAssertEqual(change.version, "2")
        XCTAssertEqual(change.price.value, "12.00")
        XCTAssertEqual(change.onHand.value, "5")
        XCTAssertEqual(change.committed, "2 committed to placed orders")
        XCTAssertTrue(change.trackStock)
    }

    func testASaveGoesToTheProductNamingIt() {
        sut.presentSavedProduct(response: .saved(Self.mug, isNew: true))
        guard case .saved(let id, let flash) = spy.viewModel else { return XCTFail("not saved") }
        XCTAssertEqual(id, 3)
        XCTAssertEqual(flash, "Product added: MUG-01, Mug.")
        sut.presentSavedProduct(response: .saved(Self.mug, isNew: false))
        guard case .saved(_, let changed) = spy.viewModel else { return XCTFail("not saved") }
        XCTAssertEqual(changed, "Product changed: MUG-01, Mug.")
    }

    func testErrorsAreByFieldAndInTheTitle() {
        let fields = EditProduct.ProductFormFields(sku: "", price: "x")
        sut.presentSavedProduct(
            response: .invalid(id: nil, fields, [.init(field: .sku, message: "The SKU is missing"), .init(field: .price, message: "Price!")]))
        guard case .form(let form, .invalid) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(form.title, "Error: Add a product")
        XCTAssertEqual(form.errors.map(\.field), ["sku", "price"])
        XCTAssertEqual(form.errors.map(\.message), ["The SKU is missing", "Price!"])
        XCTAssertEqual(form.sku.errorMessage, "The SKU is missing")
        XCTAssertEqual(form.price.errorMessage, "Price!")
        XCTAssertNil(form.name.errorMessage)
        XCTAssertEqual(form.price.value, "x", "what was typed stays")
    }

    func testAStaleFormShowsTheProductAsStoredAndWhatWasTypedWhereItDiffers() {
        let typed = EditProduct.ProductFormFields(sku: "MUG-01", name: "Mug", price: "13", taxable: "on", trackStock: "on", onHand: "", version: "1")
        sut.presentSavedProduct(response: .conflict(current: Self.mug, typed: typed))
        guard case .form(let form, .conflict) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(form.formMessage, EditProductPresenter.conflictMessage)
        XCTAssertEqual(form.version, "2", "saving again saves over the stored version")
        XCTAssertEqual(form.price.value, "12.00")
        XCTAssertEqual(form.price.typedValue, "13")
        XCTAssertEqual(form.onHand.typedValue, "(empty)")
        XCTAssertNil(form.sku.typedValue)
        XCTAssertNil(form.name.typedValue)
        XCTAssertEqual(form.committed, "2 committed to placed orders")
    }

    func testNoProductOrNoStore() {
        sut.presentSavedProduct(response: .notFound)
        guard case .notFound = spy.viewModel else { return XCTFail("found") }
        sut.presentForm(response: .unavailable)
        guard case .unavailable = spy.viewModel else { return XCTFail("available") }
        sut.presentSavedProduct(response: .unavailable(id: 3, EditProductInteractorTests.mugForm))
        guard case .form(let form, .unavailable) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(form.formMessage, EditProductPresenter.unavailableMessage)
        XCTAssertEqual(form.price.value, "12.50")
    }

    func testAnArchiveOrRestoreGoesToTheProductAndAChangedOneIsA409Reason() {
        var archived = Self.mug
        archived.active = false
        sut.presentChangedActive(response: .changed(archived))
        guard case .saved(3, let flash) = spy.viewModel else { return XCTFail("not saved") }
        XCTAssertEqual(flash, "Product archived: MUG-01, Mug.")
        sut.presentChangedActive(response: .changed(Self.mug))
        guard case .saved(3, let restored) = spy.viewModel else { return XCTFail("not saved") }
        XCTAssertEqual(restored, "Product restored: MUG-01, Mug.")
        sut.presentChangedActive(response: .conflict(current: Self.mug, wanted: false))
        guard case .changedMeanwhile(let reason) = spy.viewModel else { return XCTFail("no refusal") }
        XCTAssertEqual(reason, .productChangedMeanwhile(productID: 3, sku: "MUG-01", wantedActive: false))
        let page = ErrorPage.viewModel(for: reason.status, reason: reason)
        XCTAssertEqual(page.heading, "Product MUG-01 was changed by someone else")
        XCTAssertEqual(page.orderURL, "/products/3")
    }
}
