import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class CreateOrderViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: CreateOrderViewController!
    var pagesSpy: PageRendererSpy!
    var interactorSpy: CreateOrderBusinessLogicSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = CreateOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: Browser(id: testBrowserID, csrfToken: "token-1"))
        interactorSpy = CreateOrderBusinessLogicSpy()
        sut.interactor = interactorSpy
    }

    // MARK: Test doubles

    final class CreateOrderBusinessLogicSpy: CreateOrderBusinessLogic {
        var editOrderRequest: CreateOrder.EditOrder.Request?
        var updateOrderRequest: CreateOrder.UpdateOrder.Request?

        func showOrderToEdit(request: CreateOrder.EditOrder.Request) async { editOrderRequest = request }
        func updateOrder(request: CreateOrder.UpdateOrder.Request) async { updateOrderRequest = request }
        var resumeDraftRequest: CreateOrder.ResumeDraft.Request?
        func resumeDraft(request: CreateOrder.ResumeDraft.Request) async { resumeDraftRequest = request }
    }

    final class CreateOrderRoutingLogicSpy: CreateOrderRoutingLogic, CreateOrderDataPassing {
        var flash: Flash?
        var routeToShowOrder: (orderID: String, flash: String)?

        func routeToShowOrder(orderID: String, flash message: String) -> Response {
            routeToShowOrder = (orderID, message)
            return .seeOther("/orders/\(orderID)")
        }
    }

    static func displayedForm(errors: [CreateOrder.DisplayedForm.DisplayedError] = [], formMessage: String? = nil, path: String = "/orders/5")
        -> CreateOrder.DisplayedForm
    {
        var fields: [String: CreateOrder.DisplayedForm.DisplayedField] = [:]
        for field in CreateOrder.Field.allCases {
            fields[field.rawValue] = .init(name: field.rawValue, value: "", errorMessage: nil)
        }
        return CreateOrder.DisplayedForm(
            title: errors.isEmpty && formMessage == nil ? "Edit order 5" : "Error: Edit order 5", heading: "Edit order 5",
            submitLabel: "Save changes", action: path, cancelURL: path, version: "1", errors: errors,
            formMessage: formMessage, fields: fields, billingAddressSameAsShipping: false,
            shippingMethods: [.init(id: "shipmentMethodSpeed", value: "0", name: "Standard Shipping", selected: true)])
    }

    var renderedPage: CreateOrderViewController.FormPage? {
        pagesSpy.rendered.last?.context as? CreateOrderViewController.FormPage
    }

    // MARK: Tests: routes build requests

    func testEditOrderShouldAskForTheOrderNamedInTheURL() async {
        // When
        _ = await sut.editOrder(id: "5")

        // Then
        XCTAssertEqual(interactorSpy.editOrderRequest?.orderID, "5")
    }

    func testUpdateOrderShouldPassTheOrderIDAndThePostedForm() async {
        // When
        _ = await sut.updateOrder(id: "5", orderFormFields: Seeds.validFormFields)

        // Then
        XCTAssertEqual(interactorSpy.updateOrderRequest?.orderID, "5")
        XCTAssertEqual(interactorSpy.updateOrderRequest?.orderFormFields, Seeds.validFormFields)
    }

    func testUpdateShouldSayWhoIsSignedIn() async throws {
        // Given
        let anonymous = interactorSpy!
        _ = await sut.updateOrder(id: "5", orderFormFields: Seeds.validFormFields)
        sut = CreateOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testSignedInBrowser)
        let signedIn = CreateOrderBusinessLogicSpy()
        sut.interactor = signedIn

        // When
        _ = await sut.updateOrder(id: "5", orderFormFields: Seeds.validFormFields)

        // Then
        XCTAssertNil(anonymous.updateOrderRequest?.signedIn, "No one is signed in")
        XCTAssertEqual(signedIn.updateOrderRequest?.signedIn, AccountSeeds.sue.name)
    }

    // MARK: Tests: display logic

    func testDisplayOrderToEditShouldRenderTheFormWithTheBrowsersToken() throws {
        // Given
        let form = Self.displayedForm()

        // When
        sut.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(page: .form(form, .ready)))

        // Then
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "CreateOrder/form")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Edit order 5")
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.form, form, "The presenter's form, as it is")
        XCTAssertEqual(page.csrfToken, "token-1", "The form carries the browser's CSRF token")
    }

    func testEveryPageOfTheFormHasItsStatusInOnePlace() {
        let cases: [(CreateOrder.FormState, HTTPResponse.Status)] = [
            (.ready, .ok), (.invalid, .unprocessableContent), (.conflict, .conflict), (.unavailable, .serviceUnavailable),
        ]
        for (state, status) in cases {
            // When
            sut.displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel(page: .form(Self.displayedForm(), state)))
            let resumed = sut.response?.status
            sut.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(page: .form(Self.displayedForm(), state)))
            let edited = sut.response?.status
            sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(page: .form(Self.displayedForm(), state)))
            let updated = sut.response?.status

            // Then
            XCTAssertEqual([resumed, edited, updated], [status, status, status], "\(state)")
        }
    }

    func testDisplayOrderToEditShouldRender503WhenTheOrderCouldNotBeRead() {
        // When
        sut.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(page: .unavailable))

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "error")
    }

    func testDisplayOrderToEditShouldRender404WhenThereIsNoOrder() {
        // When
        sut.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(page: .notFound))

        // Then
        XCTAssertEqual(sut.response?.status, .notFound)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "error")
    }

    func testDisplayUpdatedOrderShouldRouteToTheOrderWithTheFlash() {
        // Given
        let routerSpy = CreateOrderRoutingLogicSpy()
        sut.router = routerSpy

        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(page: .saved(orderID: "5", flash: "Order 5 was updated.")))

        // Then
        XCTAssertEqual(routerSpy.routeToShowOrder?.orderID, "5")
        XCTAssertEqual(routerSpy.routeToShowOrder?.flash, "Order 5 was updated.")
        XCTAssertEqual(sut.response?.status, .seeOther)
    }

    func testDisplayUpdatedOrderShouldRender404WhenThereIsNoOrder() {
        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(page: .notFound))

        // Then
        XCTAssertEqual(sut.response?.status, .notFound)
    }

    func testDisplayUpdatedOrderShouldShowTheFormAgainWith409AfterAConflict() throws {
        // Given
        var form = Self.displayedForm(formMessage: "Someone else changed order 5", path: "/orders/5")
        form.version = "3"

        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(page: .form(form, .conflict)))

        // Then
        XCTAssertEqual(sut.response?.status, .conflict)
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.form.action, "/orders/5")
        XCTAssertEqual(page.form.version, "3", "The form now saves over the version someone else saved")
    }

    /// After a merge the router takes the clerk on with the banner naming who changed what.
    func testDisplayUpdatedOrderShouldRouteAMergedSaveWithItsBanner() {
        // Given
        let router = CreateOrderRoutingLogicSpy()
        sut.router = router
        let banner = "Saved. Sue Super changed the phone number meanwhile: both changes are kept."

        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(page: .saved(orderID: "5", flash: banner)))

        // Then
        XCTAssertEqual(router.routeToShowOrder?.orderID, "5")
        XCTAssertEqual(router.routeToShowOrder?.flash, banner)
        XCTAssertEqual(sut.response?.status, .seeOther)
    }

    /// The 409 page of a merge renders its base and what the other clerk changed a field to.
    func testDisplayUpdatedOrderShouldRenderTheMergeConflictWithItsBase() throws {
        // Given
        var form = Self.displayedForm(formMessage: "Sue Super changed order 5", path: "/orders/5")
        form.fields["phone"]?.theirChange = .init(who: "Sue Super", value: "222-222-2222")
        form.fields["phone"]?.typedValue = "333-333-3333"
        form.base = [.init(name: "base-phone", value: "222-222-2222")]

        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(page: .form(form, .conflict)))

        // Then
        XCTAssertEqual(sut.response?.status, .conflict)
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.form.fields["phone"]?.theirChange?.who, "Sue Super")
        XCTAssertEqual(page.form.base, form.base)
        XCTAssertEqual(page.csrfToken, "token-1")
    }

    // MARK: Tests: resume a draft

    func testResumeDraftShouldPassTheFieldsAndTheOrderItIsFor() async {
        // When
        _ = await sut.resumeDraft(orderFormFields: Seeds.validFormFields, orderID: "5")

        // Then
        XCTAssertEqual(interactorSpy.resumeDraftRequest?.orderFormFields, Seeds.validFormFields)
        XCTAssertEqual(interactorSpy.resumeDraftRequest?.orderID, "5")
    }

    func testDisplayResumedDraftShouldRenderTheFormWith200() throws {
        // Given
        var form = Self.displayedForm()
        form.notice = CreateOrderPresenter.resumedMessage

        // When
        sut.displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel(page: .form(form, .resumed)))

        // Then
        XCTAssertEqual(sut.response?.status, .ok, "Not saved, not refused either: there to check and save")
        XCTAssertEqual(try XCTUnwrap(renderedPage).form, form)
        XCTAssertEqual(try XCTUnwrap(renderedPage).csrfToken, "token-1")
    }

    func testDisplayResumedDraftShouldRender404And503() {
        // When
        sut.displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel(page: .notFound))
        let gone = sut.response?.status
        sut.displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel(page: .form(Self.displayedForm(), .unavailable)))

        // Then
        XCTAssertEqual([gone, sut.response?.status], [.notFound, .serviceUnavailable])
    }
}
