protocol ListAccountsPresentationLogic: AnyObject {
    func presentAccounts(response: ListAccounts.FetchAccounts.Response)
    func presentLog(response: ListAccounts.FetchLog.Response)
}

/// The accounts and their log in words: roles capitalised, dates as people read them.
final class ListAccountsPresenter: ListAccountsPresentationLogic {
    weak var viewController: ListAccountsDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    static func roleName(_ role: AccountRole) -> String { role.rawValue.prefix(1).uppercased() + role.rawValue.dropFirst() }

    func presentAccounts(response: ListAccounts.FetchAccounts.Response) {
        switch response {
        case .accounts(let listed):
            let accounts = listed.map { entry in
                ListAccounts.DisplayedAccount(
                    username: entry.account.username, displayName: entry.account.displayName, role: Self.roleName(entry.account.role),
                    lastSignIn: entry.lastSignIn.map(formatter.longDateAndTime) ?? "Never",
                    status: entry.account.isDisabled ? "Disabled" : "Active", isDisabled: entry.account.isDisabled,
                    editURL: Paths.editAccount(entry.account.username))
            }
            viewController?.displayAccounts(viewModel: .list(ListAccounts.DisplayedList(title: "Accounts", accounts: accounts)))
        case .unavailable:
            viewController?.displayAccounts(viewModel: .unavailable)
        }
    }

    func presentLog(response: ListAccounts.FetchLog.Response) {
        switch response {
        case .page(let page):
            let displayed = page.entries.map(\.event).map { event in
                ListAccounts.DisplayedEvent(
                    date: formatter.longDateAndTime(event.at), machineDate: formatter.machineDateTime(event.at),
                    by: formatter.accountName(event.actor), account: event.username, what: Self.what(event))
            }
            var log = ListAccounts.DisplayedLog(
                title: "Accounts log", events: displayed,
                emptyMessage: page.entries.isEmpty ? "No account has been changed yet." : nil)
            if page.hasNewer, let first = page.entries.first {
                log.newerURL = Paths.accountsLog.description + Paths.query([("before", String(first.id))])
            }
            if page.hasOlder, let last = page.entries.last {
                log.olderURL = Paths.accountsLog.description + Paths.query([("after", String(last.id))])
            }
            viewController?.displayLog(viewModel: .log(log))
        case .badCursor:
            viewController?.displayLog(viewModel: .badRequest)
        case .unavailable:
            viewController?.displayLog(viewModel: .unavailable)
        }
    }

    /// What was done, as a sentence's verb phrase.
    static func what(_ event: AccountEvent) -> String {
        switch event.action {
        case .added: "Added as \(event.role.map(roleName) ?? "?")"
        case .roleChanged: "Role changed from \(event.previousRole.map(roleName) ?? "?") to \(event.role.map(roleName) ?? "?")"
        case .disabled: "Disabled"
        case .enabled: "Enabled"
        case .passwordReset: "Password reset (a new set-password link)"
        case .passwordSet: "Password set through the link"
        case .passwordChanged: "Password set on the command line"
        case .tokenMade: "API token made (\(event.role.map(roleName) ?? "?"))"
        case .tokenRevoked: "API token revoked (\(event.role.map(roleName) ?? "?"))"
        }
    }
}
