import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditTaxRatePresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditTaxRatePresenter!
    var spy: EditTaxRateDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = EditTaxRatePresenter()
        spy = EditTaxRateDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class EditTaxRateDisplayLogicSpy: EditTaxRateDisplayLogic {
        var viewModel: EditTaxRate.ViewModel?
        func displayRate(viewModel: EditTaxRate.ViewModel) { self.viewModel = viewModel }
    }

    static let ny = EditTaxRateInteractorTests.ny

    // MARK: Tests

    func testTheFormsSayWhatTheyDo() {
        sut.presentForm(response: .form(id: nil, .init(collect: "on")))
        guard case .form(let new, .ok) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(new.title, "Add a tax rate")
        XCTAssertEqual(new.action, "/tax-rates/new")
        XCTAssertEqual(new.button, "Add tax rate")
        XCTAssertTrue(new.collect)
        XCTAssertFalse(new.shippingTaxable)
        XCTAssertEqual(new.rate.hint, EditTaxRatePresenter.rateHint)

        sut.presentForm(response: .form(id: 3, .init(Self.ny)))
        guard case .form(let edit, .ok) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(edit.title, "Change a tax rate")
        XCTAssertEqual(edit.action, "/tax-rates/3/edit")
        XCTAssertEqual(edit.version, "2")
        XCTAssertEqual(edit.rate.value, "8.875")
        XCTAssertTrue(edit.shippingTaxable)
    }

    func testErrorsAreByFieldAndTheTitleSaysSo() {
        let fields = EditTaxRate.RateFormFields(region: "ZZ", rate: "x")
        sut.presentSavedRate(response: .invalid(id: nil, fields, [.init(field: .region, message: "Bad state"), .init(field: .rate, message: "Bad rate")]))
        guard case .form(let form, .invalid) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(form.title, "Error: Add a tax rate")
        XCTAssertEqual(form.errors.map(\.field), ["region", "rate"])
        XCTAssertEqual(form.region.errorMessage, "Bad state")
        XCTAssertEqual(form.region.value, "ZZ", "typed values come back")
        XCTAssertEqual(form.rate.describedBy, "rate-hint rate-error")
        XCTAssertNil(form.postalPrefix.errorMessage)
    }

    func testAConflictShowsTheRateAsStoredWithWhatWasTypedWhereItDiffers() {
        var typed = EditTaxRate.RateFormFields(Self.ny)
        typed.rate = "9"
        typed.effectiveTo = "2026-12-31"
        typed.version = "1"
        sut.presentSavedRate(response: .conflict(current: Self.ny, typed: typed))
        guard case .form(let form, .conflict) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(form.title, "Error: Change a tax rate")
        XCTAssertEqual(form.formMessage, EditTaxRatePresenter.conflictMessage)
        XCTAssertEqual(form.version, "2", "saving again saves over the version shown")
        XCTAssertEqual(form.rate.value, "8.875")
        XCTAssertEqual(form.rate.typedValue, "9")
        XCTAssertEqual(form.effectiveTo.typedValue, "2026-12-31")
        XCTAssertNil(form.region.typedValue)
    }

    func testASaveGoesToTheTableNamingTheRate() {
        sut.presentSavedRate(response: .saved(Self.ny, isNew: true))
        guard case .saved(let added) = spy.viewModel else { return XCTFail("not saved") }
        XCTAssertEqual(added, "Tax rate added: NY 100 from 2020-01-01.")
        var state = Self.ny
        state.postalPrefix = ""
        sut.presentSavedRate(response: .saved(state, isNew: false))
        guard case .saved(let changed) = spy.viewModel else { return XCTFail("not saved") }
        XCTAssertEqual(changed, "Tax rate changed: NY (whole state) from 2020-01-01.")

        sut.presentSavedRate(response: .unavailable(id: 3, .init(Self.ny)))
        guard case .form(let form, .unavailable) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(form.formMessage, EditTaxRatePresenter.unavailableMessage)
        sut.presentSavedRate(response: .notFound)
        guard case .notFound = spy.viewModel else { return XCTFail("not 404") }
    }
}
