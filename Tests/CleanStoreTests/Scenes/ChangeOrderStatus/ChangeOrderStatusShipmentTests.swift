import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Shipping (issue 29): the confirmation page's order, the carrier and tracking number a move to
/// shipped carries, and a shipped order's tracking number, through the interactor, the presenter
/// and the view controller, each with spies for its neighbours.
final class ChangeOrderStatusShipmentTests: XCTestCase {
    typealias InteractorSpy = ChangeOrderStatusInteractorTests.ChangeOrderStatusPresentationLogicSpy
    typealias DisplaySpy = ChangeOrderStatusPresenterTests.ChangeOrderStatusDisplayLogicSpy

    let clerk = SignedIn(name: testAccount.name, role: .clerk)

    func interactor() -> (ChangeOrderStatusInteractor, OrdersWorkerSpy, InteractorSpy) {
        let worker = OrdersWorkerSpy()
        let sut = ChangeOrderStatusInteractor(ordersWorker: worker)
        let presenter = InteractorSpy()
        sut.presenter = presenter
        return (sut, worker, presenter)
    }

    func order(_ status: OrderStatus) -> Order {
        var order = Seeds.Orders.amy
        order.status = status
        return order
    }

    func ship(carrier: String?, other: String? = nil, tracking: String? = nil) -> ChangeOrderStatus.ChangeStatus.Request {
        ChangeOrderStatus.ChangeStatus.Request(
            orderID: "1", fields: .init(action: "markShipped", version: "1", carrier: carrier, carrierOther: other, trackingNumber: tracking),
            signedIn: clerk)
    }

    // MARK: Interactor

    func testTheShipPageIsForAPackedOrderOnly() async {
        let (sut, worker, presenter) = interactor()
        for status in OrderStatus.allCases {
            worker.storedOrders = [order(status)]
            await sut.getOrderToShip(request: .init(orderID: "1"))
            let expected: ChangeOrderStatus.GetOrderToShip.Response = status == .packed ? .order(order(status)) : .notAllowed(order(status))
            XCTAssertEqual(presenter.toShip, expected, "\(status)")
        }
        await sut.getOrderToShip(request: .init(orderID: "404"))
        XCTAssertEqual(presenter.toShip, .notFound)
        worker.failure = .cannotFetch("disk")
        await sut.getOrderToShip(request: .init(orderID: "1"))
        XCTAssertEqual(presenter.toShip, .storeUnavailable)
    }

    func testShippingAsksTheWorkerWithTheCarrierAndTheTrackingNumberAsKept() async {
        let (sut, worker, presenter) = interactor()
        worker.storedOrders = [order(.packed)]
        await sut.changeStatus(request: ship(carrier: "UPS", tracking: " 1z 999-aa1 0123 4567 84 "))
        XCTAssertEqual(worker.statusChange?.to, .shipped)
        XCTAssertEqual(worker.shipment, Shipment(carrier: "UPS", trackingNumber: "1Z999AA10123456784"), "Spaces and hyphens dropped, uppercased")
        guard case .changed(let shipped, .markShipped) = presenter.change else { return XCTFail("\(String(describing: presenter.change))") }
        XCTAssertEqual(shipped.carrier, "UPS")

        await sut.changeStatus(request: ship(carrier: "other", other: "  Parcelforce ", tracking: ""))
        XCTAssertEqual(worker.shipment, Shipment(carrier: "Parcelforce", trackingNumber: nil), "Another carrier, by name; no number")

        // A carrier's 16 digits that pass the Luhn check are a parcel's number, not a card's.
        await sut.changeStatus(request: ship(carrier: "USPS", tracking: "4111 1111 1111 1111"))
        XCTAssertEqual(worker.shipment, Shipment(carrier: "USPS", trackingNumber: "4111111111111111"))
    }

    func testAShipmentThatCannotBeKeptIsTheFormAgainAndChangesNothing() async {
        let (sut, worker, presenter) = interactor()
        worker.storedOrders = [order(.packed)]
        for (request, problems) in [
            (ship(carrier: nil), ChangeOrderStatus.ShipmentProblems(carrierMissing: true)),
            (ship(carrier: "Pigeon"), .init(carrierMissing: true)),
            (ship(carrier: "other", other: " "), .init(carrierOther: .missing)),
            (ship(carrier: "other", other: "Card 4111 1111 1111 1111"), .init(carrierOther: .looksLikeCardNumber)),
            (ship(carrier: "UPS", tracking: "1Z-99"), .init(trackingNumber: .tooShort)),
            (ship(carrier: "UPS", tracking: String(repeating: "9", count: 41)), .init(trackingNumber: .tooLong)),
            (ship(carrier: nil, tracking: "1Z999AA1<script>"), .init(carrierMissing: true, trackingNumber: .notLettersAndDigits)),
        ] {
            worker.statusChange = nil
            await sut.changeStatus(request: request)
            XCTAssertEqual(presenter.change, .shipmentRefused(order(.packed), problems, typed: request.fields), "\(request.fields)")
            XCTAssertNil(worker.statusChange, "\(request.fields)")
        }
    }

    func testATrackingNumberIsAskedOfTheWorkerAndAnsweredAsTheStoreDecides() async {
        let (sut, worker, presenter) = interactor()
        var shipped = order(.shipped)
        worker.storedOrders = [shipped]
        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "jd0146 0000 6281 230", version: "4"), signedIn: clerk))
        XCTAssertEqual(worker.trackingChange?.trackingNumber, "JD014600006281230")
        XCTAssertEqual(worker.trackingChange?.expectedVersion, 4)
        XCTAssertEqual(worker.changedBy, clerk.name)
        shipped.trackingNumber = "JD014600006281230"
        shipped.version += 1
        XCTAssertEqual(presenter.tracking, .changed(shipped))

        worker.trackingChange = nil
        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "12", version: "4"), signedIn: clerk))
        XCTAssertEqual(presenter.tracking, .refused(order(.shipped), .tooShort, typed: "12"))
        XCTAssertNil(worker.trackingChange)

        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "JD0146000062", version: nil), signedIn: clerk))
        XCTAssertEqual(presenter.tracking, .badRequest)

        var other = order(.shipped)
        other.trackingNumber = "OTHER123"
        worker.failure = .conflict(current: other)
        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "JD0146000062", version: "4"), signedIn: clerk))
        XCTAssertEqual(presenter.tracking, .conflict(current: other))
        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "other123", version: "4"), signedIn: clerk))
        XCTAssertEqual(presenter.tracking, .changed(other), "The same number again (a second click): done")

        worker.failure = .statusNotAllowed(current: order(.packed), to: .shipped)
        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "JD0146000062", version: "4"), signedIn: clerk))
        XCTAssertEqual(presenter.tracking, .notShipped(current: order(.packed)))
        worker.failure = .notFound(id: "1")
        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "", version: "4"), signedIn: clerk))
        XCTAssertEqual(presenter.tracking, .notFound)
        worker.failure = .cannotUpdate("disk")
        await sut.changeTracking(request: .init(orderID: "1", fields: .init(trackingNumber: "", version: "4"), signedIn: clerk))
        XCTAssertEqual(presenter.tracking, .storeUnavailable)
    }

    // MARK: Presenter

    func presenter() -> (ChangeOrderStatusPresenter, DisplaySpy) {
        let sut = ChangeOrderStatusPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = DisplaySpy()
        sut.viewController = spy
        return (sut, spy)
    }

    func testTheShipFormOffersTheCarriersAndOtherAndPostsTheMove() throws {
        let (sut, spy) = presenter()
        var packed = order(.packed)
        packed.version = 3
        sut.presentOrderToShip(response: .order(packed))
        guard case .form(let form) = spy.toShip else { return XCTFail("\(String(describing: spy.toShip))") }
        XCTAssertEqual(form.heading, "Ship order 1")
        XCTAssertEqual(form.title, "Ship order 1")
        XCTAssertEqual(form.action, "/orders/1/status")
        XCTAssertEqual(form.version, "3")
        XCTAssertEqual(form.carriers.map(\.label), ["UPS", "USPS", "FedEx", "DHL", "Other"])
        XCTAssertEqual(form.carriers.map(\.value), ["UPS", "USPS", "FedEx", "DHL", "other"])
        XCTAssertEqual(form.carriers.first?.id, "carrier", "The first radio's id is the field's name: the summary links to it")
        XCTAssertEqual(Set(form.carriers.map(\.id)).count, 5)
        XCTAssertFalse(form.carriers.contains(where: \.checked))
        XCTAssertFalse(form.hasErrors)

        sut.presentOrderToShip(response: .notAllowed(order(.paid)))
        XCTAssertEqual(spy.toShip, .refused(.statusNotAllowed(orderID: "1", now: .paid, wanted: .shipped)))
        sut.presentOrderToShip(response: .notAllowed(order(.shipped)))
        XCTAssertEqual(spy.toShip, .refused(.readOnly(orderID: "1", status: .shipped)))
    }

    func testAShipmentThatCannotBeKeptComesBackAsTypedWithEachProblem() throws {
        let (sut, spy) = presenter()
        let typed = ChangeOrderStatus.StatusFormFields(action: "markShipped", version: "1", carrier: "other", carrierOther: "x", trackingNumber: "12")
        sut.presentStatusChange(
            response: .shipmentRefused(order(.packed), .init(carrierOther: .looksLikeCardNumber, trackingNumber: .tooShort), typed: typed))
        guard case .shipForm(let form) = spy.change else { return XCTFail("\(String(describing: spy.change))") }
        XCTAssertEqual(form.title, "Error: Ship order 1")
        XCTAssertEqual(form.carriers.filter(\.checked).map(\.value), ["other"])
        XCTAssertEqual(form.carrierOther, "x")
        XCTAssertEqual(form.trackingNumber, "12")
        XCTAssertEqual(
            form.errors,
            [
                .init(field: "carrierOther", message: "Remove the card number from the carrier's name"),
                .init(field: "trackingNumber", message: "Tracking number must be at least 8 letters or digits"),
            ])
        sut.presentStatusChange(response: .shipmentRefused(order(.packed), .init(carrierMissing: true), typed: .init()))
        guard case .shipForm(let missing) = spy.change else { return XCTFail() }
        XCTAssertEqual(missing.carrierError, "Select the carrier")
        XCTAssertEqual(missing.errors, [.init(field: "carrier", message: "Select the carrier")])
    }

    func testATrackingNumberSavedGoesBackToTheOrderSayingSo() throws {
        let (sut, spy) = presenter()
        var shipped = order(.shipped)
        shipped.trackingNumber = "1Z999AA10123456784"
        sut.presentTrackingChange(response: .changed(shipped))
        XCTAssertEqual(spy.tracking, .changed(orderID: "1", flash: "Tracking number of order 1 saved: 1Z999AA10123456784."))
        shipped.trackingNumber = nil
        sut.presentTrackingChange(response: .changed(shipped))
        XCTAssertEqual(spy.tracking, .changed(orderID: "1", flash: "Tracking number of order 1 removed."))

        sut.presentTrackingChange(response: .refused(shipped, .notLettersAndDigits, typed: "1Z<b>"))
        guard case .form(let form) = spy.tracking else { return XCTFail("\(String(describing: spy.tracking))") }
        XCTAssertEqual(form.title, "Error: Tracking number of order 1")
        XCTAssertEqual(form.trackingNumber, "1Z<b>", "As typed (the template escapes it)")
        XCTAssertEqual(form.errors, [.init(field: "trackingNumber", message: "Tracking number must only include letters and digits")])
        XCTAssertEqual(form.action, "/orders/1/tracking")

        sut.presentTrackingChange(response: .notShipped(current: order(.cancelled)))
        XCTAssertEqual(spy.tracking, .refused(.readOnly(orderID: "1", status: .cancelled)))
        sut.presentTrackingChange(response: .notShipped(current: order(.packed)))
        guard case .refused(.editRefused("1", let why)) = spy.tracking else { return XCTFail() }
        XCTAssertTrue(why.contains("not shipped yet"), why)
        sut.presentTrackingChange(response: .conflict(current: shipped))
        guard case .refused(.editRefused("1", let stale)) = spy.tracking else { return XCTFail() }
        XCTAssertTrue(stale.contains("after its page was opened"), stale)
    }

    // MARK: View controller

    func testTheShipRoutesPassTheOrderAndTheFormAndThePagesAnswerWithTheirStatus() async throws {
        let pages = PageRendererSpy()
        let sut = ChangeOrderStatusViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = ChangeOrderStatusViewControllerTests.ChangeOrderStatusBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showShipForm(id: "7")
        XCTAssertEqual(spy.toShip?.orderID, "7")
        let fields = ChangeOrderStatus.TrackingFormFields(trackingNumber: "1Z999AA1", version: "2")
        _ = await sut.changeTracking(id: "7", fields: fields)
        XCTAssertEqual(spy.tracking?.orderID, "7")
        XCTAssertEqual(spy.tracking?.fields, fields)
        XCTAssertEqual(spy.tracking?.signedIn, testBrowser.signedIn)

        let form = ChangeOrderStatus.ShipForm(
            title: "Ship order 7", heading: "Ship order 7", summary: "s", action: "/orders/7/status", version: "2", carriers: [],
            carrierError: nil, carrierOther: "", carrierOtherError: nil, trackingNumber: "", trackingNumberError: nil,
            orderURL: "/orders/7", errors: [])
        sut.displayOrderToShip(viewModel: .form(form))
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pages.rendered.last?.template, "ChangeOrderStatus/ship")
        XCTAssertEqual((pages.rendered.last?.context as? ChangeOrderStatusViewController.ShipPage)?.csrfToken, testCSRFToken)
        sut.displayStatusChange(viewModel: .shipForm(form))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        sut.displayOrderToShip(viewModel: .refused(.readOnly(orderID: "7", status: .shipped)))
        XCTAssertEqual(sut.response?.status, .conflict)

        let trackingForm = ChangeOrderStatus.TrackingForm(
            title: "t", heading: "h", action: "/orders/7/tracking", version: "2", trackingNumber: "1", trackingNumberError: "e",
            orderURL: "/orders/7", errors: [.init(field: "trackingNumber", message: "e")])
        sut.displayTrackingChange(viewModel: .form(trackingForm))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        XCTAssertEqual(pages.rendered.last?.template, "ChangeOrderStatus/tracking")
        sut.displayTrackingChange(viewModel: .changed(orderID: "7", flash: "f"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders/7")
        sut.displayTrackingChange(viewModel: .badRequest)
        XCTAssertEqual(sut.response?.status, .badRequest)
        sut.displayTrackingChange(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayTrackingChange(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }
}
