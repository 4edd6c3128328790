import Foundation

enum BulkMoveOrders {
    /// What the list's bulk form posts (`POST /orders/bulk`), and the shipment's confirmation page
    /// after it: the move (`action`), each selected order as `id.version` (the version the list
    /// showed), the list it came from (`list`: its query, to go back to), and, on the confirmation
    /// page, the batch's key and its carrier. Text as it came.
    struct BulkFormFields: Equatable, Decodable, Sendable {
        var action: String?
        /// `selected[]=1042.7`: the form decoder reads `selected[]` as an array.
        var selected: [String]? = nil
        var list: String? = nil
        /// The batch's key, carried by the confirmation page: a replayed form finds its batch.
        var key: String? = nil
        var carrier: String? = nil
        var carrierOther: String? = nil

        /// The move the form asks for (never a cancel: a bulk move only goes forward); nil for a
        /// form that is none of ours.
        var move: OrderStatus.Action? {
            guard let action = action.flatMap(OrderStatus.Action.init(rawValue:)), action != .cancel else { return nil }
            return action
        }

        /// Who may post it, as the route table decides (`OrderUse`): whoever may make the move.
        var use: OrderUse { .changeStatus(move) }
    }

    /// One selected order: its id and the version the clerk's list showed.
    struct Selection: Equatable {
        var orderID: String
        var version: Int

        /// `1042.7`; nil for anything else.
        init?(_ field: String) {
            let parts = field.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, OrderID.rowID(String(parts[0])) != nil, parts[1].allSatisfy(\.isASCII),
                let version = Int(parts[1]), version >= 0
            else { return nil }
            orderID = String(parts[0])
            self.version = version
        }

        init(orderID: String, version: Int) {
            self.orderID = orderID
            self.version = version
        }

        /// As the form carries it.
        var field: String { "\(orderID).\(version)" }
    }

    /// The list a bulk form came from: its search, filters and sort, and its page.
    struct ListQuery: Equatable {
        var filters = OrdersFilterParameters()
        var after: String? = nil
        var before: String? = nil
    }

    // MARK: Use cases

    enum MoveOrders {
        struct Request {
            var fields: BulkFormFields
            var list = ListQuery()
            var signedIn: SignedIn? = nil
        }

        /// A selected order as the confirmation page lists it: as stored now, or gone.
        struct Selected: Equatable {
            var selection: Selection
            var order: Order?
        }

        enum Response: Equatable {
            /// Nothing was selected: the list again, saying so; nothing changed.
            case noSelection(OrderStatus.Action, list: ListQuery)
            /// More than `BulkMoveWrites.maximumOrders`: the list again, saying so; nothing changed.
            case tooMany(OrderStatus.Action, count: Int, list: ListQuery)
            /// Shipped is final: the orders, asking for the batch's carrier first (`problems` when the
            /// carrier given cannot be kept); nothing changed.
            case confirmShipment([Selected], key: String, list: ListQuery, typed: BulkFormFields, problems: ChangeOrderStatus.ShipmentProblems?)
            /// The batch (moved now, or begun before under the form's key: a replay moves nothing more).
            case moved(batchID: String)
            /// No known move, or a selection that is none: the form was not ours.
            case badRequest
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            /// The list again with an error summary saying what to do (422).
            case listWithProblem(list: ListQuery, problem: String)
            case confirmation(Confirmation)
            /// 303 to the batch's result page.
            case moved(batchID: String)
            case badRequest
            case unavailable
        }
    }

    enum GetBatch {
        struct Request {
            var batchID: String
        }

        enum Response: Equatable {
            case batch(BulkBatch)
            case notFound
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            case result(Result)
            case notFound
            case unavailable
        }
    }

    // MARK: View models

    /// A selected order on the confirmation page.
    struct ConfirmedOrder: Equatable {
        var id: String
        var url: String?
        var field: String
        var name: String
        var status: String
        var total: String
    }

    /// The confirmation page of a batch marked shipped (`Views/BulkMoveOrders/confirm.mustache`).
    struct Confirmation: Equatable {
        var heading: String
        var action: String
        var move: String
        var key: String
        var list: String
        var listURL: String
        var orders: [ConfirmedOrder]
        var carriers: [ChangeOrderStatus.ShipForm.Carrier]
        var carrierError: String?
        var carrierOther: String
        var carrierOtherError: String?
        var button: String
        var errors: [ChangeOrderStatus.DisplayedError]
        var hasErrors: Bool { !errors.isEmpty }
        /// The error summary's message about the whole form: none, each field says what is wrong.
        var formMessage: String? = nil
        /// The page's title: the heading, saying first when there is a problem.
        var title: String { (hasErrors ? "Error: " : "") + heading }
    }

    /// An order on the result page, and what became of it.
    struct ResultOrder: Equatable {
        var id: String
        /// nil for an order deleted since.
        var url: String?
        var name: String
        var reason: String
    }

    /// The result page of a batch (`GET /orders/bulk/{id}`, `Views/BulkMoveOrders/result.mustache`).
    struct Result: Equatable {
        /// "12 orders marked as shipped" (the page's title too).
        var heading: String
        /// "Bulk move 4 by Sam Clerk (sam), 25 Nov 2026, 2:05pm: 14 orders selected. Carrier: UPS."
        var summary: String
        var moved: [ResultOrder]
        var movedHeading: String?
        var done: [ResultOrder]
        var doneHeading: String?
        var notMoved: [ResultOrder]
        var notMovedHeading: String?
        /// Said when fewer outcomes are kept than orders were selected (the move was interrupted).
        var unfinished: String?
        /// For a batch marked shipped: how tracking numbers are added.
        var trackingHint: String?
        var listURL: String
        var listLabel: String
    }
}
