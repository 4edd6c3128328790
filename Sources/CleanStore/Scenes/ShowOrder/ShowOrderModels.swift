enum ShowOrder {
    // MARK: Use cases

    enum GetOrder {
        struct Request {
            var orderID: String
            /// Who is asking: the page offers only what their role may do.
            var signedIn: SignedIn? = nil
            /// The create that just saved an order said so (its redirect's flash): that order's page
            /// confirms it.
            var confirmation: Confirmation? = nil
            /// A new order's item form that broke a rule (`Scenes/ChangeOrderItems`): the page comes
            /// back with that form as typed, each error at its field (422).
            var refusedItems: RefusedItems? = nil
            /// Whether the order's notes are read (the page shows them; the API's order does not:
            /// its notes are their own resource).
            var readsNotes = true
            /// Whether the order's history is read (the page's timeline and its undo; the API shows
            /// neither, and a store read it does not show is CPU every request pays).
            var readsHistory = true

            /// What the store reads beside the order, in the same read.
            var parts: OrderPageRead.Parts {
                var parts: OrderPageRead.Parts = []
                if readsNotes { parts.insert(.notes) }
                if readsHistory { parts.insert(.history) }
                return parts
            }
        }

        /// An item form of the order's page as typed, and what is wrong with it, field by field.
        struct RefusedItems: Equatable {
            var form: ChangeOrderItems.Form
            var errors: [ChangeOrderItems.FieldError]
        }

        /// A create just saved the order `orderID` (or found it saved by the same form before,
        /// which `note` then says).
        struct Confirmation: Equatable {
            var orderID: String
            var note: String? = nil
        }

        /// What the page confirms: the order it shows was just saved.
        struct Confirmed: Equatable {
            var note: String? = nil
            /// Whether the one asking may create orders (then the page offers another).
            var mayCreateAnother: Bool = false
        }

        enum Response: Equatable {
            /// `mayEdit`, `mayDelete`: what the one asking may do with it; `mayChangeStatus`: mark it
            /// paid, packed or shipped; `mayCancel`: cancel it.
            /// `notes`: its notes, newest first; `mayAddNote`: whether the one asking may add one;
            /// `confirmed`: the panel right after a create.
            /// `mayChangeItems`: the item forms (a new order of goods, for who may edit it).
            /// `events`: its history, newest first (the page's timeline, with the notes).
            /// `mayChangeTracking`: the tracking number's form (a shipped order, for who may ship).
            /// `undoable`: the move the one asking made last, which they may still undo.
            /// `refusedItems`: the item form that was refused, as typed, with its errors.
            /// `mayRequestCancellation`: ask a supervisor to cancel it (a clerk, a paid or packed
            /// order); `mayDecideCancellation`: approve or decline the request waiting on it.
            /// `mayStartDraft`: start a new order from this one (who takes orders): for its customer, or repeating it.
            case found(
                Order, mayEdit: Bool = false, mayDelete: Bool = false, mayChangeStatus: Bool = false, mayCancel: Bool = false,
                notes: [OrderNote] = [], mayAddNote: Bool = false, confirmed: Confirmed? = nil, mayChangeItems: Bool = false,
                events: [OrderEvent] = [], mayChangeTracking: Bool = false, undoable: OrderEvent.StatusChange? = nil,
                refusedItems: RefusedItems? = nil, mayRequestCancellation: Bool = false, mayDecideCancellation: Bool = false,
                mayStartDraft: Bool = false)
            case notFound
            /// The store could not be read.
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            /// A button that moves the order on ("Mark as paid"): posts `action` to `statusURL`.
            struct StatusButton: Equatable {
                var label: String
                var action: String
            }

            /// A clerk's request that a supervisor cancel the order, while it waits.
            struct DisplayedCancellationRequest: Equatable {
                /// "Amy Apple asked a supervisor to cancel this order on 25 November 2026 at 2:05pm."
                var asked: String
                var reason: String
                /// Where Approve and Decline post (the status form), for a supervisor; nil otherwise.
                var decisionURL: String?
            }

            /// The banner offering to undo the move the one asking made last (for 5 minutes).
            struct DisplayedUndo: Equatable {
                /// "You marked this order as paid. You can undo this for 5 minutes."
                var message: String
                /// "Undo marking as paid".
                var label: String
                var url: String
            }

            /// A shipped order's shipment.
            struct DisplayedShipment: Equatable {
                /// "25 November 2026", in the shop's time zone (`OrderDisplayFormatter.longDate`).
                var shippedOn: String
                /// "UPS"; "Not recorded" for an order shipped before carriers were asked for.
                var carrier: String
                /// nil when none was given.
                var trackingNumber: String?
                /// Where the tracking number's form posts; nil for who may not change it.
                var trackingURL: String?
                /// "Add a tracking number", or "Correct the tracking number".
                var trackingLabel: String
            }

            /// One entry of the order's timeline (MOJ timeline pattern): a note, or an event of its
            /// history (created, changed, a status move, cancelled), newest first.
            struct TimelineEntry: Equatable {
                /// "Note", "Order paid", "Order changed", "Order cancelled".
                var title: String
                /// "Sue Super (sue)", or "No one was signed in".
                var by: String
                /// "30 June 2007 at 2:05pm", in the shop's time zone; `machineDate` for `<time datetime>`.
                var date: String
                var machineDate: String
                /// A note's text; nil for an event.
                var text: String? = nil
                /// What an event changed, as the history page says it.
                var changes: [ViewOrderHistory.FetchHistory.ViewModel.DisplayedChange] = []
                /// For a save that changed no field.
                var noChanges: String? = nil
                /// A move made by a bulk move: its page, and "Part of bulk move 4".
                var batchURL: String? = nil
                var batchLabel: String? = nil
            }

            /// A line of the order as its page lists it.
            struct DisplayedLine: Equatable {
                var sku: String
                var name: String
                var quantity: String
                /// "$12.50".
                var unitPrice: String
                /// "Typed price: Damaged box (catalog price $49.99)": nil when the catalog's price is charged.
                var priceNote: String?
                /// Unit price × quantity.
                var amount: String
            }

            /// What the order adds up to, under its lines.
            struct DisplayedTotals: Equatable {
                var subtotal: String
                var shipping: String
                /// "Tax (8.875% NY)": the rate it was computed with.
                var taxLabel: String
                var tax: String
                var total: String
            }

            /// A new order's item forms (`Scenes/ChangeOrderItems`), for whoever may edit it.
            struct DisplayedItemForms: Equatable {
                /// One line's boxes and its own forms (remove, price).
                struct Line: Equatable {
                    /// "WID-1 Blue widget".
                    var label: String
                    /// `line-l1-quantity`, `line[l1][quantity]`.
                    var quantityID: String
                    var quantityName: String
                    var quantity: String
                    var removeURL: String
                    var priceURL: String
                    /// `price-l1`, `reason-l1`: each line's price form has its own ids.
                    var priceID: String
                    var reasonID: String
                    /// The price charged, as a form field holds it (`45.00`).
                    var price: String
                    var reason: String
                    /// Each box's error, when a refused form comes back (nil otherwise).
                    var quantityError: String? = nil
                    var priceError: String? = nil
                    var reasonError: String? = nil
                    /// The price form comes back open when it was the one refused.
                    var priceOpen: Bool = false
                }

                var lines: [Line]
                var quantitiesURL: String
                var addLineURL: String
                /// The add-a-line form's boxes: empty and 1, or as typed when it was refused (named
                /// apart from a line's, which a template would otherwise fall back to).
                var addSKU: String = ""
                var addQuantity: String = "1"
                var addSKUError: String? = nil
                var addQuantityError: String? = nil
            }

            struct DisplayedOrder: Equatable {
                var id: String
                /// "30 June 2007", in the shop's time zone.
                var date: String
                var email: String
                var name: String
                var total: String
                var phone: String
                var shipmentAddress: [String]
                var shipmentMethod: String
                var billingAddress: [String]
                var cardNumber: String
                var expirationDate: String
                var title: String
                /// "Created by Amy Apple (amy)": nil when no one is known to have.
                var createdBy: String?
                /// "Last changed by Sue Super (sue) on 30 June 2007 at 2:05pm": nil while never changed.
                var lastChanged: String?
                /// nil when the one asking may not edit it.
                var editURL: String?
                var historyURL: String
                /// The order's packing slip, for everyone who may see the order.
                var slipURL: String
                /// nil when the one asking may not delete it.
                var deleteURL: String?
                var ordersURL: String
                /// The words of the link back to `ordersURL`: "Back to orders" for the list the page
                /// was opened from (`ShowOrder.FetchNavigation`).
                var backLabel = "Back to all orders"
                /// After a move: the next order of that list ("Next packed order →"); nil when there is none.
                var nextURL: String? = nil
                var nextLabel: String? = nil
                /// "Paid": the status in words, shown as a tag.
                var status: String = ""
                /// The tag's class (`status-paid`).
                var statusClass: String = ""
                /// The page's one primary action: the next move the one asking may make now (nil for a
                /// shipped or cancelled order, or who may not move it).
                var statusButton: StatusButton? = nil
                /// Instead of a button, for a packed order: the ship page (shipped is final, so it
                /// asks first, for the carrier and a tracking number).
                var shipURL: String? = nil
                /// Said of a shipped order.
                var shipment: DisplayedShipment? = nil
                /// The saved customer the order was taken for (`Order.customerID`), whose page every
                /// signed-in role may read; nil when none.
                var customerURL: String? = nil
                /// "New order for this customer" (an order with a customer) and "Repeat this order" (an
                /// order with items), for who takes orders: each posts to start a draft.
                var newDraftURL: String? = nil
                var repeatURL: String? = nil
                /// Their forms' one-time key (`draftKey`), made as the page is shown.
                var startDraftKey: String? = nil
                /// Offered to whoever made the order's latest move to paid or packed, for 5 minutes.
                var undo: DisplayedUndo? = nil
                /// A packed order whose ship-to address changed since it was packed: its slip, to
                /// print again.
                var reprintSlipURL: String? = nil
                /// The flash a save passed, shown in the page's own banner with "Print a new packing
                /// slip" when the order is packed and its address changed since (`reprintSlipURL`):
                /// the view controller's to set, instead of the layout's banner.
                var savedBanner: String? = nil
                var statusURL: String = ""
                /// The version the page shows: a status change made from it is refused if the order
                /// changed since (409).
                var version: String = ""
                /// The form asking why, for who may cancel the order as it is, while it can still be.
                var cancelURL: String? = nil
                /// The form asking a supervisor to cancel it, for a clerk on a paid or packed order.
                var requestCancelURL: String? = nil
                /// The request waiting on the order (with Approve and Decline for a supervisor).
                var cancellationRequest: DisplayedCancellationRequest? = nil
                /// "Customer changed their mind": why a cancelled order was cancelled.
                var cancellationReason: String? = nil
                /// Said on a shipped or cancelled order: why it has no Edit or Delete.
                var readOnlyNotice: String? = nil
                /// Notes and history together, newest first.
                var timeline: [TimelineEntry] = []
                /// Where the "Add a note" form posts; nil for who may not add one.
                var noteURL: String? = nil
                var noteHint: String = ""
                /// The browser's CSRF token for the page's forms (the view controller's to give).
                var csrfToken: String = ""
                /// The confirmation panel, right after a create (nil otherwise).
                var confirmation: DisplayedConfirmation? = nil
                /// What was ordered, oldest line first.
                var lines: [DisplayedLine] = []
                /// Said instead of lines: an order keyed before items were kept, or one with none.
                var itemsNote: String? = nil
                /// Subtotal, shipping, tax and total; nil for an order whose items were not recorded
                /// (its total is its shipping, in the summary).
                var totals: DisplayedTotals? = nil
                /// The item forms: nil unless the order is new, its items recorded, and the one
                /// asking may edit it.
                var itemForms: DisplayedItemForms? = nil
                /// The error summary of a refused item form (GOV.UK: each message links to its box);
                /// empty otherwise. `hasErrors` says whether there is one (the summary's partial asks).
                var errors: [SignIn.DisplayedError] = []
                var hasErrors: Bool { !errors.isEmpty }
                /// Above the summary's list: "The items were not changed."
                var formMessage: String? = nil
            }

            /// GOV.UK's confirmation panel: "Order saved", the order's number large enough to read
            /// out to the caller, and what more there is to say.
            struct DisplayedConfirmation: Equatable {
                var orderNumber: String
                var confirmationNote: String?
                /// "Create another order": nil when the one asking may not.
                var createAnotherURL: String?
            }

            case order(DisplayedOrder)
            case notFound
            case unavailable
        }
    }

    /// The list the page was opened from (`?from=/orders?status=packed`, `ListReturnPath`): where
    /// "Back to orders" goes, and after a status move the next order of that list.
    enum FetchNavigation {
        struct Request {
            var orderID: String
            /// `from` as the URL carried it.
            var from: String?
            /// Whether the page follows a move (its redirect passed a flash): then the next order is looked for.
            var afterMove = false
        }

        enum Response: Equatable {
            /// `filters`: the list's, as the list reads them; nil for no list (or one refused);
            /// `next`: the order after this one in that list, in its sort.
            case navigation(filters: OrdersFilters?, next: Order?)
        }

        struct ViewModel: Equatable {
            /// The list's URL; nil: the page keeps "Back to all orders".
            var listURL: String?
            var nextURL: String?
            var nextLabel: String?
        }
    }
}
