import XCTest

@testable import CleanStore

final class CreateOrderInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: CreateOrderInteractor!
    var presenterSpy: CreateOrderPresentationLogicSpy!
    var workerSpy: OrdersWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        setupCreateOrderInteractor()
    }

    // MARK: Test setup

    func setupCreateOrderInteractor() {
        workerSpy = OrdersWorkerSpy(ordersStore: OrdersMemStore())
        presenterSpy = CreateOrderPresentationLogicSpy()
        sut = CreateOrderInteractor(
            ordersWorker: workerSpy,
            validationWorker: OrderValidationWorker(now: { Seeds.june30 }, timeZone: TimeZone(identifier: "UTC")!),
            now: { Seeds.june30 })
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class CreateOrderPresentationLogicSpy: CreateOrderPresentationLogic {
        var newOrderResponse: CreateOrder.NewOrder.Response?
        var expirationDateResponse: CreateOrder.FormatExpirationDate.Response?
        var createdOrderResponse: CreateOrder.CreateOrder.Response?
        var orderToEditResponse: CreateOrder.EditOrder.Response?
        var updatedOrderResponse: CreateOrder.UpdateOrder.Response?
        var calls: [String] = []

        func presentNewOrder(response: CreateOrder.NewOrder.Response) {
            newOrderResponse = response
            calls.append("presentNewOrder")
        }

        func presentExpirationDate(response: CreateOrder.FormatExpirationDate.Response) {
            expirationDateResponse = response
            calls.append("presentExpirationDate")
        }

        func presentCreatedOrder(response: CreateOrder.CreateOrder.Response) {
            createdOrderResponse = response
            calls.append("presentCreatedOrder")
        }

        func presentOrderToEdit(response: CreateOrder.EditOrder.Response) {
            orderToEditResponse = response
            calls.append("presentOrderToEdit")
        }

        func presentUpdatedOrder(response: CreateOrder.UpdateOrder.Response) {
            updatedOrderResponse = response
            calls.append("presentUpdatedOrder")
        }
    }

    final class OrdersWorkerSpy: OrdersWorker {
        var createdOrder: Order?
        var updatedOrder: Order?
        var fetchOrderCalledWithID: String?
        var storedOrder: Order? = Seeds.Orders.amy
        var failure: OrdersStoreError?

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
            fetchOrderCalledWithID = id
            return id == storedOrder?.id ? storedOrder : nil
        }

        override func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order {
            createdOrder = orderToCreate
            if let failure { throw failure }
            var order = orderToCreate
            order.id = "42"
            return order
        }

        override func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order {
            updatedOrder = orderToUpdate
            if let failure { throw failure }
            return orderToUpdate
        }
    }

    // MARK: Tests: shipping methods and the empty form

    func testShippingMethodsShouldListTheMethodsInTheOrderOfTheirFormValues() {
        XCTAssertEqual(sut.shippingMethods, ["Standard Shipping", "One-Day Shipping", "Two-Day Shipping"])
    }

    func testStartNewOrderShouldAskPresenterForAnEmptyForm() {
        // When
        sut.startNewOrder(request: CreateOrder.NewOrder.Request())

        // Then
        XCTAssertNotNil(presenterSpy.newOrderResponse, "Starting a new order should ask the presenter for the form")
    }

    // MARK: Tests: format expiration date

    func testFormatExpirationDateShouldAskPresenterToFormatExpirationDate() {
        // When
        sut.formatExpirationDate(
            request: CreateOrder.FormatExpirationDate.Request(date: ExpirationDate(year: 2029, month: 4)))

        // Then
        XCTAssertEqual(presenterSpy.expirationDateResponse?.date, ExpirationDate(year: 2029, month: 4))
    }

    // MARK: Tests: create order

    func testCreateOrderShouldAskOrdersWorkerToCreateTheNewOrderDatedNow() async throws {
        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: Seeds.validFormFields))

        // Then
        let created = try XCTUnwrap(workerSpy.createdOrder, "CreateOrder() should ask OrdersWorker to create the order")
        XCTAssertNil(created.id, "The store chooses the id")
        XCTAssertEqual(created.date, Seeds.june30, "A new order is dated by the clock")
        XCTAssertEqual(created.firstName, "Amy")
        XCTAssertEqual(created.shipmentAddress.state, "CA", "State is stored upper-cased")
        XCTAssertEqual(created.shipmentMethod.speed, .oneDay)
        XCTAssertEqual(created.paymentMethod.creditCardNumber, "4111111111111111", "Card is stored as digits")
        XCTAssertEqual(created.paymentMethod.expirationDate, ExpirationDate(year: 2029, month: 4))
        XCTAssertEqual(created.billingAddress, created.shipmentAddress, "Same as shipping copies the address")
        XCTAssertEqual(presenterSpy.createdOrderResponse?.order?.id, "42", "The created order is presented")
        XCTAssertEqual(presenterSpy.createdOrderResponse?.errors, [])
    }

    func testCreateOrderShouldPresentErrorsAndStoreNothingWhenTheFormIsInvalid() async {
        // Given
        var fields = Seeds.validFormFields
        fields.email = "  "
        fields.paymentMethodExpirationDate = "13/29"

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then
        XCTAssertNil(workerSpy.createdOrder, "An invalid order is never stored")
        XCTAssertNil(presenterSpy.createdOrderResponse?.order)
        XCTAssertEqual(presenterSpy.createdOrderResponse?.errors, [
            CreateOrder.FieldError(field: .email, problem: .missing),
            CreateOrder.FieldError(field: .paymentMethodExpirationDate, problem: .monthOutOfRange),
        ])
        XCTAssertEqual(presenterSpy.createdOrderResponse?.orderFormFields, fields, "The form comes back as typed")
        XCTAssertNil(presenterSpy.expirationDateResponse, "An expiry that names no month is shown as typed")
    }

    func testCreateOrderShouldAskPresenterToFormatTheTypedExpiryWhenTheFormComesBack() async {
        // Given
        var fields = Seeds.validFormFields
        fields.email = ""
        fields.paymentMethodExpirationDate = " 1/2031 "

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then
        XCTAssertEqual(presenterSpy.calls, ["presentCreatedOrder", "presentExpirationDate"])
        XCTAssertEqual(presenterSpy.expirationDateResponse?.date, ExpirationDate(year: 2031, month: 1))
    }

    func testCreateOrderShouldPresentASaveFailureWhenTheStoreFails() async {
        // Given
        workerSpy.failure = .cannotCreate("disk full")

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertNil(presenterSpy.createdOrderResponse?.order)
        XCTAssertEqual(presenterSpy.createdOrderResponse?.saveFailure, .storeUnavailable)
        XCTAssertEqual(presenterSpy.createdOrderResponse?.orderFormFields, Seeds.validFormFields)
    }

    // MARK: Tests: edit order

    func testShowOrderToEditShouldPresentTheOrderThenItsExpirationDate() async {
        // When
        await sut.showOrderToEdit(request: CreateOrder.EditOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1")
        XCTAssertEqual(sut.orderToEdit, Seeds.Orders.amy, "The data store keeps the order to edit")
        XCTAssertEqual(presenterSpy.orderToEditResponse?.order, Seeds.Orders.amy)
        XCTAssertEqual(presenterSpy.expirationDateResponse?.date, ExpirationDate(year: 2029, month: 4))
        XCTAssertEqual(presenterSpy.calls, ["presentOrderToEdit", "presentExpirationDate"])
    }

    func testShowOrderToEditShouldPresentNoOrderForAnUnknownID() async {
        // When
        await sut.showOrderToEdit(request: CreateOrder.EditOrder.Request(orderID: "9"))

        // Then
        XCTAssertNil(presenterSpy.orderToEditResponse?.order)
        XCTAssertEqual(presenterSpy.calls, ["presentOrderToEdit"])
    }

    // MARK: Tests: update order

    func testUpdateOrderShouldKeepIDDateAndStoredCardWhenTheCardIsLeftEmpty() async throws {
        // Given
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        fields.shipmentAddressCity = "Palo Alto"

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        let updated = try XCTUnwrap(workerSpy.updatedOrder, "UpdateOrder() should ask OrdersWorker to update the order")
        XCTAssertEqual(updated.id, "1", "The id never changes")
        XCTAssertEqual(updated.date, Seeds.june29, "The date never changes")
        XCTAssertEqual(updated.paymentMethod.creditCardNumber, "4111111111111111", "The stored card is kept")
        XCTAssertEqual(updated.shipmentAddress.city, "Palo Alto")
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.order, updated)
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.orderToEdit, Seeds.Orders.amy)
    }

    func testUpdateOrderShouldTakeANewCardWithItsSecurityCode() async throws {
        // Given
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = "5555-5555-5555-4444"

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        XCTAssertEqual(workerSpy.updatedOrder?.paymentMethod.creditCardNumber, "5555555555554444")
    }

    func testUpdateOrderShouldAskForTheSecurityCodeOfANewCard() async {
        // Given
        var fields = Seeds.validFormFields
        fields.paymentMethodCVV = ""

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        XCTAssertNil(workerSpy.updatedOrder)
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.errors, [CreateOrder.FieldError(field: .paymentMethodCVV, problem: .missing)])
    }

    func testUpdateOrderShouldPresentErrorsAndChangeNothingWhenTheFormIsInvalid() async {
        // Given
        var fields = Seeds.validFormFields
        fields.firstName = ""

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        XCTAssertNil(workerSpy.updatedOrder, "An invalid form changes nothing")
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.errors, [CreateOrder.FieldError(field: .firstName, problem: .missing)])
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.orderToEdit, Seeds.Orders.amy)
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.orderFormFields, fields)
        XCTAssertEqual(presenterSpy.calls, ["presentUpdatedOrder", "presentExpirationDate"], "04/29 is shown normalised")
    }

    func testUpdateOrderShouldPresentNoOrderForAnUnknownID() async {
        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "9", orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertNil(workerSpy.updatedOrder)
        XCTAssertNil(presenterSpy.updatedOrderResponse?.orderToEdit)
        XCTAssertNil(presenterSpy.updatedOrderResponse?.order)
        XCTAssertNil(presenterSpy.updatedOrderResponse?.saveFailure)
    }

    func testUpdateOrderShouldPresentNoOrderWhenTheOrderVanishedMeanwhile() async {
        // Given
        workerSpy.failure = .notFound(id: "1")

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertNil(presenterSpy.updatedOrderResponse?.orderToEdit)
        XCTAssertNil(presenterSpy.updatedOrderResponse?.order)
    }

    func testUpdateOrderShouldPresentASaveFailureWhenTheStoreFails() async {
        // Given
        workerSpy.failure = .cannotUpdate("locked")

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.saveFailure, .storeUnavailable)
        XCTAssertEqual(presenterSpy.updatedOrderResponse?.orderToEdit, Seeds.Orders.amy)
    }

    func testUpdateOrderShouldSaveOverTheVersionTheFormWasOpenedAt() async throws {
        // Given
        var stored = Seeds.Orders.amy
        stored.version = 3
        workerSpy.storedOrder = stored
        var fields = Seeds.validFormFields
        fields.version = "3"

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        XCTAssertEqual(workerSpy.updatedOrder?.version, 3, "The store saves only over version 3")
        XCTAssertNil(presenterSpy.updatedOrderResponse?.conflict)
    }

    func testUpdateOrderShouldPresentAConflictWhenSomeoneElseSavedTheOrderMeanwhile() async throws {
        // Given
        var current = Seeds.Orders.amy
        current.version = 2
        current.phone = "999-999-9999"
        workerSpy.failure = .conflict(current: current)
        var fields = Seeds.validFormFields
        fields.shipmentAddressCity = "Palo Alto"

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        let response = try XCTUnwrap(presenterSpy.updatedOrderResponse)
        XCTAssertEqual(response.conflict, current)
        XCTAssertEqual(response.orderToEdit, current, "The form is now about the order as stored")
        XCTAssertEqual(response.orderFormFields, fields, "Nothing the clerk typed is lost")
        XCTAssertNil(response.order)
        XCTAssertNil(response.saveFailure)
        XCTAssertEqual(sut.orderToEdit, current)
        XCTAssertEqual(presenterSpy.calls, ["presentUpdatedOrder", "presentExpirationDate"])
    }

    func testUpdateOrderShouldTreatAFormWithoutAVersionAsAConflict() async throws {
        for version in ["", "abc", "1.5"] {
            // Given
            workerSpy.updatedOrder = nil
            var fields = Seeds.validFormFields
            fields.version = version

            // When
            await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

            // Then
            XCTAssertNil(workerSpy.updatedOrder, "Nothing is saved from a form of unknown version \(version)")
            XCTAssertEqual(presenterSpy.updatedOrderResponse?.conflict, Seeds.Orders.amy, version)
        }
    }
}
