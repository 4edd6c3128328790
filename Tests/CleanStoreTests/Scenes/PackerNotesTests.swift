import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Notes for the packer (issue 29): the box on the note forms, kept with the note, said on the
/// timeline, printed on the packing slip under "Delivery notes"; a packed order's edit form and
/// page say when its slip is out of date. Each component with spies for its neighbours.
final class PackerNotesTests: XCTestCase {
    func testANoteForThePackerIsAddedAsSuch() async {
        let notes = OrderNotesWorkerSpy()
        let sut = AddOrderNoteInteractor(notesWorker: notes, ordersWorker: OrdersWorkerSpy())
        let presenter = AddOrderNoteInteractorTests.AddOrderNotePresentationLogicSpy()
        sut.presenter = presenter
        for (box, forPacker) in [("on", true), (nil, false), ("yes", false)] as [(String?, Bool)] {
            await sut.addNote(
                request: .init(orderID: "1", fields: .init(text: "Leave at the back door", forPacker: box), signedIn: AccountSeeds.sue.name))
            XCTAssertEqual(notes.addedForPacker, forPacker, "\(String(describing: box))")
            guard case .added(let note) = presenter.addedNoteResponse else { return XCTFail() }
            XCTAssertEqual(note.forPacker, forPacker)
        }
    }

    func testARefusedNoteForThePackerComesBackWithItsBoxTicked() {
        let sut = AddOrderNotePresenter()
        let spy = AddOrderNotePresenterTests.AddOrderNoteDisplayLogicSpy()
        sut.viewController = spy
        sut.presentAddedNote(response: .invalid(orderID: "1", fields: .init(text: "", forPacker: "on"), problem: .missing))
        guard case .invalid(let form) = spy.addedNoteViewModel else { return XCTFail("\(String(describing: spy.addedNoteViewModel))") }
        XCTAssertTrue(form.forPacker)
    }

    func testTheSlipPrintsTheNotesForThePackerOldestFirst() async {
        let notes = OrderNotesWorkerSpy()
        notes.storedNotes["1"] = [
            OrderNote(id: "3", orderID: "1", text: "Fragile: the mug on top", by: nil, at: Seeds.june30, forPacker: true),
            OrderNote(id: "2", orderID: "1", text: "Customer called twice", by: nil, at: Seeds.june30),
            OrderNote(id: "1", orderID: "1", text: "Gift: no invoice\nin the parcel", by: nil, at: Seeds.june29, forPacker: true),
        ]
        let sut = PrintPackingSlipInteractor(ordersWorker: OrdersWorkerSpy(), notesWorker: notes)
        let presenter = PrintPackingSlipInteractorTests.PrintPackingSlipPresentationLogicSpy()
        sut.presenter = presenter
        await sut.getSlip(request: .init(orderID: "1"))
        XCTAssertEqual(notes.notesCalledWithOrderID, "1")
        XCTAssertEqual(presenter.response, .found(Seeds.Orders.amy, deliveryNotes: [notes.storedNotes["1"]![2], notes.storedNotes["1"]![0]]))

        let slipPresenter = PrintPackingSlipPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = PrintPackingSlipPresenterTests.PrintPackingSlipDisplayLogicSpy()
        slipPresenter.viewController = spy
        slipPresenter.presentSlip(response: presenter.response!)
        guard case .slip(let slip) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(slip.deliveryNotes, ["Gift: no invoice\nin the parcel", "Fragile: the mug on top"], "Their text only, never who wrote them")

        notes.failure = .cannotFetch("disk")
        await sut.getSlip(request: .init(orderID: "1"))
        XCTAssertEqual(presenter.response, .storeUnavailable)
    }

    func testTheTimelineSaysANoteIsForThePacker() {
        let sut = ShowOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ShowOrderPresenterTests.ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        sut.presentOrder(
            response: .found(Seeds.Orders.amy, notes: [OrderNote(id: "1", orderID: "1", text: "Fragile", by: nil, at: Seeds.june29, forPacker: true)]))
        guard case .order(let shown) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(shown.timeline.map(\.title), ["Note for the packer"])
    }

    func testAPackedOrdersEditFormSaysFirstThatItsSlipIsPrinted() {
        let sut = CreateOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = CreateOrderPresenterTests.CreateOrderDisplayLogicSpy()
        sut.viewController = spy
        for (status, notice) in [(OrderStatus.packed, CreateOrderPresenter.packedNotice), (.paid, nil), (.new, nil)] as [(OrderStatus, String?)] {
            var order = Seeds.Orders.bob
            order.status = status
            sut.presentOrderToEdit(response: .found(order, shipmentMethods: CreateOrderPresenterTests.shipmentMethods))
            guard case .form(let form, _) = spy.orderToEditViewModel?.page else { return XCTFail() }
            XCTAssertEqual(form.notice, notice, "\(status)")
        }
        XCTAssertEqual(CreateOrderPresenter.packedNotice, "This order is packed. If you change the address, print a new packing slip.")
    }

    func testAPackedOrderWhoseAddressChangedSinceLinksToItsSlip() {
        let sut = ShowOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ShowOrderPresenterTests.ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var packed = Seeds.Orders.amy
        packed.status = .packed
        let packing = OrderEvent(orderID: "1", kind: .updated, by: nil, at: Seeds.june29, statusChange: .init(from: .paid, to: .packed))
        let moved = OrderEvent(
            orderID: "1", kind: .updated, by: nil, at: Seeds.june30, changes: [OrderChange(field: "Shipment address, city", old: "A", new: "B")])
        let phone = OrderEvent(
            orderID: "1", kind: .updated, by: nil, at: Seeds.june30, changes: [OrderChange(field: "Phone number", old: "1", new: "2")])
        for (events, status, expected) in [
            ([moved, packing], OrderStatus.packed, "/orders/1/slip"), ([phone, packing], .packed, nil), ([packing], .packed, nil),
            ([packing, moved], .packed, nil), ([moved], .paid, nil),
        ] as [([OrderEvent], OrderStatus, String?)] {
            var order = packed
            order.status = status
            sut.presentOrder(response: .found(order, events: events))
            guard case .order(let shown) = spy.viewModel else { return XCTFail() }
            XCTAssertEqual(shown.reprintSlipURL, expected, "\(events.map(\.changes)) \(status)")
        }
    }
}
