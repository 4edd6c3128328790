/// What someone does with the orders, and the permission each use needs: the one rule of who may do
/// what. The route table refuses a role without it before a scene runs (`Routes.Access`, 403), and
/// the pages offer only the links and buttons for what the one asking may use (`ShowOrderInteractor`).
/// What an order's status allows on top (nothing more once it is shipped or cancelled) is no role's
/// rule: the interactors and their workers decide it (`OrderStatus`).
enum OrderUse: Equatable, Sendable {
    /// The list, an order, its history, its packing slip.
    case view
    case create
    case edit
    case delete
    /// A status change the status form asks for (`action`: mark paid, packed or shipped, or cancel);
    /// nil for a form that names no known change (the scene answers it 400). Cancelling is whoever
    /// may cancel some order (a clerk, a new one): which one is `cancel(from:)`, decided on the order.
    case changeStatus(OrderStatus.Action?)
    /// Cancelling an order that is at `status`: a new one, whoever takes orders; a paid or packed
    /// one, supervisors (a clerk asks one: `requestCancellation`).
    case cancel(from: OrderStatus)
    /// Asking a supervisor to cancel a paid or packed order (a reason): whoever takes orders.
    case requestCancellation
    /// Approving or declining a request to cancel: supervisors.
    case decideCancellation
    case addNote
    /// The orders a list finds, as CSV (a whole customer list).
    case export
    /// A deleted order's history (whoever deletes orders).
    case viewDeletedHistory
    /// The catalog: its list and a product's page (whoever reads orders: a line names a product).
    case viewCatalog
    /// The tax table (`/tax-rates`): everyone signed in reads it.
    case viewTaxRates
    /// Add and change tax rates: supervisors.
    case changeTaxRates
    /// Add, change, archive and restore products: supervisors.
    case changeCatalog
    /// The accounts: their list, log and changes (`/accounts`): supervisors.
    case manageAccounts
    /// Webhook endpoints and their deliveries (`/webhooks`): supervisors, as the accounts.
    case manageWebhooks
    /// Customers: their list and a customer's page (whoever reads orders).
    case viewCustomers
    /// Add and change customers: whoever takes orders (clerks).
    case changeCustomers
    /// Merge two customers: supervisors.
    case mergeCustomers
    /// Erase a customer's personal data: supervisors.
    case eraseCustomers

    var permission: Permission {
        switch self {
        case .view, .viewCatalog, .viewTaxRates, .viewCustomers: .viewOrders
        case .create, .edit, .addNote, .changeCustomers, .requestCancellation: .changeOrders
        case .changeStatus: .changeOrders
        case .cancel(from: .new): .changeOrders
        case .cancel, .decideCancellation: .cancelOrders
        case .delete, .viewDeletedHistory: .deleteOrders
        case .export: .exportOrders
        case .changeTaxRates: .changeTaxRates
        case .changeCatalog: .changeCatalog
        case .manageAccounts, .manageWebhooks: .manageAccounts
        case .mergeCustomers, .eraseCustomers: .manageCustomers
        }
    }
}

extension SignedIn {
    /// Whether this account's role may `use` (`OrderUse.permission`).
    func may(_ use: OrderUse) -> Bool { may(use.permission) }

    /// Whether this account's role may take `action` on `order` as it is: cancelling depends on
    /// how far the order has gone (`OrderUse.cancel(from:)`), every other move on the role alone.
    func may(_ action: OrderStatus.Action, on order: Order) -> Bool {
        action == .cancel ? may(.cancel(from: order.status)) : may(.changeStatus(action))
    }

    /// Whether this account may ask a supervisor to cancel `order`: one it may not cancel itself,
    /// paid or packed, that no request waits on already.
    func mayRequestCancellation(of order: Order) -> Bool {
        (order.status == .paid || order.status == .packed) && order.cancellationRequest == nil
            && may(.requestCancellation) && !may(.cancel(from: order.status))
    }
}

extension Optional<SignedIn> {
    /// No one signed in may use nothing.
    func may(_ use: OrderUse) -> Bool { self?.may(use) ?? false }
    func may(_ action: OrderStatus.Action, on order: Order) -> Bool { self?.may(action, on: order) ?? false }
    func mayRequestCancellation(of order: Order) -> Bool { self?.mayRequestCancellation(of: order) ?? false }
}
