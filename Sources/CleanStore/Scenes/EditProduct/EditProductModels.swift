enum EditProduct {
    // MARK: Form

    /// What the product form posts, as typed. `taxable`, `trackStock` and `allowBackorder` are
    /// checkboxes (`on` when ticked); `version` is the product's when the form was opened (empty
    /// for a new product). The committed count is shown, never posted.
    struct ProductFormFields: Equatable, Decodable, Sendable {
        var sku = ""
        var name = ""
        var price = ""
        var taxable = ""
        var trackStock = ""
        var onHand = ""
        var allowBackorder = ""
        var version = ""

        init(
            sku: String = "", name: String = "", price: String = "", taxable: String = "", trackStock: String = "", onHand: String = "",
            allowBackorder: String = "", version: String = ""
        ) {
            self.sku = sku
            self.name = name
            self.price = price
            self.taxable = taxable
            self.trackStock = trackStock
            self.onHand = onHand
            self.allowBackorder = allowBackorder
            self.version = version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func text(_ key: CodingKeys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
            self.init(
                sku: try text(.sku), name: try text(.name), price: try text(.price), taxable: try text(.taxable),
                trackStock: try text(.trackStock), onHand: try text(.onHand), allowBackorder: try text(.allowBackorder),
                version: try text(.version))
        }

        enum CodingKeys: String, CodingKey {
            case sku, name, price, taxable, trackStock, onHand, allowBackorder, version
        }

        /// The form filled from a stored product: its price as typed back (`1,234.50`, no `$`),
        /// its count on hand (empty when its stock is not tracked), its version.
        init(_ product: Product) {
            self.init(
                sku: product.sku, name: product.name, price: String(Money.text(cents: product.priceCents).dropFirst()),
                taxable: product.taxable ? "on" : "", trackStock: product.stock == nil ? "" : "on",
                onHand: product.stock.map { String($0.onHand) } ?? "", allowBackorder: product.stock?.allowBackorder == true ? "on" : "",
                version: String(product.version))
        }
    }

    /// A field's problem, in words already.
    struct FieldProblem: Equatable, Sendable {
        var field: ProductFormFields.CodingKeys
        var message: String
    }

    // MARK: Use cases

    enum ShowForm {
        /// nil: a new product.
        struct Request {
            var id: Int64?
        }

        enum Response: Equatable {
            /// `committed`: what placed orders hold of the product's stock (shown, never typed).
            case form(id: Int64?, ProductFormFields, committed: Int64?)
            case notFound
            case unavailable
        }
    }

    enum SaveProduct {
        struct Request {
            /// nil: a new product.
            var id: Int64?
            var fields: ProductFormFields
            var by: AccountName?
        }

        enum Response: Equatable {
            case saved(Product, isNew: Bool)
            case invalid(id: Int64?, ProductFormFields, [FieldProblem])
            /// Someone saved the product since the form was opened: the product as stored, and what was typed.
            case conflict(current: Product, typed: ProductFormFields)
            case notFound
            case unavailable(id: Int64?, ProductFormFields)
        }
    }

    /// Archiving (`active` false) or restoring a product: the buttons on its page.
    enum ChangeActive {
        struct Request {
            var id: Int64
            var active: Bool
            /// The version the page showed, as posted.
            var version: String
            var by: AccountName?
        }

        enum Response: Equatable {
            case changed(Product)
            /// Someone changed the product since the page was opened: nothing was changed.
            case conflict(current: Product, wanted: Bool)
            case notFound
            case unavailable
        }
    }

    /// What the archive and restore buttons post.
    struct ActiveFormFields: Equatable, Decodable, Sendable {
        var version = ""

        init(version: String = "") { self.version = version }

        /// A form without a version is no version (a conflict), not a bad request.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? ""
        }

        enum CodingKeys: String, CodingKey { case version }
    }

    // MARK: View model

    enum ViewModel {
        case form(DisplayedForm, status: FormStatus)
        case saved(productID: Int64, flash: String)
        /// An archive or restore refused: the product changed since its page was opened (409).
        case changedMeanwhile(ErrorPage.Reason)
        case notFound
        case unavailable
    }

    enum FormStatus: Equatable {
        case ok, invalid, conflict, unavailable
    }

    struct DisplayedForm {
        var heading: String
        var action: String
        var version: String
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        var sku: SignIn.DisplayedField
        var name: SignIn.DisplayedField
        var price: SignIn.DisplayedField
        var taxable: Bool
        var trackStock: Bool
        var onHand: SignIn.DisplayedField
        /// "3 committed to placed orders": a stored product's whose stock is tracked; nil otherwise.
        var committed: String?
        var allowBackorder: Bool
        var button: String
        var cancelURL: String
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
        /// The page's title: "Error: " first when the form says what is wrong (GOV.UK).
        var title: String { (hasErrors ? "Error: " : "") + heading }
    }
}
