import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

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
        workerSpy = OrdersWorkerSpy()
        presenterSpy = CreateOrderPresentationLogicSpy()
        sut = CreateOrderInteractor(
            ordersWorker: workerSpy,
            validationWorker: OrderValidationWorker(now: { Seeds.june30 }, timeZone: TimeZone(identifier: "UTC")!),
            orderKeyWorker: OrderKeyWorker(newKey: { Self.freshKey }),
            now: { Seeds.june30 })
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class CreateOrderPresentationLogicSpy: CreateOrderPresentationLogic {
        var newOrderResponse: CreateOrder.NewOrder.Response?
        var createdOrderResponse: CreateOrder.CreateOrder.Response?
        var orderToEditResponse: CreateOrder.EditOrder.Response?
        var updatedOrderResponse: CreateOrder.UpdateOrder.Response?
        var resumedDraftResponse: CreateOrder.ResumeDraft.Response?
        var calls: [String] = []

        func presentResumedDraft(response: CreateOrder.ResumeDraft.Response) {
            resumedDraftResponse = response
            calls.append("presentResumedDraft")
        }

        func presentNewOrder(response: CreateOrder.NewOrder.Response) {
            newOrderResponse = response
            calls.append("presentNewOrder")
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

    /// The key the key worker makes for a new form.
    static let freshKey = "fresh-order-key-0000001"
    /// The key a form was shown with and posts back.
    static let formKey = "form-order-key-00000042"

    static let shipmentMethods = [
        ShipmentMethod(speed: .standard), ShipmentMethod(speed: .oneDay), ShipmentMethod(speed: .twoDay),
    ]

    // MARK: Tests: the empty form

    func testStartNewOrderShouldAskPresenterForAnEmptyFormWithTheShippingMethodsInTheOrderOfTheirValues() {
        // When
        sut.startNewOrder(request: CreateOrder.NewOrder.Request())

        // Then
        XCTAssertEqual(
            presenterSpy.newOrderResponse, CreateOrder.NewOrder.Response(shipmentMethods: Self.shipmentMethods, orderKey: Self.freshKey),
            "A new form, a new one-time key")
        XCTAssertEqual(presenterSpy.calls, ["presentNewOrder"], "One trip through the cycle")
    }

    // MARK: Tests: create order

    func testCreateOrderShouldAskOrdersWorkerToCreateTheNewOrderDatedNow() async throws {
        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: Seeds.validFormFields, signedIn: AccountSeeds.amy.name))

        // Then
        let created = try XCTUnwrap(workerSpy.createdOrder, "CreateOrder() should ask OrdersWorker to create the order")
        XCTAssertEqual(workerSpy.changedBy, AccountSeeds.amy.name, "Created by whoever is signed in")
        XCTAssertNil(created.id, "The store chooses the id")
        XCTAssertEqual(created.date, Seeds.june30, "A new order is dated by the clock")
        XCTAssertEqual(created.firstName, "Amy")
        XCTAssertEqual(created.shipmentAddress.state, "CA", "State is stored upper-cased")
        XCTAssertEqual(created.shipmentMethod.speed, .oneDay)
        XCTAssertEqual(created.paymentMethod.creditCardNumber, "4111111111111111", "Card is stored as digits")
        XCTAssertEqual(created.paymentMethod.expirationDate, ExpirationDate(year: 2029, month: 4))
        XCTAssertEqual(created.billingAddress, created.shipmentAddress, "Same as shipping copies the address")
        var expected = created
        expected.id = "42"
        XCTAssertEqual(presenterSpy.createdOrderResponse, .created(expected), "The created order is presented")
    }

    func testCreateOrderShouldPresentErrorsAndStoreNothingWhenTheFormIsInvalid() async {
        // Given
        var fields = Seeds.validFormFields
        fields.orderKey = Self.formKey
        fields.email = "  "
        fields.paymentMethodExpirationDate = "13/29"

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then
        XCTAssertNil(workerSpy.createdOrder, "An invalid order is never stored")
        XCTAssertEqual(
            presenterSpy.createdOrderResponse,
            .invalid(
                CreateOrder.PostedForm(fields: fields, expirationDate: nil),
                [
                    CreateOrder.FieldError(field: .email, problem: .missing),
                    CreateOrder.FieldError(field: .paymentMethodExpirationDate, problem: .monthOutOfRange),
                ],
                shipmentMethods: Self.shipmentMethods),
            "The form comes back as typed, its key too; an expiry that names no month has no date to show normalised")
    }

    func testCreateOrderShouldHandThePresenterTheMonthTheTypedExpiryNames() async {
        // Given
        var fields = Seeds.validFormFields
        fields.email = ""
        fields.paymentMethodExpirationDate = " 1/2031 "

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then
        guard case .invalid(let posted, _, _) = presenterSpy.createdOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.createdOrderResponse))")
        }
        XCTAssertEqual(posted.expirationDate, ExpirationDate(year: 2031, month: 1))
        XCTAssertEqual(presenterSpy.calls, ["presentCreatedOrder"], "One trip through the cycle")
    }

    func testCreateOrderShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        workerSpy.failure = .cannotCreate("disk full")
        var fields = Seeds.validFormFields
        fields.orderKey = Self.formKey

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then
        XCTAssertEqual(
            presenterSpy.createdOrderResponse,
            .storeUnavailable(
                CreateOrder.PostedForm(fields: fields, expirationDate: ExpirationDate(year: 2029, month: 4)),
                shipmentMethods: Self.shipmentMethods),
            "The form comes back with its key: saved again, it is still the same form")
    }

    // MARK: Tests: no double orders

    func testCreateOrderShouldPassTheFormsKeyToTheWorker() async {
        // Given
        var fields = Seeds.validFormFields
        fields.orderKey = Self.formKey

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then
        XCTAssertEqual(workerSpy.createdWithKey, Self.formKey)
        XCTAssertEqual(presenterSpy.createdOrderResponse.map { if case .created = $0 { true } else { false } }, true)
    }

    func testCreateOrderShouldPresentTheOrderTheFormMadeBeforeWhenItsKeyWasUsed() async {
        // Given: this form was saved before, as order 7 (since paid)
        var first = Seeds.Orders.amy
        first.id = "7"
        first.status = .paid
        workerSpy.failure = .alreadyCreated(first)
        var fields = Seeds.validFormFields
        fields.orderKey = Self.formKey

        // When: it is sent again
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then
        XCTAssertEqual(workerSpy.createdWithKey, Self.formKey)
        XCTAssertEqual(presenterSpy.createdOrderResponse, .alreadyCreated(first), "Nothing new; the first order, as stored now")
        XCTAssertEqual(presenterSpy.calls, ["presentCreatedOrder"], "One trip through the cycle")
    }

    func testCreateOrderWithoutAKeyShouldCreateWithNoKeyAndGiveAFormThatComesBackOne() async {
        // Given: a form from a tab opened before forms had keys, sent with a mistake
        var fields = Seeds.validFormFields
        fields.email = ""

        // When
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

        // Then: the form comes back with a key of its own from now on
        guard case .invalid(let posted, _, _) = presenterSpy.createdOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.createdOrderResponse))")
        }
        XCTAssertEqual(posted.fields.orderKey, Self.freshKey)

        // And: valid, it is created, with no key
        await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: Seeds.validFormFields))
        XCTAssertNotNil(workerSpy.createdOrder)
        XCTAssertNil(workerSpy.createdWithKey)
    }

    func testCreateOrderShouldTreatAnAbsurdKeyAsNoKey() async {
        for absurd in [
            String(repeating: "k", count: 65), "short-key", "key with spaces 0123", "ключ-ключ-ключ-ключ",
            "form-order-key-0000004=", "form-order-key/0000004",
        ] {
            // Given
            setupCreateOrderInteractor()
            var fields = Seeds.validFormFields
            fields.orderKey = absurd

            // When
            await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))

            // Then: saved as a form without a key is; nothing absurd reaches the store
            XCTAssertNotNil(workerSpy.createdOrder, absurd)
            XCTAssertNil(workerSpy.createdWithKey, absurd)

            // And: shown again (a mistake), the form gets a key the app made
            fields.email = ""
            await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))
            guard case .invalid(let posted, _, _) = presenterSpy.createdOrderResponse else {
                return XCTFail("\(absurd): \(String(describing: presenterSpy.createdOrderResponse))")
            }
            XCTAssertEqual(posted.fields.orderKey, Self.freshKey, absurd)
        }
    }

    func testCreateOrderShouldTakeKeysOfEveryLengthTheRuleAllows() async {
        for key in [String(repeating: "a", count: 16), String(repeating: "Z", count: 64), "AZaz09-_AZaz09-_"] {
            setupCreateOrderInteractor()
            var fields = Seeds.validFormFields
            fields.orderKey = key
            await sut.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: fields))
            XCTAssertEqual(workerSpy.createdWithKey, key)
        }
    }

    // MARK: Tests: edit order

    func testShowOrderToEditShouldPresentTheOrder() async {
        // When
        await sut.showOrderToEdit(request: CreateOrder.EditOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1")
        XCTAssertEqual(sut.orderToEdit, Seeds.Orders.amy, "The data store keeps the order to edit")
        XCTAssertEqual(presenterSpy.orderToEditResponse, .found(Seeds.Orders.amy, shipmentMethods: Self.shipmentMethods))
        XCTAssertEqual(presenterSpy.calls, ["presentOrderToEdit"], "One trip through the cycle")
    }

    func testShowOrderToEditShouldPresentNotFoundForAnUnknownID() async {
        // When
        await sut.showOrderToEdit(request: CreateOrder.EditOrder.Request(orderID: "9"))

        // Then
        XCTAssertEqual(presenterSpy.orderToEditResponse, .notFound)
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
        XCTAssertEqual(presenterSpy.updatedOrderResponse, .updated(updated))
        XCTAssertEqual(sut.orderToEdit, Seeds.Orders.amy, "The data store keeps the order as it was read")
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
        guard case .invalid(_, let errors, _, _) = presenterSpy.updatedOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.updatedOrderResponse))")
        }
        XCTAssertEqual(errors, [CreateOrder.FieldError(field: .paymentMethodCVV, problem: .missing)])
    }

    func testUpdateOrderShouldRequireANewCardWhenTheStoredOneIsUnreadable() async throws {
        // Given: the stored card could not be read
        var amy = Seeds.Orders.amy
        amy.paymentMethod = .unreadableCard(expirationDate: amy.paymentMethod.expirationDate)
        workerSpy.storedOrders = [amy]
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""

        // When: the card is left empty
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then: nothing is saved; the card number and its code are asked for
        XCTAssertNil(workerSpy.updatedOrder, "An unreadable card is never kept")
        guard case .invalid(_, let errors, let orderToEdit, _) = presenterSpy.updatedOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.updatedOrderResponse))")
        }
        XCTAssertEqual(
            errors,
            [
                CreateOrder.FieldError(field: .paymentMethodCreditCardNumber, problem: .missing),
                CreateOrder.FieldError(field: .paymentMethodCVV, problem: .missing),
            ])
        XCTAssertEqual(orderToEdit, amy)

        // When: a card is given, it is saved
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Seeds.validFormFields))
        XCTAssertEqual(workerSpy.updatedOrder?.paymentMethod, PaymentMethod(
            creditCardNumber: "4111111111111111", expirationDate: ExpirationDate(year: 2029, month: 4)))
    }

    func testUpdateOrderShouldPresentErrorsAndChangeNothingWhenTheFormIsInvalid() async {
        // Given
        var fields = Seeds.validFormFields
        fields.firstName = ""

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        XCTAssertNil(workerSpy.updatedOrder, "An invalid form changes nothing")
        XCTAssertEqual(
            presenterSpy.updatedOrderResponse,
            .invalid(
                CreateOrder.PostedForm(fields: fields, expirationDate: ExpirationDate(year: 2029, month: 4)),
                [CreateOrder.FieldError(field: .firstName, problem: .missing)],
                orderToEdit: Seeds.Orders.amy, shipmentMethods: Self.shipmentMethods))
        XCTAssertEqual(presenterSpy.calls, ["presentUpdatedOrder"], "One trip through the cycle")
    }

    func testUpdateOrderShouldPresentNotFoundForAnUnknownID() async {
        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "9", orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertNil(workerSpy.updatedOrder)
        XCTAssertEqual(presenterSpy.updatedOrderResponse, .notFound)
    }

    func testUpdateOrderShouldPresentNotFoundWhenTheOrderVanishedMeanwhile() async {
        // Given: the order is read, then deleted before the update
        let worker = VanishingOrderWorkerSpy()
        sut.ordersWorker = worker

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertNotNil(worker.updatedOrder, "The update was tried")
        XCTAssertEqual(presenterSpy.updatedOrderResponse, .notFound)
        XCTAssertNil(sut.orderToEdit)
    }

    /// Reads Amy, then finds her deleted when saving.
    final class VanishingOrderWorkerSpy: OrdersWorker {
        var updatedOrder: Order?

        init() {
            super.init(ordersStore: OrdersMemStore())
        }

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { Seeds.Orders.amy }

        override func updateOrder(orderToUpdate: Order, by: AccountName?) async throws(OrdersStoreError) -> Order {
            updatedOrder = orderToUpdate
            throw .notFound(id: orderToUpdate.id ?? "")
        }
    }

    func testShowOrderToEditShouldPresentStoreUnavailableNotNotFoundWhenTheStoreCannotBeRead() async {
        // Given
        workerSpy.failure = .cannotFetch("locked")

        // When
        await sut.showOrderToEdit(request: CreateOrder.EditOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(presenterSpy.orderToEditResponse, .storeUnavailable)
        XCTAssertEqual(presenterSpy.calls, ["presentOrderToEdit"])
    }

    func testUpdateOrderShouldPresentStoreUnavailableWhenTheStoreCannotBeRead() async {
        // Given
        workerSpy.failure = .cannotFetch("locked")

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertEqual(
            presenterSpy.updatedOrderResponse,
            .storeUnavailable(
                CreateOrder.PostedForm(fields: Seeds.validFormFields, expirationDate: ExpirationDate(year: 2029, month: 4)),
                orderID: "1", orderToEdit: nil, shipmentMethods: Self.shipmentMethods),
            "The form comes back, still about order 1")
    }

    func testUpdateOrderShouldPresentStoreUnavailableWhenTheStoreCannotSave() async {
        // Given
        let worker = FailingUpdateWorkerSpy()
        sut.ordersWorker = worker

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertEqual(
            presenterSpy.updatedOrderResponse,
            .storeUnavailable(
                CreateOrder.PostedForm(fields: Seeds.validFormFields, expirationDate: ExpirationDate(year: 2029, month: 4)),
                orderID: "1", orderToEdit: Seeds.Orders.amy, shipmentMethods: Self.shipmentMethods))
    }

    /// Reads Amy; cannot save.
    final class FailingUpdateWorkerSpy: OrdersWorker {
        init() {
            super.init(ordersStore: OrdersMemStore())
        }

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { Seeds.Orders.amy }

        override func updateOrder(orderToUpdate: Order, by: AccountName?) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate("locked")
        }
    }

    func testUpdateOrderShouldSaveOverTheVersionTheFormWasOpenedAt() async throws {
        // Given
        var stored = Seeds.Orders.amy
        stored.version = 3
        workerSpy.storedOrders = [stored]
        var fields = Seeds.validFormFields
        fields.version = "3"

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields, signedIn: AccountSeeds.sue.name))

        // Then
        XCTAssertEqual(workerSpy.updatedOrder?.version, 3, "The store saves only over version 3")
        XCTAssertEqual(workerSpy.changedBy, AccountSeeds.sue.name, "Changed by whoever is signed in")
        guard case .updated = presenterSpy.updatedOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.updatedOrderResponse))")
        }
    }

    func testUpdateOrderShouldPresentAConflictWithTheStoredAndTheAttemptedOrder() async throws {
        // Given
        var current = Seeds.Orders.amy
        current.version = 2
        current.phone = "999-999-9999"
        let worker = ConflictingWorkerSpy(current: current)
        sut.ordersWorker = worker
        var fields = Seeds.validFormFields
        fields.shipmentAddressCity = "Palo Alto"
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        guard case .conflict(let stored, let attempted, let posted, let methods) = presenterSpy.updatedOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.updatedOrderResponse))")
        }
        XCTAssertEqual(stored, current)
        XCTAssertEqual(attempted.shipmentAddress.city, "Palo Alto", "The order the form would have saved")
        XCTAssertEqual(attempted.phone, "111-111-1111")
        XCTAssertEqual(attempted.shipmentAddress.state, "CA", "Normalised by the validation worker")
        XCTAssertEqual(
            attempted.paymentMethod.creditCardNumber, current.paymentMethod.creditCardNumber,
            "A card left empty is the stored card")
        XCTAssertEqual(attempted.id, "1")
        XCTAssertEqual(posted.fields, fields, "Nothing the clerk typed is lost")
        XCTAssertEqual(methods, Self.shipmentMethods)
        XCTAssertEqual(sut.orderToEdit, current, "The form is now about the order as stored")
        XCTAssertEqual(presenterSpy.calls, ["presentUpdatedOrder"], "One trip through the cycle")
    }

    /// Reads Amy at version 1; the store says someone saved `current` since.
    final class ConflictingWorkerSpy: OrdersWorker {
        let current: Order

        init(current: Order) {
            self.current = current
            super.init(ordersStore: OrdersMemStore())
        }

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { Seeds.Orders.amy }

        override func updateOrder(orderToUpdate: Order, by: AccountName?) async throws(OrdersStoreError) -> Order {
            throw .conflict(current: current)
        }
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
            guard case .conflict(let current, _, _, _) = presenterSpy.updatedOrderResponse else {
                return XCTFail("\(version): \(String(describing: presenterSpy.updatedOrderResponse))")
            }
            XCTAssertEqual(current, Seeds.Orders.amy, version)
        }
    }

    // MARK: Tests: resume a draft

    /// A form as a draft brings it back: the card number and security code were not kept.
    static var draftFields: CreateOrder.OrderFormFields {
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        fields.paymentMethodExpirationDate = "4/29"
        fields.orderKey = formKey
        return fields
    }

    static let draftPosted = CreateOrder.PostedForm(fields: draftFields, expirationDate: ExpirationDate(year: 2029, month: 4))

    func testResumeDraftOfANewOrderShouldPresentItAsTypedReadingAndSavingNothing() async {
        // When
        await sut.resumeDraft(request: CreateOrder.ResumeDraft.Request(orderFormFields: Self.draftFields, orderID: nil))

        // Then: the same form, with the same key
        XCTAssertEqual(presenterSpy.resumedDraftResponse, .newOrder(Self.draftPosted, shipmentMethods: Self.shipmentMethods))
        XCTAssertNil(workerSpy.fetchOrderCalledWithID)
        XCTAssertNil(workerSpy.createdOrder, "Nothing is saved before the clerk checks it")
        XCTAssertEqual(presenterSpy.calls, ["presentResumedDraft"], "One trip through the cycle")
    }

    func testResumeDraftOfANewOrderWithoutAKeyShouldGiveItOne() async {
        // Given: a draft of a form that had no key
        var fields = Self.draftFields
        fields.orderKey = ""

        // When
        await sut.resumeDraft(request: CreateOrder.ResumeDraft.Request(orderFormFields: fields, orderID: nil))

        // Then
        guard case .newOrder(let posted, _) = presenterSpy.resumedDraftResponse else {
            return XCTFail("\(String(describing: presenterSpy.resumedDraftResponse))")
        }
        XCTAssertEqual(posted.fields.orderKey, Self.freshKey)
    }

    func testResumeDraftOfAnEditShouldFetchTheOrderItIsFor() async {
        // When
        await sut.resumeDraft(request: CreateOrder.ResumeDraft.Request(orderFormFields: Self.draftFields, orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1")
        XCTAssertEqual(
            presenterSpy.resumedDraftResponse,
            .editing(Self.draftPosted, orderToEdit: Seeds.Orders.amy, shipmentMethods: Self.shipmentMethods))
        XCTAssertEqual(sut.orderToEdit, Seeds.Orders.amy)
        XCTAssertNil(workerSpy.updatedOrder)
    }

    func testResumeDraftOfAnEditShouldPresentNotFoundWhenTheOrderIsGone() async {
        // When
        await sut.resumeDraft(request: CreateOrder.ResumeDraft.Request(orderFormFields: Self.draftFields, orderID: "99"))

        // Then
        XCTAssertEqual(presenterSpy.resumedDraftResponse, .notFound)
    }

    func testResumeDraftOfAnEditShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        workerSpy.failure = .cannotFetch("locked")

        // When
        await sut.resumeDraft(request: CreateOrder.ResumeDraft.Request(orderFormFields: Self.draftFields, orderID: "1"))

        // Then
        XCTAssertEqual(
            presenterSpy.resumedDraftResponse, .storeUnavailable(Self.draftPosted, orderID: "1", shipmentMethods: Self.shipmentMethods),
            "The typing is not lost")
    }
}
