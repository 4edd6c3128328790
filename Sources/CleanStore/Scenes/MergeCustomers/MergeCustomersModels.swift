enum MergeCustomers {
    /// The most customers the search for the other one lists.
    static let resultLimit = 20

    // MARK: Form

    /// What the preview's form posts, as typed: the versions both customers had when the preview
    /// was made, and for each field the survivor keeps its own value (`keep`, or nothing) or takes
    /// the other's (`take`), named by `CustomerMergeField`'s raw values.
    struct MergeFormFields: Equatable, Decodable, Sendable {
        var version = ""
        var otherVersion = ""
        var choices: [CustomerMergeField: String] = [:]

        init(version: String = "", otherVersion: String = "", choices: [CustomerMergeField: String] = [:]) {
            self.version = version
            self.otherVersion = otherVersion
            self.choices = choices
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            version = try container.decodeIfPresent(String.self, forKey: Key("version")) ?? ""
            otherVersion = try container.decodeIfPresent(String.self, forKey: Key("otherVersion")) ?? ""
            for field in CustomerMergeField.allCases {
                if let choice = try container.decodeIfPresent(String.self, forKey: Key(field.rawValue)) { choices[field] = choice }
            }
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        static let keep = "keep"
        static let take = "take"

        /// The fields the survivor takes from the other; nil when a choice is neither `keep` nor `take`.
        var taken: Set<CustomerMergeField>? {
            var taken: Set<CustomerMergeField> = []
            for (field, choice) in choices {
                switch choice {
                case "", Self.keep: continue
                case Self.take: taken.insert(field)
                default: return nil
                }
            }
            return taken
        }
    }

    /// The two customers of a preview, as stored: the survivor keeps its id and gets the other's
    /// orders (`otherOrders` of them); `taken` are the fields chosen from the other so far.
    struct Pair: Equatable {
        var survivor: Customer
        var other: Customer
        var otherOrders: Int
        var taken: Set<CustomerMergeField> = []
    }

    // MARK: Use cases

    /// `GET /customers/{id}/merge?q=…`: the survivor, and the customers a search finds to merge into it.
    enum PickOther {
        struct Request {
            /// The `{id}` of the path, as typed.
            var id: String
            var text: String
        }

        enum Response: Equatable {
            /// `results`: what the search found, the survivor left out (nil before a search).
            case found(survivor: Customer, text: String, results: [Customer]?)
            case alreadyMerged(Customer)
            case notFound
            case unavailable
        }
    }

    /// `GET /customers/{id}/merge/{other}`: which values win.
    enum Preview {
        struct Request {
            var id: String
            var otherID: String
        }

        enum Response: Equatable {
            case preview(Pair)
            /// One of the two is merged already (`Customer.mergedInto`).
            case alreadyMerged(Customer)
            /// Either is no customer, or both are one.
            case notFound
            case unavailable
        }
    }

    /// `POST /customers/{id}/merge/{other}`: the merge, as the preview was confirmed.
    enum Merge {
        struct Request {
            var id: String
            var otherID: String
            var fields: MergeFormFields
            var by: AccountName?
        }

        enum Response: Equatable {
            case done(CustomersMerge)
            /// Either changed since the preview: nothing merged; the two as they are now, the choices as posted.
            case conflict(Pair)
            case alreadyMerged(Customer)
            /// A version or a choice that no preview posts (400).
            case badRequest
            case notFound
            case unavailable
        }
    }

    // MARK: View model

    enum ViewModel {
        case pick(DisplayedPick)
        case preview(DisplayedPreview, conflict: Bool)
        /// Merged: to the survivor's page, with the flash.
        case done(survivorID: Int64, flash: String)
        case refusal(ErrorPage.Refusal)
    }

    struct DisplayedPick {
        var heading: String
        /// The survivor in one line ("(415) 555-0100, jane@example.com").
        var survivor: String
        var action: String
        var text: String
        var results: [DisplayedCandidate]
        /// "2 customers found", as the results table's caption.
        var caption: String
        /// "No other customer found for “…”", after a search that found no one.
        var noMatchMessage: String?
        var customerURL: String
        var hasResults: Bool { !results.isEmpty }
    }

    struct DisplayedCandidate {
        var name: String
        var details: String
        /// The preview of merging them into the survivor.
        var url: String
    }

    struct DisplayedPreview {
        var heading: String
        /// What the merge does, in a sentence.
        var summary: String
        var survivorName: String
        var otherName: String
        /// The fields where the two differ: a choice each.
        var choices: [DisplayedChoice]
        /// The fields that are the same in both.
        var same: [DisplayedSame]
        var action: String
        var version: String
        var otherVersion: String
        /// The same merge the other way round: the other customer kept.
        var swapURL: String
        var customerURL: String
        /// After a 409: why nothing was merged.
        var conflictMessage: String?
        var hasChoices: Bool { !choices.isEmpty }
        var hasSame: Bool { !same.isEmpty }
    }

    /// A field where the two customers differ: keep the survivor's value or take the other's.
    struct DisplayedChoice {
        var legend: String
        var name: String
        /// The first radio's id is the field's name (an error summary's link lands on it).
        var keepID: String
        var takeID: String
        var kept: String
        var other: String
        var takeChecked: Bool
        var keepChecked: Bool { !takeChecked }
    }

    struct DisplayedSame {
        var label: String
        var value: String
    }
}
