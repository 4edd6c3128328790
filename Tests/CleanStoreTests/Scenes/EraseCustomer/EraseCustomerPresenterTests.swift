import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EraseCustomerPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: EraseCustomerPresenter!
    var viewControllerSpy: EraseCustomerDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = EraseCustomerPresenter()
        viewControllerSpy = EraseCustomerDisplayLogicSpy()
        sut.viewController = viewControllerSpy
    }

    // MARK: Test doubles

    final class EraseCustomerDisplayLogicSpy: EraseCustomerDisplayLogic {
        var viewModel: EraseCustomer.ViewModel?
        func display(viewModel: EraseCustomer.ViewModel) { self.viewModel = viewModel }
    }

    private var form: (form: EraseCustomer.DisplayedForm, status: EraseCustomer.FormStatus)? {
        guard case .form(let form, let status) = viewControllerSpy.viewModel else { return nil }
        return (form, status)
    }

    // MARK: Tests

    func testTheFormSaysWhatIsErasedWhatStaysAndWhichNameToType() throws {
        sut.presentForm(response: .form(EraseCustomerInteractorTests.subject))
        let shown = try XCTUnwrap(form)
        XCTAssertEqual(shown.status, .shown)
        XCTAssertEqual(shown.form.heading, "Erase the personal data of Jane Doe")
        XCTAssertEqual(shown.form.name, "Jane Doe")
        XCTAssert(shown.form.warning.contains("cannot be undone"), shown.form.warning)
        XCTAssert(shown.form.erased[0].contains("their 3 orders"), shown.form.erased[0])
        XCTAssert(shown.form.erased.contains { $0.contains("••••") })
        XCTAssert(shown.form.kept[0].contains("totals, tax region and rate"), shown.form.kept[0])
        XCTAssertEqual(shown.form.action, "/customers/1/erase")
        XCTAssertEqual(shown.form.version, "2")
        XCTAssertEqual(shown.form.customerURL, "/customers/1")
        XCTAssertEqual(shown.form.typed, "")
        XCTAssertNil(shown.form.errorMessage)
        XCTAssertNil(shown.form.conflictMessage)
        XCTAssertEqual(shown.form.describedBy, "name-hint")
    }

    func testAWrongNameIsAnInlineErrorWithTheNameAsTyped() throws {
        sut.presentErase(response: .wrongName(EraseCustomerInteractorTests.subject, typed: "jane"))
        let shown = try XCTUnwrap(form)
        XCTAssertEqual(shown.status, .wrongName)
        XCTAssertEqual(shown.form.typed, "jane")
        XCTAssertEqual(shown.form.errorMessage, "Enter the customer’s name exactly as shown: Jane Doe")
        XCTAssertEqual(shown.form.describedBy, "name-hint name-error")
    }

    func testAConflictIsTheFormAtTheNewVersionSayingNothingWasErased() throws {
        var changed = EraseCustomerInteractorTests.jane
        changed.version = 5
        sut.presentErase(response: .conflict(EraseCustomer.Subject(customer: changed, orders: 1)))
        let shown = try XCTUnwrap(form)
        XCTAssertEqual(shown.status, .conflict)
        XCTAssertEqual(shown.form.version, "5")
        XCTAssertEqual(shown.form.conflictMessage, EraseCustomerPresenter.conflictMessage)
        XCTAssert(shown.form.erased[0].contains("their 1 order "), shown.form.erased[0])
    }

    func testAnErasureGoesToTheCustomerSayingWhatWasErased() {
        sut.presentErase(response: .erased(CustomerErasure(customer: EraseCustomerInteractorTests.jane, customerIDs: [1, 4], orders: 1, drafts: 2)))
        guard case .erased(let id, let flash) = viewControllerSpy.viewModel else { return XCTFail("\(String(describing: viewControllerSpy.viewModel))") }
        XCTAssertEqual(id, 1)
        XCTAssertEqual(flash, "Personal data erased from this customer, 1 order and 2 drafts, and of 1 customer merged with them")
        XCTAssertEqual(
            EraseCustomerPresenter.flash(CustomerErasure(customer: EraseCustomerInteractorTests.jane, customerIDs: [1], orders: 3, drafts: 1)),
            "Personal data erased from this customer, 3 orders and 1 draft")
    }

    func testRefusalsAreTheirErrorPages() {
        for (response, refusal) in [
            (EraseCustomer.Erase.Response.badRequest, ErrorPage.Refusal.badRequest), (.notFound, .notFound), (.unavailable, .unavailable),
        ] {
            sut.presentErase(response: response)
            guard case .refusal(let shown) = viewControllerSpy.viewModel else { return XCTFail("\(response)") }
            XCTAssertEqual(shown, refusal)
        }
        for (response, refusal) in [(EraseCustomer.ShowForm.Response.notFound, ErrorPage.Refusal.notFound), (.unavailable, .unavailable)] {
            sut.presentForm(response: response)
            guard case .refusal(let shown) = viewControllerSpy.viewModel else { return XCTFail("\(response)") }
            XCTAssertEqual(shown, refusal)
        }
    }
}
