/// Checking a draft before it is placed (WCAG 3.3.4), and placing it: `GET /drafts/{ref}/check`
/// runs every placing check (`DraftsStoreProtocol.checkPlacing`) and shows the answers, the lines,
/// the totals and the card's fields, or what stands in the way (prices that changed, shortages, a
/// missing tax rate, a possible duplicate); `POST /drafts/{ref}/place` places it with the check
/// page's draft version and one-time key.
enum PlaceDraft {
    // MARK: Forms

    /// The check page's form: the card (the order form's field names), the draft version the page
    /// showed, its one-time key, and whether the clerk chose to place a possible duplicate.
    struct PlaceFormFields: Equatable, Decodable, Sendable {
        var paymentMethodCreditCardNumber = ""
        var paymentMethodExpirationDate = ""
        var paymentMethodCVV = ""
        var version = ""
        var orderKey = ""
        var placeDuplicateAnyway = ""
        /// "Save this caller for next time": `on` when ticked (a box left unticked posts nothing).
        var saveCaller = ""

        private enum Keys: String, CodingKey {
            case paymentMethodCreditCardNumber, paymentMethodExpirationDate, paymentMethodCVV, version, orderKey, placeDuplicateAnyway,
                saveCaller
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            func text(_ key: Keys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
            paymentMethodCreditCardNumber = try text(.paymentMethodCreditCardNumber)
            paymentMethodExpirationDate = try text(.paymentMethodExpirationDate)
            paymentMethodCVV = try text(.paymentMethodCVV)
            version = try text(.version)
            orderKey = try text(.orderKey)
            placeDuplicateAnyway = try text(.placeDuplicateAnyway)
            saveCaller = try text(.saveCaller)
        }

        /// The card as the order form's fields (its rules read those).
        var orderFormFields: CreateOrder.OrderFormFields {
            var fields = CreateOrder.OrderFormFields()
            fields.paymentMethodCreditCardNumber = paymentMethodCreditCardNumber
            fields.paymentMethodExpirationDate = paymentMethodExpirationDate
            fields.paymentMethodCVV = paymentMethodCVV
            return fields
        }
    }

    /// The answer to a price that changed: `line`, and `choice` = `keep` or `new`. The catalog's
    /// price now is read again, never taken from the form.
    struct PriceFormFields: Equatable, Decodable, Sendable {
        var line: String
        var choice: String
    }

    // MARK: What the interactor found

    /// The draft, what placing it would meet, and the page's one-time key.
    struct Checked: Equatable {
        var draft: Draft
        var check: PlacingCheck
        var orderKey: String
        /// The clerk has seen the duplicate warning and chose to place anyway.
        var duplicateAccepted: Bool
    }

    /// Why the check page comes back from a post.
    enum Comeback: Equatable {
        /// The card's fields were refused.
        case invalidCard([CreateOrder.FieldError])
        /// The draft changed since the check page: the card must be typed again.
        case draftChanged
        /// A placing check failed when placing: nothing placed.
        case refused
    }

    // MARK: Use cases

    enum CheckDraft {
        struct Request {
            var ref: String
            var duplicateAccepted: Bool
        }

        enum Response: Equatable {
            case checked(Checked)
            case notFound
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    enum Place {
        struct Request {
            var ref: String
            var fields: PlaceFormFields
            var signedIn: AccountName?
        }

        enum Response: Equatable {
            case placed(Order)
            /// The key was used: this is the order it placed (a double click).
            case alreadyPlaced(Order)
            /// The check page again, with why; `cvvTyped`: a security code was typed (and not kept).
            case checkAgain(Checked, Comeback, typed: PlaceFormFields)
            case notFound
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    enum DecidePrice {
        struct Request {
            var ref: String
            var fields: PriceFormFields
            var signedIn: AccountName?
        }

        enum Response: Equatable {
            case decided(ref: String)
            case notFound
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    // MARK: View models

    enum DisplayedPage: Equatable {
        case check(DisplayedCheck, status: CheckStatus)
        /// Placed: the router takes the clerk to the order, which confirms it.
        case placed(orderID: String, note: String?)
        /// A price decided: back to the check page.
        case checkAgain(ref: String)
        case notFound
        case unavailable
    }

    enum CheckStatus: Equatable {
        case ready, invalid, conflict
    }

    struct DisplayedRow: Equatable {
        var key: String
        var value: String
    }

    struct DisplayedLine: Equatable {
        var sku: String
        var name: String
        var quantity: String
        var unitPrice: String
        var amount: String
    }

    struct DisplayedPriceChange: Equatable {
        var text: String
        var line: String
        var keepLabel: String
        var useNewLabel: String
    }

    struct DisplayedCheck: Equatable {
        var title: String
        var heading: String
        var errors: [CreateOrder.DisplayedForm.DisplayedError]
        var formMessage: String?
        var caller: [DisplayedRow]
        var delivery: [DisplayedRow]
        var lines: [DisplayedLine]
        var totals: [DisplayedRow]
        var changeCallerURL: String
        var changeItemsURL: String
        var changeDeliveryURL: String
        /// What stands in the way, in words (shortages, gone products, a missing rate, missing sections).
        var problems: [String]
        var priceChanges: [DisplayedPriceChange]
        var pricesAction: String
        /// A possible duplicate: its words, and where to see it.
        var duplicateMessage: String?
        var duplicateURL: String?
        var placeAnywayURL: String?
        /// The card form shows only when nothing stands in the way.
        var canPlace: Bool
        var placeAction: String
        var fields: [String: CreateOrder.DisplayedForm.DisplayedField]
        var version: String
        var orderKey: String
        var placeDuplicateAnyway: Bool
        /// "Save this caller for next time": ticked unless the clerk unticked it, and what it does
        /// (adds a customer, or updates the one the draft was copied from).
        var saveCaller: Bool = true
        var saveCallerHint: String = ""

        var hasErrors: Bool { !errors.isEmpty || formMessage != nil }
    }
}
