enum ChangeOrderItems {
    // MARK: Forms

    /// `POST /orders/{id}/lines`: a line by SKU. Every field is read as typed (a missing one is
    /// empty, which the rules refuse: never a 400).
    struct AddLineFields: Equatable, Decodable, Sendable {
        var sku = ""
        var quantity = ""
        var version = ""

        init(sku: String = "", quantity: String = "", version: String = "") {
            self.sku = sku
            self.quantity = quantity
            self.version = version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sku = try container.decodeIfPresent(String.self, forKey: .sku) ?? ""
            quantity = try container.decodeIfPresent(String.self, forKey: .quantity) ?? ""
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case sku, quantity, version
        }
    }

    /// `POST /orders/{id}/lines/quantities`: every line's quantity in one form, named
    /// `line[l7][quantity]`. A line key starts with a letter (`OrderLine.key(number:)`), so
    /// Hummingbird's form decoder reads `line` as a dictionary by key (an all-digit key would be
    /// an array index: hummingbird issue 545).
    struct QuantitiesFields: Equatable, Decodable, Sendable {
        struct Line: Equatable, Decodable, Sendable {
            var quantity = ""

            init(quantity: String = "") {
                self.quantity = quantity
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                quantity = try container.decodeIfPresent(String.self, forKey: .quantity) ?? ""
            }

            enum CodingKeys: String, CodingKey {
                case quantity
            }
        }

        var line: [String: Line] = [:]
        var version = ""

        init(line: [String: Line] = [:], version: String = "") {
            self.line = line
            self.version = version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            line = try container.decodeIfPresent([String: Line].self, forKey: .line) ?? [:]
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case line, version
        }

        /// The input's name for a line's quantity: `line[l7][quantity]`.
        static func name(key: String) -> String { "line[\(key)][quantity]" }
        /// The input's id (an error summary's link target): `line-l7-quantity`.
        static func id(key: String) -> String { "line-\(key)-quantity" }
    }

    /// `POST /orders/{id}/lines/{key}/price`: a typed price and why (both prices are kept).
    struct PriceFields: Equatable, Decodable, Sendable {
        var price = ""
        var reason = ""
        var version = ""

        init(price: String = "", reason: String = "", version: String = "") {
            self.price = price
            self.reason = reason
            self.version = version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            price = try container.decodeIfPresent(String.self, forKey: .price) ?? ""
            reason = try container.decodeIfPresent(String.self, forKey: .reason) ?? ""
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case price, reason, version
        }
    }

    /// `POST /orders/{id}/lines/{key}/remove`: only the version the page showed.
    struct RemoveFields: Equatable, Decodable, Sendable {
        var version = ""

        init(version: String = "") {
            self.version = version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case version
        }
    }

    /// Which form was posted, as typed.
    enum Form: Equatable, Sendable {
        case addLine(AddLineFields)
        case quantities(QuantitiesFields)
        case remove(key: String, RemoveFields)
        case price(key: String, PriceFields)

        /// The order's version the page showed (nil when it is no number).
        var version: Int? {
            let text: String
            switch self {
            case .addLine(let fields): text = fields.version
            case .quantities(let fields): text = fields.version
            case .remove(_, let fields): text = fields.version
            case .price(_, let fields): text = fields.version
            }
            return Int(text.trimmingCharacters(in: .whitespaces))
        }
    }

    /// What is wrong with a field of a form, as `ChangeOrderItemsWorker` finds it.
    struct FieldError: Equatable, Sendable {
        enum Problem: Equatable, Sendable {
            case skuMissing
            case unknownSKU(String)
            case archived(String)
            case quantity
            case tooManyLines
            case price
            case reason(FreeTextRule.Problem)
        }

        /// The input's id.
        var field: String
        var problem: Problem
    }

    // MARK: Use cases

    /// Any of the four forms: a change of a new order's items.
    enum ChangeItems {
        struct Request {
            var orderID: String
            var form: Form
            /// Who is signed in (nil when no one is): the change is theirs.
            var signedIn: AccountName? = nil
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            /// Saved: the order as it is now.
            case changed(Order)
            /// The form breaks a rule: nothing was saved; the form comes back as typed.
            case invalid(Order, form: Form, errors: [FieldError])
            /// The order was saved by someone else since the page was opened: nothing was saved.
            case conflict(current: Order)
            /// Its state or the catalog does not allow it (paid on, no rate, a shortage): nothing was saved.
            case refused(current: Order, reason: String)
            case notFound
            case storeUnavailable
        }

        enum ViewModel {
            /// Saved: back to the order's page, with a flash.
            case changed(orderID: String, flash: String)
            /// The order's page again, the form as typed with each error at its field (422).
            case invalid(orderID: String, refused: ShowOrder.GetOrder.RefusedItems)
            /// A 409 page saying why.
            case refused(ErrorPage.Reason)
            case notFound
            case unavailable
        }
    }
}
