import Hummingbird
import XCTest

@testable import CleanStore

final class CreateOrderViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: CreateOrderViewController!
    var pagesSpy: PageRendererSpy!
    var interactorSpy: CreateOrderBusinessLogicSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = CreateOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy), csrfToken: "token-1")
        interactorSpy = CreateOrderBusinessLogicSpy()
        sut.interactor = interactorSpy
    }

    // MARK: Test doubles

    final class CreateOrderBusinessLogicSpy: CreateOrderBusinessLogic {
        var shippingMethods = ["Standard Shipping", "One-Day Shipping", "Two-Day Shipping"]
        var startNewOrderCalled = false
        var formatExpirationDateRequest: CreateOrder.FormatExpirationDate.Request?
        var createOrderRequest: CreateOrder.CreateOrder.Request?
        var editOrderRequest: CreateOrder.EditOrder.Request?
        var updateOrderRequest: CreateOrder.UpdateOrder.Request?

        func startNewOrder(request: CreateOrder.NewOrder.Request) { startNewOrderCalled = true }
        func formatExpirationDate(request: CreateOrder.FormatExpirationDate.Request) { formatExpirationDateRequest = request }
        func createOrder(request: CreateOrder.CreateOrder.Request) async { createOrderRequest = request }
        func showOrderToEdit(request: CreateOrder.EditOrder.Request) async { editOrderRequest = request }
        func updateOrder(request: CreateOrder.UpdateOrder.Request) async { updateOrderRequest = request }
    }

    final class CreateOrderRoutingLogicSpy: CreateOrderRoutingLogic, CreateOrderDataPassing {
        var dataStore: CreateOrderDataStore?
        var routeToListOrdersMessage: String?
        var routeToShowOrder: (orderID: String, message: String)?

        func routeToListOrders(message: String) -> Response {
            routeToListOrdersMessage = message
            return .seeOther("/orders")
        }

        func routeToShowOrder(orderID: String, message: String) -> Response {
            routeToShowOrder = (orderID, message)
            return .seeOther("/orders/\(orderID)")
        }
    }

    static func displayedForm(errors: [CreateOrder.DisplayedForm.DisplayedError] = [], formMessage: String? = nil, orderID: String? = nil)
        -> CreateOrder.DisplayedForm
    {
        var fields: [String: CreateOrder.DisplayedForm.DisplayedField] = [:]
        for field in CreateOrder.Field.allCases {
            fields[field.rawValue] = .init(name: field.rawValue, value: "", errorMessage: nil)
        }
        return CreateOrder.DisplayedForm(
            title: errors.isEmpty && formMessage == nil ? "New order" : "Error: New order", heading: "New order",
            submitLabel: "Save order", orderID: orderID, errors: errors, formMessage: formMessage, fields: fields,
            billingAddressSameAsShipping: false, shipmentMethodSpeed: "2", cardHint: nil,
            hasErrors: !errors.isEmpty || formMessage != nil)
    }

    var renderedPage: CreateOrderViewController.FormPage? {
        pagesSpy.rendered.last?.context as? CreateOrderViewController.FormPage
    }

    // MARK: Tests: routes build requests

    func testNewOrderShouldStartANewOrder() {
        // When
        _ = sut.newOrder()

        // Then
        XCTAssert(interactorSpy.startNewOrderCalled, "The empty form should be asked of the interactor")
    }

    func testCreateOrderShouldPassThePostedFormToTheInteractor() async {
        // When
        _ = await sut.createOrder(orderFormFields: Seeds.validFormFields)

        // Then
        XCTAssertEqual(interactorSpy.createOrderRequest?.orderFormFields, Seeds.validFormFields)
    }

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

    // MARK: Tests: display logic

    func testDisplayNewOrderShouldRenderTheFormPostingToTheList() throws {
        // When
        sut.displayNewOrder(viewModel: CreateOrder.NewOrder.ViewModel(form: Self.displayedForm()))
        let response = sut.render()

        // Then
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "CreateOrder/form")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "New order")
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.action, "/orders")
        XCTAssertEqual(page.cancelURL, "/orders")
        XCTAssertEqual(page.csrfToken, "token-1", "The form carries the browser's CSRF token")
        XCTAssertEqual(page.shippingMethods.map(\.name), interactorSpy.shippingMethods, "The interactor's shipping methods")
        XCTAssertEqual(page.shippingMethods.map(\.value), ["0", "1", "2"])
        XCTAssertEqual(page.shippingMethods.map(\.selected), [false, false, true], "The chosen method is selected")
    }

    func testDisplayCreatedOrderShouldRouteToTheListWithTheMessage() {
        // Given
        let routerSpy = CreateOrderRoutingLogicSpy()
        sut.router = routerSpy

        // When
        sut.displayCreatedOrder(viewModel: CreateOrder.CreateOrder.ViewModel(message: "Order 42 was created.", form: nil))
        let response = sut.render()

        // Then
        XCTAssertEqual(routerSpy.routeToListOrdersMessage, "Order 42 was created.")
        XCTAssertEqual(response.status, .seeOther)
        XCTAssert(pagesSpy.rendered.isEmpty, "A saved form renders no page")
    }

    func testDisplayCreatedOrderShouldShowTheFormAgainWith422WhenRefused() {
        // When
        sut.displayCreatedOrder(
            viewModel: CreateOrder.CreateOrder.ViewModel(
                message: nil, form: Self.displayedForm(errors: [.init(field: "email", message: "Enter the email")])))
        let response = sut.render()

        // Then
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: New order")
    }

    func testDisplayCreatedOrderShouldAnswer503WhenTheStoreFailed() {
        // When
        sut.displayCreatedOrder(
            viewModel: CreateOrder.CreateOrder.ViewModel(message: nil, form: Self.displayedForm(formMessage: "Not saved")))

        // Then
        XCTAssertEqual(sut.render().status, .serviceUnavailable)
    }

    func testDisplayOrderToEditShouldRenderTheFormPostingToTheOrder() throws {
        // When
        sut.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(form: Self.displayedForm(orderID: "5")))
        let response = sut.render()

        // Then
        XCTAssertEqual(response.status, .ok)
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.action, "/orders/5")
        XCTAssertEqual(page.cancelURL, "/orders/5")
    }

    func testDisplayExpirationDateShouldFillTheExpiryField() throws {
        // Given
        sut.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(form: Self.displayedForm(orderID: "5")))

        // When
        sut.displayExpirationDate(viewModel: CreateOrder.FormatExpirationDate.ViewModel(date: "04/29"))
        _ = sut.render()

        // Then
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.form.fields["paymentMethodExpirationDate"]?.value, "04/29")
    }

    func testDisplayOrderToEditShouldRender404WhenThereIsNoOrder() {
        // When
        sut.displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel(form: nil))
        let response = sut.render()

        // Then
        XCTAssertEqual(response.status, .notFound)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "error")
    }

    func testDisplayUpdatedOrderShouldRouteToTheOrderWithTheMessage() {
        // Given
        let routerSpy = CreateOrderRoutingLogicSpy()
        sut.router = routerSpy

        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(orderID: "5", message: "Order 5 was updated.", form: nil))
        let response = sut.render()

        // Then
        XCTAssertEqual(routerSpy.routeToShowOrder?.orderID, "5")
        XCTAssertEqual(routerSpy.routeToShowOrder?.message, "Order 5 was updated.")
        XCTAssertEqual(response.status, .seeOther)
    }

    func testDisplayUpdatedOrderShouldShowTheFormAgainWith422WhenRefused() {
        // When
        sut.displayUpdatedOrder(
            viewModel: CreateOrder.UpdateOrder.ViewModel(
                orderID: "5", message: nil,
                form: Self.displayedForm(errors: [.init(field: "phone", message: "Enter the phone")], orderID: "5")))

        // Then
        XCTAssertEqual(sut.render().status, .unprocessableContent)
        XCTAssertEqual(renderedPage?.action, "/orders/5")
    }

    func testDisplayUpdatedOrderShouldRender404WhenThereIsNoOrder() {
        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(orderID: nil, message: nil, form: nil))

        // Then
        XCTAssertEqual(sut.render().status, .notFound)
    }

    func testDisplayUpdatedOrderShouldShowTheFormAgainWith409AfterAConflict() throws {
        // Given
        var form = Self.displayedForm(formMessage: "Someone else changed order 5", orderID: "5")
        form.version = "3"
        form.hasConflict = true

        // When
        sut.displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel(orderID: "5", message: nil, form: form))

        // Then
        XCTAssertEqual(sut.render().status, .conflict)
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.action, "/orders/5")
        XCTAssertEqual(page.form.version, "3", "The form now saves over the version someone else saved")
    }
}
