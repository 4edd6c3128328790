enum ChangeOrderStatus {
    /// What a status change posts (`POST /orders/{id}/status`): the action, the version of the order
    /// the page showed, and (to cancel) a reason. Text as it came.
    struct StatusFormFields: Equatable, Decodable, Sendable {
        var action: String?
        var version: String?
        var reason: String?
        /// To ship: one of `Shipment.carriers`, or `other` with `carrierOther` typed; and an
        /// optional `trackingNumber`.
        var carrier: String? = nil
        var carrierOther: String? = nil
        var trackingNumber: String? = nil

        /// The change the form asks for: a known action, from the version the page showed; nil for a
        /// form that is none of ours (400).
        var change: (action: OrderStatus.Action, version: Int)? {
            guard let action = action.flatMap(OrderStatus.Action.init(rawValue:)), let version = version.flatMap({ Int($0) })
            else { return nil }
            return (action, version)
        }

        /// A step of a cancellation request the form asks for (its `action`: `requestCancel`,
        /// `approveCancel`, `declineCancel`), from the version the page showed; nil for any other form.
        var cancellationStep: (step: CancellationStep, version: Int?)? {
            guard let step = action.flatMap(CancellationStep.init(rawValue:)) else { return nil }
            return (step, version.flatMap { Int($0) })
        }

        /// What the form asks to do, as the route table decides who may (`OrderUse`): cancelling is
        /// not marking paid, asking a supervisor to cancel is not deciding. A form that asks for no
        /// known change is the scene's to answer (400), for whoever may change a status at all.
        var use: OrderUse {
            switch cancellationStep?.step {
            case .requestCancel: .requestCancellation
            case .approveCancel, .declineCancel: .decideCancellation
            case nil: .changeStatus(change?.action)
            }
        }
    }

    /// The status form's actions that are steps of a cancellation request, not moves: a clerk asks
    /// a supervisor to cancel a paid or packed order; a supervisor approves or declines.
    enum CancellationStep: String, Equatable, Sendable {
        case requestCancel, approveCancel, declineCancel
    }

    /// A reason for cancelling that cannot be kept, and why: it keeps the rule of every free text.
    typealias ReasonProblem = FreeTextRule.Problem

    /// The form asking why an order is cancelled (`GET /orders/{id}/cancel`, and again with the
    /// problem when its reason could not be kept); for a clerk on a paid or packed order, the form
    /// asking a supervisor to cancel it, with the same question.
    struct CancelForm: Equatable {
        var title: String
        var heading: String
        /// "Amy Apple, $19.99, Paid": which order this is.
        var summary: String
        var action: String
        /// The status form's `action` it posts: `cancel`, or `requestCancel`.
        var formAction: String = OrderStatus.Action.cancel.rawValue
        /// Said under the summary: what happens when it is sent (a request waits for a supervisor).
        var explanation: String? = nil
        /// The reason's label and the button's.
        var question: String = "Why is the order cancelled?"
        var button: String = "Cancel order"
        var version: String
        var reason: String
        var reasonError: String?
        /// The error summary: set when there is a problem.
        var hasErrors: Bool { reasonError != nil }
        var errors: [DisplayedError] { reasonError.map { [DisplayedError(field: "reason", message: $0)] } ?? [] }
        var orderURL: String
        /// The error summary's message about the whole form (`Views/error-summary.mustache`): a
        /// cancel form has none, its one field says what is wrong.
        var formMessage: String? = nil
    }

    /// What stands in the way of a shipment as typed: no carrier chosen, another carrier's name
    /// that cannot be kept, a tracking number that is none.
    struct ShipmentProblems: Error, Equatable {
        var carrierMissing = false
        var carrierOther: FreeTextRule.Problem? = nil
        var trackingNumber: TrackingNumber.Problem? = nil
    }

    /// The confirmation page of a shipment (`GET /orders/{id}/ship`, and again with its problems):
    /// shipped is final, so it asks first, for the carrier and a tracking number.
    struct ShipForm: Equatable {
        /// One carrier's radio.
        struct Carrier: Equatable {
            var id: String
            var value: String
            var label: String
            var checked: Bool
        }

        var title: String
        var heading: String
        /// "Amy Apple, $19.99, packed": which order this is.
        var summary: String
        var action: String
        var version: String
        var carriers: [Carrier]
        var carrierError: String?
        var carrierOther: String
        var carrierOtherError: String?
        var trackingNumber: String
        var trackingNumberError: String?
        var orderURL: String
        var errors: [DisplayedError]
        /// The error summary: set when there is a problem.
        var hasErrors: Bool { !errors.isEmpty }
        /// The error summary's message about the whole form: none, each field says what is wrong.
        var formMessage: String? = nil
    }

    /// A shipped order's tracking number, as its page's form posts it (`POST /orders/{id}/tracking`).
    struct TrackingFormFields: Equatable, Decodable, Sendable {
        var trackingNumber: String?
        var version: String?
    }

    /// The tracking number's form again, with its problem (422), or the order changed meanwhile.
    struct TrackingForm: Equatable {
        var title: String
        var heading: String
        var action: String
        var version: String
        var trackingNumber: String
        var trackingNumberError: String?
        var orderURL: String
        var errors: [DisplayedError]
        var hasErrors: Bool { !errors.isEmpty }
        var formMessage: String? = nil
    }

    /// The order page's Undo button (`POST /orders/{id}/undo`): the version the page showed.
    struct UndoFormFields: Equatable, Decodable, Sendable {
        var version: String?
    }

    struct DisplayedError: Equatable {
        var field: String
        var message: String
    }

    // MARK: Use cases

    enum GetOrderToCancel {
        struct Request {
            var orderID: String
            /// Who asks: a clerk cancels a new order, and asks a supervisor to cancel a paid or packed one.
            var signedIn: SignedIn? = nil
        }

        enum Response: Equatable {
            case order(Order)
            /// A paid or packed order the one asking may not cancel: the form asks a supervisor to.
            case requestForm(Order)
            /// A paid or packed order a supervisor has been asked to cancel already: nothing to ask.
            case alreadyRequested(Order)
            /// The order's status allows no cancelling (it is shipped or cancelled already).
            case notAllowed(Order)
            case notFound
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            case form(CancelForm)
            case refused(ErrorPage.Reason)
            case notFound
            case unavailable
        }
    }

    enum GetOrderToShip {
        struct Request {
            var orderID: String
        }

        enum Response: Equatable {
            case order(Order)
            /// The order is not packed: it cannot be shipped now.
            case notAllowed(Order)
            case notFound
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            case form(ShipForm)
            case refused(ErrorPage.Reason)
            case notFound
            case unavailable
        }
    }

    enum UndoStatus {
        struct Request {
            var orderID: String
            var fields: UndoFormFields
            var signedIn: SignedIn? = nil
        }

        enum Response: Equatable {
            /// The order as saved, back at the status the move came from.
            case undone(Order)
            /// The move is not one this person may undo now (`OrderWrites.undoableMove`): nothing changed.
            case refused(current: Order)
            /// The order changed since the page was opened: nothing changed.
            case conflict(current: Order)
            case badRequest
            case notFound
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            case undone(orderID: String, flash: String)
            case refused(ErrorPage.Reason)
            case badRequest
            case notFound
            case unavailable
        }
    }

    enum ChangeTracking {
        struct Request {
            var orderID: String
            var fields: TrackingFormFields
            var signedIn: SignedIn? = nil
        }

        enum Response: Equatable {
            /// The order as saved with its tracking number (or without, when the box was emptied).
            case changed(Order)
            /// A number that is none: nothing was changed.
            case refused(Order, TrackingNumber.Problem, typed: String)
            /// The order changed since the page was opened: nothing was changed.
            case conflict(current: Order)
            /// The order is not shipped: nothing was changed.
            case notShipped(current: Order)
            case badRequest
            case notFound
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            case changed(orderID: String, flash: String)
            case form(TrackingForm)
            case refused(ErrorPage.Reason)
            case badRequest
            case notFound
            case unavailable
        }
    }

    /// A step of a cancellation request (`POST /orders/{id}/status`, `action` one of
    /// `CancellationStep`): a clerk asks a supervisor to cancel a paid or packed order, with a
    /// reason; a supervisor approves (the order is cancelled with it) or declines (the request goes).
    enum ChangeCancellation {
        struct Request {
            var orderID: String
            var fields: StatusFormFields
            var signedIn: SignedIn? = nil
        }

        enum Response: Equatable {
            /// The order as saved after `step`.
            case decided(Order, CancellationStep)
            /// A request whose reason cannot be kept: nothing was changed.
            case reasonRefused(Order, ReasonProblem, typed: String)
            /// The order changed since the page was opened: nothing was changed.
            case conflict(current: Order)
            /// The order's state does not allow the step (`OrderWrites.cancellationDecided`: its
            /// status, a request already waiting or none): nothing was changed.
            case refused(current: Order, reason: String)
            case badRequest
            case notFound
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            case decided(orderID: String, flash: String)
            case requestForm(CancelForm)
            case refused(ErrorPage.Reason)
            case badRequest
            case notFound
            case unavailable
        }
    }

    enum ChangeStatus {
        struct Request {
            var orderID: String
            var fields: StatusFormFields
            var signedIn: SignedIn? = nil
        }

        enum Response: Equatable {
            /// The order as saved, now at `action`'s status (or already there: a second click).
            case changed(Order, OrderStatus.Action)
            /// A cancel whose reason cannot be kept: nothing was changed.
            case reasonRefused(Order, ReasonProblem, typed: String)
            /// A shipment whose carrier or tracking number cannot be kept: nothing was changed.
            case shipmentRefused(Order, ShipmentProblems, typed: StatusFormFields)
            /// The order changed since the page was opened (another clerk): nothing was changed.
            case conflict(current: Order, OrderStatus.Action)
            /// The order's status does not allow the action: nothing was changed.
            case notAllowed(current: Order, OrderStatus.Action)
            /// A paid or packed order the one asking may not cancel (a clerk asks a supervisor to):
            /// nothing was changed.
            case needsSupervisor(current: Order)
            /// The rules refused the move, saying why (`OrdersStoreError.refused`: an order a
            /// supervisor was asked to cancel is not shipped until they decide): nothing was changed.
            case refused(current: Order, reason: String)
            /// No known action, or no version: the form was not ours.
            case badRequest
            case notFound
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            /// Back to the order, with a message.
            case changed(orderID: String, flash: String)
            case cancelForm(CancelForm)
            case shipForm(ShipForm)
            case refused(ErrorPage.Reason)
            case badRequest
            case notFound
            case unavailable
        }
    }
}
