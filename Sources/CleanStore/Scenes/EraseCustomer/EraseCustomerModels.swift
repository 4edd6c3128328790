enum EraseCustomer {
    // MARK: Form

    /// What the confirmation form posts, as typed: the version of the customer the page showed,
    /// and their name typed again.
    struct EraseFormFields: Equatable, Decodable, Sendable {
        var version = ""
        var name = ""
    }

    /// The customer the page is about, as stored, with how much an erasure reaches.
    struct Subject: Equatable {
        var customer: Customer
        /// How many orders they have (each erased too).
        var orders: Int
    }

    // MARK: Use cases

    /// `GET /customers/{id}/erase`: the confirmation page.
    enum ShowForm {
        struct Request {
            /// The `{id}` of the path, as typed.
            var id: String
        }

        enum Response: Equatable {
            case form(Subject)
            case notFound
            case unavailable
        }
    }

    /// `POST /customers/{id}/erase`: the erasure, once the name typed is theirs.
    enum Erase {
        struct Request {
            var id: String
            var fields: EraseFormFields
            var by: AccountName?
        }

        enum Response: Equatable {
            case erased(CustomerErasure)
            /// The name typed is not theirs (`typed`, as typed): nothing erased.
            case wrongName(Subject, typed: String)
            /// The customer changed since the page was shown: nothing erased; as they are now.
            case conflict(Subject)
            /// A version no page posts (400).
            case badRequest
            case notFound
            case unavailable
        }
    }

    // MARK: View model

    enum ViewModel {
        case form(DisplayedForm, status: FormStatus)
        /// Erased: to the customer's page, with the flash that says so.
        case erased(customerID: Int64, flash: String)
        case refusal(ErrorPage.Refusal)
    }

    enum FormStatus: Equatable {
        case shown, wrongName, conflict
    }

    struct DisplayedForm {
        var heading: String
        /// The name to type, exactly.
        var name: String
        /// What is erased and what stays, and that it cannot be undone (the warning text).
        var warning: String
        var erased: [String]
        var kept: [String]
        var action: String
        var version: String
        var customerURL: String
        /// The name as typed, after a wrong one.
        var typed: String
        /// The inline error (and the error summary's link to the field), after a wrong name.
        var errorMessage: String?
        /// After a 409: why nothing was erased.
        var conflictMessage: String?
        var describedBy: String { errorMessage == nil ? "name-hint" : "name-hint name-error" }
    }
}
