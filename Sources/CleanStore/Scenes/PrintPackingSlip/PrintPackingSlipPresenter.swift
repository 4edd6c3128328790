protocol PrintPackingSlipPresentationLogic: AnyObject {
    func presentSlip(response: PrintPackingSlip.GetSlip.Response)
}

final class PrintPackingSlipPresenter: PrintPackingSlipPresentationLogic {
    typealias ViewModel = PrintPackingSlip.GetSlip.ViewModel

    weak var viewController: PrintPackingSlipDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Get slip

    /// Takes from the order only what goes into the parcel: never its payment method (no card
    /// number, no last four digits, no expiry), nor its billing address, nor any price.
    func presentSlip(response: PrintPackingSlip.GetSlip.Response) {
        let viewModel: ViewModel
        switch response {
        case .found(let order, let deliveryNotes):
            let id = order.id ?? ""
            var slip = ViewModel.DisplayedSlip(
                    title: "Packing slip for order \(id)",
                    orderID: id,
                    date: formatter.longDate(order.date),
                    machineDate: formatter.machineDate(order.date),
                    status: order.status.toString(),
                    cancelledNotice: order.status == .cancelled ? "This order was cancelled. Do not pack or ship it." : nil,
                    shipTo: [formatter.name(order)] + formatter.addressLines(order.shipmentAddress),
                    shipmentMethod: order.shipmentMethod.toString(),
                    orderURL: Paths.order(id))
            // The lines without their prices: a slip goes into the parcel.
            slip.lines = order.lines.map { ViewModel.DisplayedLine(sku: $0.sku, name: $0.name, quantity: String($0.quantity)) }
            if !order.itemsRecorded {
                slip.itemsNote = ShowOrderPresenter.itemsNotRecorded
            } else if order.lines.isEmpty {
                slip.itemsNote = "This order has no items."
            }
            slip.deliveryNotes = deliveryNotes.map(\.text)
            viewModel = .slip(slip)
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displaySlip(viewModel: viewModel)
    }
}
