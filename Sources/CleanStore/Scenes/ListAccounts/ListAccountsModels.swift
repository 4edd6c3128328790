import Foundation

enum ListAccounts {
    // MARK: Use cases

    /// `GET /accounts`: every account, for supervisors.
    enum FetchAccounts {
        struct Request {}

        enum Response: Equatable {
            case accounts([ManageAccountsWorker.Listed])
            case unavailable
        }

        enum ViewModel {
            case list(DisplayedList)
            case unavailable
        }
    }

    /// `GET /accounts/log`: the accounts' audit log, newest first, a page at a time (`?after=ID`: the
    /// entries older than entry ID; `?before=ID`: those just newer).
    enum FetchLog {
        struct Request {
            /// The cursors as the URL carries them; nil when absent.
            var after: String? = nil
            var before: String? = nil
        }

        enum Response: Equatable {
            case page(ManageAccountsWorker.LogPage)
            /// A cursor that is no entry's id (or both given): 400.
            case badCursor
            case unavailable
        }

        enum ViewModel {
            case log(DisplayedLog)
            case badRequest
            case unavailable
        }
    }

    // MARK: View models

    struct DisplayedList {
        var title: String
        var accounts: [DisplayedAccount]
        var newAccountURL = Paths.newAccount.description
        var logURL = Paths.accountsLog.description
    }

    struct DisplayedAccount: Equatable {
        var username: String
        var displayName: String
        var role: String
        var lastSignIn: String
        /// "Active" or "Disabled".
        var status: String
        var isDisabled: Bool
        var editURL: String
    }

    struct DisplayedLog {
        var title: String
        var events: [DisplayedEvent]
        var emptyMessage: String?
        var accountsURL = Paths.accounts.description
        /// "Newer entries" (`?before=` the page's first) and "Older entries" (`?after=` its last).
        var newerURL: String? = nil
        var olderURL: String? = nil
        var hasPagination: Bool { newerURL != nil || olderURL != nil }
    }

    struct DisplayedEvent: Equatable {
        var date: String
        var machineDate: String
        var by: String
        var account: String
        var what: String
    }
}
