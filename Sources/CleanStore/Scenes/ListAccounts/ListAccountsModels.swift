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

    /// `GET /accounts/log`: the accounts' audit log, newest first.
    enum FetchLog {
        struct Request {}

        enum Response: Equatable {
            case events([AccountEvent])
            case unavailable
        }

        enum ViewModel {
            case log(DisplayedLog)
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
    }

    struct DisplayedEvent: Equatable {
        var date: String
        var machineDate: String
        var by: String
        var account: String
        var what: String
    }
}
