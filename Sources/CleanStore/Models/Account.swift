import Foundation

/// What an account may do: a viewer reads, a clerk also creates and edits orders, a supervisor
/// also deletes them and manages accounts.
public enum AccountRole: String, Sendable, CaseIterable, Codable {
    case viewer, clerk, supervisor
}

/// Someone who signs in. The username is unique regardless of case ("Amy" and "amy" are one
/// account) and never changes; the password is kept as a bcrypt hash only (`PasswordWorker`).
public struct Account: Equatable, Sendable {
    /// As typed when the account was made (shown), unique case-insensitively.
    public var username: String
    public var displayName: String
    public var role: AccountRole
    /// bcrypt (`$2b$12$…`): never shown, never logged.
    public var passwordHash: String
    public var isDisabled: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        username: String, displayName: String, role: AccountRole, passwordHash: String, isDisabled: Bool = false,
        createdAt: Date, updatedAt: Date? = nil
    ) {
        self.username = username
        self.displayName = displayName
        self.role = role
        self.passwordHash = passwordHash
        self.isDisabled = isDisabled
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// The key that makes usernames unique case-insensitively (stores index it; sessions and
    /// sign-in attempts name accounts by it).
    public var key: String { Account.key(username) }

    public static func key(_ username: String) -> String { username.lowercased() }
}

extension Account: CustomStringConvertible {
    /// Never the password hash: an account may end up in a message or a log.
    public var description: String {
        "Account(\(username), \(role.rawValue)\(isDisabled ? ", disabled" : ""))"
    }
}

/// Who did something, as an order's history and pages name them: the username (stable, unique) and
/// the display name it had then.
public struct AccountName: Equatable, Hashable, Sendable, Codable {
    public var username: String
    public var displayName: String

    public init(username: String, displayName: String) {
        self.username = username
        self.displayName = displayName
    }
}

extension Account {
    public var name: AccountName { AccountName(username: username, displayName: displayName) }
}

/// The account a request is made by, once its session has been found.
public struct SignedIn: Equatable, Sendable {
    public var name: AccountName
    public var role: AccountRole

    public init(name: AccountName, role: AccountRole) {
        self.name = name
        self.role = role
    }
}

/// What a signed-in account may do. A business rule, so it lives with the model: routes refuse
/// what a role may not do (403), and pages leave out the links and buttons for it.
public enum Permission: Sendable, CaseIterable {
    /// Read orders (the list, an order, its history while it exists).
    case viewOrders
    /// Create and edit orders.
    case changeOrders
    /// Delete orders, read a deleted order's history, manage accounts.
    case deleteOrders
    case manageAccounts
    /// Download every order a list finds, as CSV (a whole customer list: supervisors only).
    case exportOrders
    /// Cancel a paid or packed order, and approve or decline a clerk's request to (a new order is
    /// cancelled by whoever may `changeOrders`; the other status changes are `changeOrders`).
    case cancelOrders
    /// Add and change the tax table's rates (reading it is `viewOrders`).
    case changeTaxRates
    /// Add, change, archive and restore the catalog's products (reading it is `viewOrders`).
    case changeCatalog
    /// Merge two customers (and erase a customer's personal data): what cannot be undone to a
    /// customer (reading and changing them are `viewOrders` and `changeOrders`).
    case manageCustomers
}

extension AccountRole {
    /// Whether this role may do `permission`: a viewer reads, a clerk also creates and edits, a
    /// supervisor may do everything.
    public func may(_ permission: Permission) -> Bool {
        switch permission {
        case .viewOrders: return true
        case .changeOrders: return self != .viewer
        case .deleteOrders, .manageAccounts, .exportOrders, .cancelOrders, .changeTaxRates, .changeCatalog, .manageCustomers:
            return self == .supervisor
        }
    }
}

extension SignedIn {
    public func may(_ permission: Permission) -> Bool { role.may(permission) }
}
