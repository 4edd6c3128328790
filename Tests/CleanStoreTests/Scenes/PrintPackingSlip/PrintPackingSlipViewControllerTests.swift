import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PrintPackingSlipViewControllerTests: XCTestCase {
    typealias ViewModel = PrintPackingSlip.GetSlip.ViewModel

    // MARK: Subject under test

    var sut: PrintPackingSlipViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = PrintPackingSlipViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class PrintPackingSlipBusinessLogicSpy: PrintPackingSlipBusinessLogic {
        var getSlipRequest: PrintPackingSlip.GetSlip.Request?

        func getSlip(request: PrintPackingSlip.GetSlip.Request) async {
            getSlipRequest = request
        }
    }

    static let slip = ViewModel.DisplayedSlip(
        title: "Packing slip for order 7", orderID: "7", date: "30 June 2007", machineDate: "2007-06-30", status: "Packed",
        cancelledNotice: nil, shipTo: ["Bob Battery", "3 Ship Street", "Boston, MA 02108-1234"], shipmentMethod: "Two-Day Shipping",
        orderURL: "/orders/7")

    // MARK: Tests

    func testShowSlipShouldGetTheSlipOfTheOrderNamedInTheURL() async {
        // Given
        let spy = PrintPackingSlipBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.showSlip(id: "7")

        // Then
        XCTAssertEqual(spy.getSlipRequest?.orderID, "7", "Requesting the slip should ask the interactor for that order's slip")
    }

    func testDisplaySlipShouldRenderTheSlipInThePrintLayout() {
        // When
        sut.displaySlip(viewModel: .slip(Self.slip))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "PrintPackingSlip/slip")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Packing slip for order 7")
        XCTAssertEqual(pagesSpy.rendered.first?.context as? ViewModel.DisplayedSlip, Self.slip)
        XCTAssertEqual(pagesSpy.rendered.first?.layout, .print, "No site header, no navigation")
        XCTAssertNil(pagesSpy.rendered.first?.flash)
        XCTAssertEqual(sut.response?.status, .ok)
    }

    func testDisplaySlipShouldRenderA404PageInTheAppsLayoutWhenThereIsNoOrder() {
        // When
        sut.displaySlip(viewModel: .notFound)

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "error")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Page not found")
        XCTAssertEqual(pagesSpy.rendered.first?.layout, .site)
        XCTAssertEqual(sut.response?.status, .notFound)
    }

    func testDisplaySlipShouldRenderA503PageWhenTheOrderCouldNotBeLoaded() {
        // When
        sut.displaySlip(viewModel: .unavailable)

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "error")
        XCTAssertEqual(pagesSpy.rendered.first?.layout, .site)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    func testEveryPropertyOfTheViewModelIsReachableFromTheTemplate() {
        // Given: every optional set
        var slip = Self.slip
        slip.cancelledNotice = "This order was cancelled. Do not pack or ship it."
        slip.itemsNote = ShowOrderPresenter.itemsNotRecorded

        // When
        let unreachable = Mirror(reflecting: slip).children.compactMap(\.label).filter { slip.child(named: $0) == nil }

        // Then
        XCTAssertEqual(unreachable, [], "Add these to the template table in ViewModels+PrintPackingSlip.swift")
    }
}
