/// Draft-first order entry: a draft's page (`GET /drafts/{ref}`), whose sections a clerk fills in
/// in any order, each saved by its own post. The caller and delivery sections post the order
/// form's own fields (`CreateOrder.OrderFormFields`, HTTP.md), checked by its rules
/// (`OrderValidationWorker`); the items section adds, changes and removes lines.
enum EditDraft {
    // MARK: Forms

    /// Adding a line: a SKU and a quantity, as typed.
    struct LineFormFields: Equatable, Decodable, Sendable {
        var sku = ""
        var quantity = ""

        private enum Keys: String, CodingKey { case sku, quantity }

        init(sku: String = "", quantity: String = "") {
            self.sku = sku
            self.quantity = quantity
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            sku = try container.decodeIfPresent(String.self, forKey: .sku) ?? ""
            quantity = try container.decodeIfPresent(String.self, forKey: .quantity) ?? ""
        }
    }

    /// Every line's quantity in one form: `line[l7][quantity]=3`. A line's key starts with a letter
    /// (`OrderLine.key(number:)`), so Hummingbird's form decoder reads it as a dictionary key, never
    /// as an array index.
    struct QuantitiesFormFields: Equatable, Decodable, Sendable {
        struct LineQuantity: Equatable, Decodable, Sendable {
            var quantity: String
        }

        var line: [String: LineQuantity] = [:]

        private enum Keys: String, CodingKey { case line }

        init(line: [String: LineQuantity] = [:]) {
            self.line = line
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            line = try container.decodeIfPresent([String: LineQuantity].self, forKey: .line) ?? [:]
        }
    }

    /// Removing a line: its own small form, with the line's key.
    struct RemoveLineFormFields: Equatable, Decodable, Sendable {
        var line: String
    }

    /// A typed price for a line, with its reason (an empty price: back to the catalog's).
    struct PriceFormFields: Equatable, Decodable, Sendable {
        var line = ""
        var price = ""
        var reason = ""

        private enum Keys: String, CodingKey { case line, price, reason }

        init(line: String = "", price: String = "", reason: String = "") {
            self.line = line
            self.price = price
            self.reason = reason
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            line = try container.decodeIfPresent(String.self, forKey: .line) ?? ""
            price = try container.decodeIfPresent(String.self, forKey: .price) ?? ""
            reason = try container.decodeIfPresent(String.self, forKey: .reason) ?? ""
        }
    }

    /// *Use* on a customer "Who is calling?" found: their id, as posted.
    struct UseCustomerFormFields: Equatable, Decodable, Sendable {
        var customer = ""

        private enum Keys: String, CodingKey { case customer }

        init(customer: String = "") {
            self.customer = customer
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            customer = try container.decodeIfPresent(String.self, forKey: .customer) ?? ""
        }
    }

    /// What one section's post asks for.
    enum Section: Equatable {
        /// A saved customer's details copied into the draft (`UseCustomerFormFields`, as posted).
        case useCustomer(UseCustomerFormFields)
        case caller(CreateOrder.OrderFormFields)
        case delivery(CreateOrder.OrderFormFields)
        case addLine(LineFormFields)
        case quantities(QuantitiesFormFields)
        case removeLine(key: String)
        case price(PriceFormFields)
    }

    // MARK: What the interactor found

    /// The draft as stored, and what placing it now would meet (its live totals, a missing rate).
    struct Loaded: Equatable {
        var draft: Draft
        var check: PlacingCheck
        /// The catalog search the page shows (nil: none asked for).
        var search: Search? = nil
        /// "Who is calling?": the customers a search found (nil: none asked for).
        var callers: CallerSearch? = nil
        /// The order this draft repeats (`?repeated=`), to mark what changed since (nil: none).
        var repeated: Repeated? = nil
    }

    /// A draft made by "Repeat this order", as its page compares it with the order: the order's
    /// lines as they were ordered, and those whose product is no longer sold (so not on the draft).
    struct Repeated: Equatable {
        var orderID: String
        var ordered: [OrderLine]
        var notSold: [OrderLine]
    }

    struct CallerSearch: Equatable {
        var text: String
        var customers: [Customer]
        /// Their orders in figures (the last one), by customer id; none for a customer without orders.
        var summaries: [Int64: CustomerOrdersSummary]
    }

    struct Search: Equatable {
        var text: String
        var products: [Product]
    }

    /// What is wrong with the items section's typing.
    enum ItemProblem: Equatable {
        case skuMissing
        case skuUnknown
        case productArchived
        case quantityMissing
        case quantityNotANumber
        case quantityOutOfRange
        case tooManyLines
        /// A typed price that is no amount `Money.cents(from:)` reads.
        case priceNotMoney
        /// A typed price other than the catalog's, with no reason.
        case reasonMissing
        case reason(FreeTextRule.Problem)
    }

    /// An items field (`sku`, `quantity`, `line[l7][quantity]`) and its problem.
    struct ItemError: Equatable {
        var field: String
        var problem: ItemProblem
        /// The line the field belongs to, when it is a line's price or reason.
        var lineKey: String? = nil
    }

    /// A section refused: nothing saved; the page again, with what was typed and why.
    struct Refusal: Equatable {
        var posted: Section
        /// A second section refused by the same post: the old one-page order form carries the
        /// caller and the delivery at once (`KeepOrderForm`).
        var alsoPosted: Section? = nil
        var fieldErrors: [CreateOrder.FieldError] = []
        var itemErrors: [ItemError] = []
    }

    /// What a saved post did, for the flash.
    enum Saved: Equatable {
        /// A saved customer's details copied in.
        case customerUsed(name: String)
        case caller
        case delivery
        case lineAdded(name: String, quantity: Int)
        case quantities
        case lineRemoved(name: String)
        case priceSaved(name: String)
        /// The line was removed before (another tab, a double click): nothing to do.
        case lineAlreadyGone
    }

    /// `POST /orders/{id}/new-draft`, `POST /orders/{id}/repeat`: the order page's one-time key.
    struct StartDraftFormFields: Decodable, SingleLineForm {
        var draftKey: String?
    }

    // MARK: Use cases

    enum StartDraft {
        /// What a new draft starts from: nothing (`POST /drafts`), or an order, from its page.
        enum Start: Equatable {
            case empty
            /// "New order for this customer": the order's customer's contact and default addresses,
            /// copied as *Use* copies them (`DraftChange.useCustomer`).
            case forCustomerOf(orderID: String)
            /// "Repeat this order": the order's customer, caller and addresses, and its lines (the same
            /// product, the same quantity) at today's catalog prices.
            case repeating(orderID: String)
        }

        struct Request {
            var signedIn: AccountName?
            var start: Start = .empty
            /// The order page's one-time key (`OrderKeyWorker`): the draft it made before, if any,
            /// is the answer, and no other is made. nil for none.
            var key: String? = nil
        }

        enum Response: Equatable {
            case created(ref: String)
            /// Started for the order's customer, `name`, their details copied.
            case createdForCustomer(ref: String, name: String)
            /// The order repeated: its page marks what changed since (`ShowDraft.Request.repeated`).
            case repeated(ref: String, orderID: String)
            /// No such order (404).
            case orderNotFound
            /// The order has no customer (`forCustomerOf`) or no items (`repeating`): no draft is started (409).
            case nothingToStartFrom(orderID: String, repeating: Bool)
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    /// The old one-page order form posted to `POST /orders` (an old tab, a script): it becomes a
    /// draft holding the caller and the delivery it carried, each section saved when it passes the
    /// order form's rules. The card is never read, so never kept: it is typed on the check page.
    enum KeepOrderForm {
        struct Request {
            var orderFormFields: CreateOrder.OrderFormFields
            var signedIn: AccountName?
        }

        enum Response: Equatable {
            /// Every section it carried was saved (an empty section is left as a new draft has it).
            case kept(ref: String)
            /// The draft was made with the sections that passed; the others come back as typed,
            /// with their errors, for the clerk to correct on the draft's page.
            case keptWithMistakes(Loaded, Refusal)
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    enum ShowDraft {
        struct Request {
            var ref: String
            /// The catalog search typed on the page (`q`), if any.
            var search: String?
            /// "Who is calling?" typed on the page (`caller`), if any.
            var callerSearch: String? = nil
            /// The order this draft repeats (`repeated`, after "Repeat this order"), if any.
            var repeated: String? = nil
            /// Whether the check looks for a possible duplicate order (the API's draft shows it,
            /// `possibleDuplicate`; the draft page shows none, the check page does, and the search
            /// of the last day's orders by phone and email is the largest read of the page).
            var readsDuplicate = true
        }

        enum Response: Equatable {
            case found(Loaded)
            case notFound
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    enum SaveSection {
        struct Request {
            var ref: String
            var section: Section
            var signedIn: AccountName?
            /// The version the change was made from (the API's `If-Match`): a draft at another
            /// version is left as it is (`.changedMeanwhile`). Nil (the draft's pages): the change
            /// applies to the draft as it is stored.
            var expectedVersion: Int? = nil
        }

        enum Response: Equatable {
            case saved(ref: String, Saved)
            case invalid(Loaded, Refusal)
            /// The draft is not at `Request.expectedVersion` (any more): nothing saved.
            case changedMeanwhile(current: Draft)
            case notFound
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    // MARK: View models

    /// The page a use case ends on; the view controller gives each its status.
    enum DisplayedPage: Equatable {
        case draft(DisplayedDraft, invalid: Bool)
        /// Saved (or created): the router takes the clerk to the draft's page, with the flash.
        case saved(ref: String, flash: String?)
        /// A repeat of `orderID` started: its page, marking what changed since (`?repeated=`).
        case repeated(ref: String, orderID: String, flash: String)
        /// Refused for a reason the page says (409).
        case refused(ErrorPage.Reason)
        case notFound
        case unavailable
    }

    typealias DisplayedField = CreateOrder.DisplayedForm.DisplayedField
    typealias DisplayedError = CreateOrder.DisplayedForm.DisplayedError
    typealias ShippingMethod = CreateOrder.DisplayedForm.ShippingMethod

    struct DisplayedLine: Equatable {
        var sku: String
        var name: String
        var unitPrice: String
        /// A typed price's reason, with the catalog's price it replaces.
        var priceNote: String?
        /// Its `name` is the box's id (`line-l7-quantity`).
        var quantity: DisplayedField
        /// The box's name in the quantities form: `line[l7][quantity]`.
        var quantityName: String
        /// The line's own price form: a typed price (id `line-l7-price`) and its reason (`line-l7-reason`).
        var price: DisplayedField
        var reason: DisplayedField
        var priceLegend: String
        var savePriceLabel: String
        /// The quantity box's label, read by screen readers: "Quantity of Blue mug".
        var quantityLabel: String
        var amount: String
        /// The line's key, posted by its own remove form.
        var key: String
        var removeLabel: String
        /// A repeated order's line whose price is not the one ordered: "Price changed: was $12.00
        /// when ordered, now $13.50".
        var priceChanged: String? = nil
    }

    /// A customer "Who is calling?" found: enough to tell one Jane from another, and *Use*.
    struct DisplayedCaller: Equatable {
        var name: String
        var phone: String
        var city: String
        /// "#1042, 25 Nov 2026, 2:05pm", or "No orders".
        var lastOrder: String
        /// The customer's id, posted by *Use*.
        var id: String
        /// "Use Jane Doe": the button says whom it copies.
        var useLabel: String
    }

    struct DisplayedProduct: Equatable {
        var sku: String
        var name: String
        var price: String
        var addLabel: String
    }

    struct DisplayedTotals: Equatable {
        var subtotal: String
        var shipping: String
        var tax: String
        var total: String
    }

    /// The draft's page, all strings.
    struct DisplayedDraft: Equatable {
        var title: String
        var heading: String
        var errors: [DisplayedError]
        /// What the error summary says before its links: where the old one-page form's typing went
        /// (`KeepOrderForm`), when it comes back with mistakes.
        var formMessage: String? = nil
        /// The caller's and delivery's fields, by name (the order form's).
        var fields: [String: DisplayedField]
        var billingAddressSameAsShipping: Bool
        var shippingMethods: [ShippingMethod]
        var sku: DisplayedField
        var quantity: DisplayedField
        var lines: [DisplayedLine]
        var noLinesMessage: String?
        var totals: DisplayedTotals
        /// "Who is calling?": what was typed, the customers found (or why none), *Use*'s action.
        var callerSearchText: String = ""
        var callers: [DisplayedCaller] = []
        /// "2 saved customers found for “0100”": the results' caption, which takes focus.
        var callersCaption: String = ""
        var noCallersMessage: String? = nil
        var useCustomerAction: String = ""
        /// "Details copied from Jane Doe's customer record", linking to it, once *Use* was chosen.
        var fromCustomer: String? = nil
        var fromCustomerURL: String? = nil
        /// A caller copied from a saved customer, complete: their details said in one line, the
        /// form folded away ("Correct the caller for this order"), so the next Tab reaches the items.
        var callerFolded: Bool = false
        var callerSummary: String = ""
        var searchText: String
        var searchResults: [DisplayedProduct]
        var noResultsMessage: String?
        var callerAction: String
        var deliveryAction: String
        var addLineAction: String
        var quantitiesAction: String
        var removeLineAction: String
        var priceAction: String
        var searchAction: String
        /// The check page, where the draft is checked and placed.
        var checkURL: String
        /// Nothing is missing (caller, items, delivery): the page offers the check page at its top
        /// too, the next step once the last section is saved (a repeat caller's draft after one item).
        var readyToCheck: Bool = false
        /// Every order being taken (`ListDrafts`).
        var draftsURL: String
        /// A repeated order's notice ("Repeated from order 1042 at today's prices"), its link, and
        /// what could not be repeated as it was: a product no longer sold, or short of stock.
        var repeatNotice: String? = nil
        var repeatOrderURL: String? = nil
        var repeatOrderLabel: String? = nil
        var repeatProblems: [String] = []

        var hasErrors: Bool { !errors.isEmpty }
    }
}
