import Foundation
import Logging

/// What every scene's configurator needs to wire a fresh V-I-P-R stack for one request.
/// Everything with a clock or randomness in it is here, so tests inject fixed values.
public struct SceneEnvironment: Sendable {
    public var ordersStore: any OrdersStoreProtocol
    /// The orders' history (the same database as `ordersStore`, which writes it).
    public var orderEvents: any OrderEventsStoreProtocol
    /// The orders' notes (the same database as `ordersStore`; a note never changes its order).
    public var orderNotes: any OrderNotesStoreProtocol
    /// Orders being taken (the same database as `ordersStore`: placing writes the order there).
    public var drafts: any DraftsStoreProtocol
    /// The tax table (the same database as `ordersStore`; `OrdersDatabase.taxRates`). An empty one
    /// in memory unless set: every environment has one, whichever scenes it serves.
    public var taxRates: any TaxRatesStoreProtocol = TaxRatesMemStore()
    /// The catalog as the draft pages read it (SKU, search): `products`'s.
    public var catalog: any CatalogLookup { ProductsCatalog(products: products) }
    public var pages: any PageRendering
    /// "Now", for order dates and card expiry checks.
    public var now: @Sendable () -> Date
    /// The shop's time zone (`--time-zone`, the server's by default): pages show dates in it, the
    /// list's date filters are its days, and an order's tax rate is the one of its placing day in it.
    public var timeZone: TimeZone
    /// Where a scene's workers log: the request's logger (with its request id) once the route
    /// table has handed the environment to a request (`serving(_:)`).
    public var logger = Logger(label: "cleanstore")
    /// The secret that signs the flash a router passes along with a redirect, and CSRF tokens.
    public var security: RequestSecurity
    /// Accounts, sessions and sign-in throttling.
    public var signIn: SignInServices
    /// Proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`): sign-in throttling
    /// counts by the client, not by the proxy.
    public var trustedProxies: Set<String> = []
    /// Makes the one-time key of a new-order form (no double orders): 128 random bits, base64url.
    public var newOrderKey: @Sendable () -> String = { OrderKeyWorker.random() }
    /// The catalog (in the same database as `ordersStore`: `OrdersDatabase.products`).
    public var products: any ProductsStoreProtocol = ProductsMemStore()
    /// The list's counts, kept a few seconds and shared by every request of the process
    /// (`OrdersCountCache`); its clock is `now`.
    public var countCache: OrdersCountCache
    /// Customers (in the same database as `ordersStore`: `OrdersDatabase.customers`).
    public var customers: any CustomersStoreProtocol = CustomersMemStore()
    /// Each account's saved views of the order list (the same database as `ordersStore`:
    /// `OrdersDatabase.savedViews`).
    public var savedViews: any SavedViewsStoreProtocol = SavedViewsMemStore()
    /// The bulk moves' batches (in the same database as `ordersStore`: `OrdersDatabase.bulkMoves`).
    public var bulkMoves: any BulkMovesStoreProtocol
    /// Webhook endpoints and their deliveries (in the same database as `ordersStore`:
    /// `OrdersDatabase.webhooks`, whose order changes write the deliveries).
    public var webhooks: any WebhooksStoreProtocol
    /// `--allow-private-webhooks`: an endpoint may be registered with http and a private address.
    public var allowPrivateWebhooks = false
    /// Makes a new webhook endpoint's signing secret (`whsec_` + 32 random bytes); tests fix it.
    public var newWebhookSecret: @Sendable () -> String = { WebhookSecret.random() }
    /// The sample catalog the set-up page offers to load (`SampleDataWorker`), relative to the
    /// working directory as `Views/` is.
    public var sampleCatalogPath = "deploy/sample-catalog.csv"
    /// Makes the token of a one-time set-password link (`/set-password?token=…`): 256 random bits.
    public var newPasswordLinkToken: @Sendable () -> String = { RequestSecurity.randomBrowserID() }
    /// Makes an API token's secret (`ManageTokens`: shown once); tests give fixed ones.
    public var newAPITokenSecret: @Sendable () -> APITokenSecret = { APITokenSecret.random() }
    /// What else signs an account in (the API's tokens), told when an account is disabled or its
    /// password reset or set (`AccountCredentialsRevoking`): add a store of such credentials here.
    public var credentialRevokers: [any AccountCredentialsRevoking] = []
    /// API tokens (the same database as the accounts: `OrdersDatabase.apiTokens`). An empty store in
    /// memory unless set.
    public var apiTokens: any APITokensStoreProtocol
    /// The API's idempotency keys (the same database as the tokens: `OrdersDatabase.idempotencyKeys`).
    /// An empty store in memory unless set.
    public var idempotencyKeys: any IdempotencyKeysStoreProtocol
    /// Each API token's requests a minute on this instance (`--api-rate-limit`; in memory, so behind
    /// N instances a token gets N times as many).
    public var apiRateLimiter = APIRateLimiter(limit: 120)
    /// The API's spec as served at `/api/v1/openapi.yaml` (`openapi.yaml`, read at start); nil: not served.
    public var apiSpec: String? = nil

    public init(
        ordersStore: any OrdersStoreProtocol,
        orderEvents: any OrderEventsStoreProtocol,
        orderNotes: any OrderNotesStoreProtocol,
        drafts: (any DraftsStoreProtocol)? = nil,
        pages: any PageRendering,
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current,
        security: RequestSecurity,
        signIn: SignInServices = .inMemory()
    ) {
        self.ordersStore = ordersStore
        self.orderEvents = orderEvents
        self.orderNotes = orderNotes
        // A memory orders store's drafts, catalog and tax table are its database's (tests, until
        // set); the app passes its database's.
        let memory = (ordersStore as? OrdersMemStore)?.database ?? MemoryAppDatabase()
        self.drafts = drafts ?? DraftsMemStore(database: memory)
        products = ProductsMemStore(database: memory)
        taxRates = TaxRatesMemStore(database: memory)
        apiTokens = APITokensMemStore(database: memory)
        idempotencyKeys = IdempotencyKeysMemStore(database: memory)
        customers = CustomersMemStore(database: memory)
        savedViews = SavedViewsMemStore(database: memory)
        bulkMoves = BulkMovesMemStore(database: memory)
        webhooks = WebhooksMemStore(database: memory)
        self.pages = pages
        self.now = now
        countCache = OrdersCountCache(now: now)
        self.timeZone = timeZone
        self.security = security
        self.signIn = signIn
    }
}

extension SceneEnvironment {
    /// The environment of one request: the same, logging through the request's logger, its pages
    /// saying who is signed in.
    func serving(_ context: AppRequestContext) -> SceneEnvironment {
        var environment = self
        environment.logger = context.logger
        environment.pages = pages.for(context.browser)
        return environment
    }
}

/// The workers, formatter and flash a scene is wired with, each made the one way every scene makes
/// it: a view controller's `setup()` asks for them instead of assembling them from the stores, the
/// clock and the logger itself. Each is fresh (workers log through this environment's logger).
extension SceneEnvironment {
    var ordersWorker: OrdersWorker { OrdersWorker(ordersStore: ordersStore, logger: logger, now: now, timeZone: timeZone, countCache: countCache) }
    var draftsWorker: DraftsWorker {
        DraftsWorker(drafts: drafts, catalog: catalog, customers: customers, orders: ordersStore, now: now, timeZone: timeZone, logger: logger)
    }
    var notesWorker: OrderNotesWorker { OrderNotesWorker(notesStore: orderNotes, logger: logger, now: now) }
    var taxRatesWorker: TaxRatesWorker { TaxRatesWorker(taxRatesStore: taxRates, logger: logger, now: now) }
    var historyWorker: ViewOrderHistoryWorker { ViewOrderHistoryWorker(eventsStore: orderEvents, logger: logger) }
    var exportWorker: ExportOrdersWorker { ExportOrdersWorker(ordersStore: ordersStore, logger: logger) }
    var filterWorker: OrdersFilterWorker { OrdersFilterWorker(timeZone: timeZone) }
    var validationWorker: OrderValidationWorker { OrderValidationWorker(now: now, timeZone: timeZone) }
    var orderKeyWorker: OrderKeyWorker { OrderKeyWorker(newKey: newOrderKey) }
    var accountsWorker: AccountsWorker {
        AccountsWorker(accounts: signIn.accounts, sessions: signIn.sessions, passwords: signIn.passwords, now: now)
    }
    var listProductsWorker: ListProductsWorker { ListProductsWorker(products: products, logger: logger) }
    var showProductWorker: ShowProductWorker { ShowProductWorker(products: products, logger: logger) }
    var editProductWorker: EditProductWorker { EditProductWorker(products: products, logger: logger, now: now) }
    var listCustomersWorker: ListCustomersWorker { ListCustomersWorker(customers: customers, logger: logger) }
    var showCustomerWorker: ShowCustomerWorker { ShowCustomerWorker(customers: customers, logger: logger) }
    var editCustomerWorker: EditCustomerWorker { EditCustomerWorker(customers: customers, logger: logger, now: now) }
    var savedViewsWorker: SavedViewsWorker { SavedViewsWorker(store: savedViews, logger: logger) }
    var mergeCustomersWorker: MergeCustomersWorker { MergeCustomersWorker(customers: customers, logger: logger, now: now) }
    var eraseCustomerWorker: EraseCustomerWorker { EraseCustomerWorker(customers: customers, logger: logger, now: now) }
    var sampleDataWorker: SampleDataWorker {
        SampleDataWorker(products: products, taxRates: taxRates, catalogPath: sampleCatalogPath, logger: logger, now: now)
    }
    var manageAccountsWorker: ManageAccountsWorker {
        ManageAccountsWorker(
            changes: signIn.accountChanges, accounts: signIn.accounts, sessions: signIn.sessions, passwords: signIn.passwords,
            revokers: credentialRevokers, newToken: newPasswordLinkToken, now: now, logger: logger)
    }
    var apiTokensWorker: APITokensWorker {
        APITokensWorker(tokens: apiTokens, accounts: signIn.accounts, now: now, newSecret: newAPITokenSecret)
    }
    var signInWorker: SignInWorker { SignInWorker(services: signIn, now: now, logger: logger) }
    /// Order dates, money, names and addresses as the shop's pages show them.
    var formatter: OrderDisplayFormatter { OrderDisplayFormatter(timeZone: timeZone) }

    /// The flash a router passes with its redirect (and a page clears once shown), for `browser`.
    func flash(for browser: Browser) -> Flash { Flash(security: security, browserID: browser.id) }
}
