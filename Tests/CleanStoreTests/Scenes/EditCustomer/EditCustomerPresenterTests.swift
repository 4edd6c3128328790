import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditCustomerPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditCustomerPresenter!
    var spy: EditCustomerDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = EditCustomerPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "America/Los_Angeles")!))
        spy = EditCustomerDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class EditCustomerDisplayLogicSpy: EditCustomerDisplayLogic {
        var viewModel: EditCustomer.ViewModel?
        func displayCustomer(viewModel: EditCustomer.ViewModel) { self.viewModel = viewModel }
    }

    static let jane = EditCustomerInteractorTests.jane

    // MARK: Tests

    func testTheFormsSayWhatTheyDo() {
        sut.presentForm(response: .form(id: nil, EditCustomerInteractorTests.annFields))
        guard case .form(let new, .ok) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(new.title, "Add a customer")
        XCTAssertEqual(new.action, "/customers/new")
        XCTAssertEqual(new.button, "Save customer")
        XCTAssertEqual(new.cancelURL, "/customers")
        XCTAssertEqual(new.fields["firstName"]?.value, "Ann")
        XCTAssertTrue(new.billingAddressSameAsShipping)

        sut.presentForm(response: .form(id: 1, EditCustomer.CustomerFormFields(Self.jane)))
        guard case .form(let edit, .ok) = spy.viewModel else { return XCTFail("no form") }
        XCTAssertEqual(edit.title, "Change a customer")
        XCTAssertEqual(edit.action, "/customers/1/edit")
        XCTAssertEqual(edit.version, "1")
        XCTAssertEqual(edit.note.value, "Call after 5 pm")
        XCTAssertEqual(edit.cancelURL, "/customers/1")

        sut.presentForm(response: .notFound)
        guard case .notFound = spy.viewModel else { return XCTFail("not found") }
        sut.presentForm(response: .unavailable)
        guard case .unavailable = spy.viewModel else { return XCTFail("unavailable") }
    }

    func testAFormKeptThroughSigningInSaysSoAndIsNoError() {
        sut.presentForm(response: .resumed(id: 1, EditCustomerInteractorTests.annFields))
        guard case .form(let form, .ok) = spy.viewModel else { return XCTFail("form") }
        XCTAssertEqual(form.notice, EditCustomerPresenter.resumedMessage)
        XCTAssertEqual(form.title, "Change a customer")
        XCTAssertEqual(form.fields["firstName"]?.value, "Ann")
    }

    func testASaveIsTheCustomersPageWithAFlashNamingThem() {
        sut.presentSavedCustomer(response: .saved(Self.jane, isNew: true))
        guard case .saved(1, let added) = spy.viewModel else { return XCTFail("saved") }
        XCTAssertEqual(added, "Customer added: Jane Doe.")
        sut.presentSavedCustomer(response: .saved(Self.jane, isNew: false))
        guard case .saved(1, let changed) = spy.viewModel else { return XCTFail("saved") }
        XCTAssertEqual(changed, "Customer changed: Jane Doe.")
    }

    func testProblemsAreTheOrderFormsWordsAndTheNotesInTheSummaryAndByTheirFields() {
        sut.presentSavedCustomer(
            response: .invalid(
                id: nil, EditCustomerInteractorTests.annFields,
                [.field(CreateOrder.FieldError(field: .phone, problem: .badFormat)), .note(.looksLikeCardNumber)]))
        guard case .form(let form, .invalid) = spy.viewModel else { return XCTFail("invalid") }
        XCTAssertEqual(form.title, "Error: Add a customer")
        XCTAssertEqual(form.errors.map(\.field), ["phone", "note"])
        XCTAssertEqual(
            form.fields["phone"]?.errorMessage,
            "Enter a phone number using only digits, spaces, dashes, dots, brackets and a leading +, like (415) 555-0100")
        XCTAssertEqual(form.note.errorMessage, "Remove the card number from the note")
    }

    func testKnownCustomersAreNamedWithAUseLinkAndTheFormKeepsWhatWasTyped() {
        var noStreet = Self.jane
        noStreet.id = 2
        noStreet.firstName = "John"
        noStreet.shippingAddress = .empty
        sut.presentSavedCustomer(response: .duplicates([Self.jane, noStreet], typed: EditCustomerInteractorTests.annFields))
        guard case .form(let form, .duplicates) = spy.viewModel else { return XCTFail("duplicates") }
        XCTAssertEqual(
            form.duplicates,
            [
                EditCustomer.DisplayedDuplicate(
                    message: "Jane Doe, (415) 555-0100, 12 Main St already exists", useLabel: "Use Jane Doe", url: "/customers/1"),
                EditCustomer.DisplayedDuplicate(message: "John Doe, (415) 555-0100 already exists", useLabel: "Use John Doe", url: "/customers/2"),
            ])
        XCTAssertEqual(form.formMessage, EditCustomerPresenter.duplicatesMessage)
        XCTAssertEqual(form.fields["email"]?.value, "ann@example.org")
    }

    func testAStaleFormShowsTheCustomerAsStoredAndWhatWasTypedWhereItDiffers() {
        var stored = Self.jane
        stored.version = 2
        stored.phone = "(415) 555-0199"
        stored.updatedBy = testAccount.name
        stored.updatedAt = Seeds.june30
        var typed = EditCustomer.CustomerFormFields(Self.jane)
        typed.contact.firstName = "Janet"
        typed.note = ""
        sut.presentSavedCustomer(response: .conflict(current: stored, typed: typed))
        guard case .form(let form, .conflict) = spy.viewModel else { return XCTFail("conflict") }
        XCTAssertEqual(form.version, "2")
        XCTAssertEqual(form.fields["firstName"]?.value, "Jane")
        XCTAssertEqual(form.fields["firstName"]?.typedValue, "Janet")
        XCTAssertEqual(form.fields["phone"]?.typedValue, "(415) 555-0100")
        XCTAssertNil(form.fields["email"]?.typedValue)
        XCTAssertEqual(form.note.typedValue, "(empty)")
        XCTAssert(form.formMessage?.contains("changed this customer on") == true, form.formMessage ?? "")
    }

    func testAStoreThatCannotBeReachedKeepsTheForm() {
        sut.presentSavedCustomer(response: .unavailable(id: 1, EditCustomerInteractorTests.annFields))
        guard case .form(let form, .unavailable) = spy.viewModel else { return XCTFail("unavailable") }
        XCTAssertEqual(form.formMessage, EditCustomerPresenter.unavailableMessage)
        XCTAssertEqual(form.fields["lastName"]?.value, "Lee")
        sut.presentSavedCustomer(response: .notFound)
        guard case .notFound = spy.viewModel else { return XCTFail("not found") }
    }
}
