enum EditSavedViews {
    /// The save form's fields, as posted (`POST /orders/views`): the view's name and the list's
    /// query it keeps (a hidden field, read again by the list's rules, never trusted as sent).
    struct SaveFormFields: Decodable, Equatable, Sendable {
        var name: String = ""
        var query: String = ""
    }

    /// A change's form (`POST /orders/views/{id}`): `action` is a `SavedViewChange`'s raw value.
    struct ChangeFormFields: Decodable, Equatable, Sendable {
        var action: String = ""
    }

    /// What is wrong with a view's name.
    enum NameProblem: Error, Equatable, Sendable {
        case text(FreeTextRule.Problem)
        case taken
        case tooMany
    }

    // MARK: Use cases

    /// `GET /orders/views`: the account's saved views, each with its buttons.
    enum ShowViews {
        struct Request {
            var signedIn: SignedIn?
        }

        enum Response: Equatable {
            case fetched([SavedView])
            case unavailable
        }
    }

    /// `GET /orders/views/new?<the list's query>`: the form naming the list being saved.
    enum ShowNewForm {
        struct Request {
            var filters = OrdersFilterParameters()
        }

        enum Response: Equatable {
            /// The list's filters as the list reads them (what is not valid of them left out).
            case form(OrdersFilters, name: String = "", problem: NameProblem? = nil)
        }
    }

    /// `POST /orders/views`.
    enum SaveView {
        struct Request {
            var signedIn: SignedIn?
            var fields = SaveFormFields()
        }

        enum Response: Equatable {
            case saved(SavedView)
            /// The form again: the name as typed and what is wrong with it.
            case invalid(OrdersFilters, name: String, problem: NameProblem)
            case unavailable
        }
    }

    /// `POST /orders/views/{id}`: move up or down, make the default (or all orders again), delete.
    enum ChangeView {
        struct Request {
            var signedIn: SignedIn?
            var id: Int64
            var change: SavedViewChange
        }

        enum Response: Equatable {
            /// `view` as it was before `change`.
            case changed(SavedView, SavedViewChange)
            case notFound
            case unavailable
        }
    }

    // MARK: View models

    enum ViewModel {
        case views(DisplayedViews)
        case form(DisplayedForm, invalid: Bool)
        /// 303 to `url` with `flash`.
        case done(url: String, flash: String)
        case notFound
        case unavailable
    }

    struct DisplayedView: Equatable {
        var name: String
        var url: String
        /// Where its buttons post (`/orders/views/{id}`).
        var action: String
        var isDefault: Bool
        var mayMoveUp: Bool
        var mayMoveDown: Bool
    }

    struct DisplayedViews: Equatable {
        var views: [DisplayedView]
        /// "The list opens on all orders." or "The list opens on “Packed”."
        var opensOn: String
        /// Where "Open on all orders" posts (the default view's action); nil when there is no default.
        var clearDefaultAction: String?
        var listURL = Paths.orders.description
    }

    struct DisplayedForm {
        var action = Paths.savedViews.description
        var query: String
        /// What the view keeps, in words ("Status: Packed", "Search: jane").
        var summary: [String]
        var listURL: String
        var name: SignIn.DisplayedField
        var errors: [SignIn.DisplayedError]
        var hasErrors: Bool { !errors.isEmpty }
        /// The error summary's sentence above its links: none (each problem is the name's).
        var formMessage: String? = nil
        var title: String { (hasErrors ? "Error: " : "") + "Save this search" }
    }
}
