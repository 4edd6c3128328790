import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class CreateOrderInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: CreateOrderInteractor!
    var presenterSpy: CreateOrderPresentationLogicSpy!
    var workerSpy: OrdersWorkerSpy!
    var historySpy: ViewOrderHistoryInteractorTests.ViewOrderHistoryWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        setupCreateOrderInteractor()
    }

    // MARK: Test setup

    func setupCreateOrderInteractor() {
        workerSpy = OrdersWorkerSpy()
        presenterSpy = CreateOrderPresentationLogicSpy()
        historySpy = ViewOrderHistoryInteractorTests.ViewOrderHistoryWorkerSpy()
        sut = CreateOrderInteractor(
            ordersWorker: workerSpy,
            validationWorker: OrderValidationWorker(now: { Seeds.june30 }, timeZone: TimeZone(identifier: "UTC")!),
            historyWorker: historySpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class CreateOrderPresentationLogicSpy: CreateOrderPresentationLogic {
        var orderToEditResponse: CreateOrder.EditOrder.Response?
        var updatedOrderResponse: CreateOrder.UpdateOrder.Response?
        var resumedDraftResponse: CreateOrder.ResumeDraft.Response?
        var calls: [String] = []

        func presentResumedDraft(response: CreateOrder.ResumeDraft.Response) {
            resumedDraftResponse = response
            calls.append("presentResumedDraft")
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

    static let shipmentMethods = [
        ShipmentMethod(speed: .standard), ShipmentMethod(speed: .oneDay), ShipmentMethod(speed: .twoDay),
    ]

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
        guard case .conflict(let stored, let attempted, let posted, let merge, _, let methods) = presenterSpy.updatedOrderResponse else {
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
        XCTAssertEqual(merge.outcomes[.phone], .unknown, "A form without its base cannot say whose change the phone is")
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
            guard case .conflict(let current, _, _, _, _, _) = presenterSpy.updatedOrderResponse else {
                return XCTFail("\(version): \(String(describing: presenterSpy.updatedOrderResponse))")
            }
            XCTAssertEqual(current, Seeds.Orders.amy, version)
        }
    }

    // MARK: Tests: two clerks, different fields (the merge)

    /// Amy at version 2: Sue changed the phone number since version 1.
    static var changedBySue: Order {
        var order = Seeds.Orders.amy
        order.version = 2
        order.phone = "222-222-2222"
        order.updatedBy = AccountSeeds.sue.name
        return order
    }

    static let sueChangedThePhone = OrderEvent(
        orderID: "1", kind: .updated, by: AccountSeeds.sue.name, at: Seeds.june30,
        changes: [OrderChange(field: "Phone number", old: "111-111-1111", new: "222-222-2222")])

    /// Amy's edit form opened at version 1 (its base Amy as she was), the city changed.
    static var formChangingTheCity: CreateOrder.OrderFormFields {
        var fields = Seeds.validFormFields
        fields.base = OrderEditMerge.values(of: Seeds.Orders.amy)
        fields.shipmentMethodSpeed = "0"
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        fields.shipmentAddressCity = "Palo Alto"
        return fields
    }

    func testUpdateOrderShouldMergeAFormSavedOverAChangeOfAnotherField() async throws {
        // Given
        workerSpy.storedOrders = [Self.changedBySue]
        historySpy.events = [Self.sueChangedThePhone]

        // When
        await sut.updateOrder(
            request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Self.formChangingTheCity, signedIn: AccountSeeds.amy.name))

        // Then
        let saved = try XCTUnwrap(workerSpy.updatedOrder)
        XCTAssertEqual(saved.phone, "222-222-2222", "Sue's change is kept")
        XCTAssertEqual(saved.shipmentAddress.city, "Palo Alto", "Amy's is applied")
        XCTAssertEqual(saved.version, 2, "Saved over the version read: the store still checks it")
        XCTAssertEqual(workerSpy.changedBy, AccountSeeds.amy.name)
        XCTAssertEqual(historySpy.fetchEventsCalledWithID, "1", "Who changed what is read from the history")
        XCTAssertEqual(
            presenterSpy.updatedOrderResponse,
            .merged(saved, theirChanges: [CreateOrder.FieldChange(field: .phone, by: AccountSeeds.sue.name)]))
        XCTAssertEqual(presenterSpy.calls, ["presentUpdatedOrder"])
    }

    func testUpdateOrderShouldPresentOnlyTheFieldsBothChangedToDifferentValues() async throws {
        // Given: Amy typed another phone number and another city
        workerSpy.storedOrders = [Self.changedBySue]
        historySpy.events = [Self.sueChangedThePhone]
        var fields = Self.formChangingTheCity
        fields.phone = "333-333-3333"

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: fields))

        // Then
        XCTAssertNil(workerSpy.updatedOrder, "Nothing is saved")
        guard case .conflict(let current, let attempted, let posted, let merge, let changedBy, _) = presenterSpy.updatedOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.updatedOrderResponse))")
        }
        XCTAssertEqual(current, Self.changedBySue)
        XCTAssertEqual(attempted.phone, "333-333-3333")
        XCTAssertEqual(posted.fields, fields)
        XCTAssertEqual(merge.conflicts, [.phone], "Only the phone is asked again")
        XCTAssertEqual(merge.outcomes[.shipmentAddressCity], .mine)
        XCTAssertEqual(changedBy, [.phone: AccountSeeds.sue.name])
    }

    /// The history cannot be read: the merge still keeps both changes, naming no one.
    func testUpdateOrderShouldMergeWithoutNamesWhenTheHistoryCannotBeRead() async throws {
        workerSpy.storedOrders = [Self.changedBySue]
        historySpy.failure = .unavailable("down")

        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Self.formChangingTheCity))

        let saved = try XCTUnwrap(workerSpy.updatedOrder)
        XCTAssertEqual(presenterSpy.updatedOrderResponse, .merged(saved, theirChanges: [CreateOrder.FieldChange(field: .phone, by: nil)]))
    }

    /// A third clerk saves between the read and the write: the store refuses the write, and the
    /// form is merged again over the newer order, never overwriting it.
    func testUpdateOrderShouldMergeAgainWhenTheStoreSaysTheOrderChangedOnceMore() async throws {
        // Given
        var third = Self.changedBySue
        third.version = 3
        third.email = "amy@example.com"
        third.updatedBy = AccountSeeds.amy.name
        let worker = RefusingOnceWorkerSpy(stored: Self.changedBySue, newer: third)
        sut.ordersWorker = worker
        historySpy.events = [
            OrderEvent(
                orderID: "1", kind: .updated, by: AccountSeeds.amy.name, at: Seeds.june30,
                changes: [OrderChange(field: "Email address", old: "amy.apple@clean-swift.com", new: "amy@example.com")]),
            Self.sueChangedThePhone,
        ]

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Self.formChangingTheCity))

        // Then
        XCTAssertEqual(worker.attempts.map(\.version), [2, 3], "Each write checked against the version it merged over")
        let saved = try XCTUnwrap(worker.attempts.last)
        XCTAssertEqual(saved.email, "amy@example.com", "The third save is kept")
        XCTAssertEqual(saved.phone, "222-222-2222", "And the second")
        XCTAssertEqual(saved.shipmentAddress.city, "Palo Alto", "And this one applied")
        XCTAssertEqual(
            presenterSpy.updatedOrderResponse,
            .merged(
                saved,
                theirChanges: [
                    CreateOrder.FieldChange(field: .phone, by: AccountSeeds.sue.name),
                    CreateOrder.FieldChange(field: .email, by: AccountSeeds.amy.name),
                ]))
    }

    /// Saved over at every try (five times): the form comes back unsaved, as typed, never written
    /// over a version it was not merged with.
    func testUpdateOrderShouldGiveTheFormBackWhenTheOrderKeepsChangingUnderIt() async throws {
        // Given: every write is refused, the order one version on each time
        let worker = AlwaysNewerWorkerSpy(stored: Self.changedBySue)
        sut.ordersWorker = worker

        // When
        await sut.updateOrder(request: CreateOrder.UpdateOrder.Request(orderID: "1", orderFormFields: Self.formChangingTheCity))

        // Then
        XCTAssertEqual(worker.attempts.map(\.version), [2, 3, 4, 5, 6], "Each merged over the version read")
        guard case .storeUnavailable(let posted, "1", _, _) = presenterSpy.updatedOrderResponse else {
            return XCTFail("\(String(describing: presenterSpy.updatedOrderResponse))")
        }
        XCTAssertEqual(posted.fields, Self.formChangingTheCity, "Nothing typed is lost")
    }

    /// Reads `stored`; refuses every write with the order one version on.
    final class AlwaysNewerWorkerSpy: OrdersWorker {
        let stored: Order
        var attempts: [Order] = []

        init(stored: Order) {
            self.stored = stored
            super.init(ordersStore: OrdersMemStore())
        }

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { stored }

        override func updateOrder(orderToUpdate: Order, by: AccountName?) async throws(OrdersStoreError) -> Order {
            attempts.append(orderToUpdate)
            var newer = orderToUpdate
            newer.version += 1
            throw .conflict(current: newer)
        }
    }

    /// Reads `stored`; the first write is refused with `newer` (saved meanwhile), the next saved.
    final class RefusingOnceWorkerSpy: OrdersWorker {
        let stored: Order
        let newer: Order
        var attempts: [Order] = []

        init(stored: Order, newer: Order) {
            self.stored = stored
            self.newer = newer
            super.init(ordersStore: OrdersMemStore())
        }

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { stored }

        override func updateOrder(orderToUpdate: Order, by: AccountName?) async throws(OrdersStoreError) -> Order {
            attempts.append(orderToUpdate)
            if attempts.count == 1 { throw .conflict(current: newer) }
            return orderToUpdate
        }
    }

    // MARK: Tests: resume a draft

    /// A form as a draft brings it back: the card number and security code were not kept.
    static var draftFields: CreateOrder.OrderFormFields {
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        fields.paymentMethodExpirationDate = "4/29"
        return fields
    }

    static let draftPosted = CreateOrder.PostedForm(fields: draftFields, expirationDate: ExpirationDate(year: 2029, month: 4))

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
