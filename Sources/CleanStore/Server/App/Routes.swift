import Foundation
import Hummingbird

/// The route table (see HTTP.md): the one place that reads a Hummingbird `Request`. Each route
/// reads what its scene needs (path parameters, query, the flash, a decoded form) and hands it to
/// a fresh scene, wired for this request.
enum Routes {
    typealias Handler = @Sendable (Request, AppRequestContext) async throws -> Response

    /// Who may use a route: decided here, once, for every route, by the one rule of who may do what
    /// (`OrderUse`), before the scene runs. Scenes decide only what an order's state allows.
    ///
    /// Not hummingbird-auth's `PermissionPolicy` on route groups (2.5.0): a policy is asked with the
    /// identity and the request only, not the context that holds the posted form (`formBody`, read by
    /// `PostedFormMiddleware`), so it could not tell a cancel from a "mark as paid" on the status
    /// route; `AuthorizationPolicyMiddleware` refuses by throwing (401 with no identity, one fixed
    /// error else), where today's refusals are pages: signed out, a redirect to sign in (GET) or the
    /// sign-in page keeping an order form's typing (POST); a role that may not, the 403 page naming
    /// it, logged with the role. And the app's target links only HummingbirdBcrypt of that package.
    enum Access: Sendable {
        /// Anyone, signed in or not (signing in, the set-up page, `/healthz`).
        case anyone
        /// An account whose role may `use` (`OrderUse.permission`). Signed out, a GET is sent to sign
        /// in first (303) and a POST refused (403, the sign-in page) before anything is read; a role
        /// that may not gets a 403 page. The default: a new route is closed until said otherwise.
        case signedIn(OrderUse)
        /// As `signedIn`, for the use the request asks for, read from its posted form once a session
        /// is found: one route that serves more than one use (the status form's `action`: cancelling
        /// needs more than marking paid).
        case signedInFor(@Sendable (AppRequestContext) -> OrderUse)
    }

    struct Route: Sendable {
        var method: HTTPRequest.Method
        var path: AppPath
        var access: Access
        /// What a signed-out POST keeps for after signing in: an order form's typed fields.
        var keepsDraft: Bool
        /// The page a POST refused signed out returns to after signing in: its own page, the one its
        /// form is on (the order's page for a status change or a note); its `{id}` is the request's.
        /// nil for a GET, which returns to itself (its path and query, as asked).
        var returnsTo: AppPath?
        /// Whether the route needs to know who is signed in (`SessionMiddleware`'s read of the
        /// sessions store). Only `/healthz` does not: it answers alike for everyone.
        var looksUpSession: Bool
        var handler: Handler

        init(
            method: HTTPRequest.Method, path: AppPath, access: Access = .signedIn(.view), keepsDraft: Bool = false,
            returnsTo: AppPath? = nil, looksUpSession: Bool = true, handler: @escaping Handler
        ) {
            self.method = method
            self.path = path
            self.access = access
            self.keepsDraft = keepsDraft
            self.returnsTo = returnsTo
            self.looksUpSession = looksUpSession
            self.handler = handler
        }
    }

    static func table(environment: SceneEnvironment) -> [Route] {
        let health = HealthCheck(store: environment.ordersStore)
        @Sendable func flash(_ request: Request, _ context: AppRequestContext) -> String? {
            environment.flash(for: context.browser).message(in: request)
        }
        @Sendable func confirmation(_ request: Request, _ context: AppRequestContext) -> Flash.Confirmation? {
            environment.flash(for: context.browser).confirmation(in: request)
        }
        @Sendable func orderFormFields(_ context: AppRequestContext) throws -> CreateOrder.OrderFormFields {
            try FormDecoding.decode(CreateOrder.OrderFormFields.self, context: context)
        }
        /// A list's search, filters and sort, as its URL carries them (the list and its CSV alike).
        @Sendable func filterParameters(_ request: Request) -> OrdersFilterParameters {
            let query = FormQuery(request.uri.query)
            return OrdersFilterParameters(
                text: query["q"], shipping: query["shipping"], status: query["status"], cancellation: query["cancellation"],
                from: query["from"], to: query["to"], sort: query["sort"])
        }
        @Sendable func orderID(_ context: AppRequestContext) throws -> String {
            try context.parameters.require("id")
        }
        @Sendable func createOrder(_ context: AppRequestContext) -> CreateOrderViewController {
            CreateOrderViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func deleteOrder(_ context: AppRequestContext) -> DeleteOrderViewController {
            DeleteOrderViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func changeOrderStatus(_ context: AppRequestContext) -> ChangeOrderStatusViewController {
            ChangeOrderStatusViewController(environment: environment.serving(context), browser: context.browser)
        }
        /// The status form, as the scene reads it (a body that is no form is a 400).
        @Sendable func statusFormFields(_ context: AppRequestContext) throws -> ChangeOrderStatus.StatusFormFields {
            try FormDecoding.decode(ChangeOrderStatus.StatusFormFields.self, context: context)
        }
        @Sendable func bulkMoveOrders(_ context: AppRequestContext) -> BulkMoveOrdersViewController {
            BulkMoveOrdersViewController(environment: environment.serving(context), browser: context.browser)
        }
        /// The list's bulk form, as the scene reads it (a body that is no form is a 400).
        @Sendable func bulkFormFields(_ context: AppRequestContext) throws -> BulkMoveOrders.BulkFormFields {
            try FormDecoding.decode(BulkMoveOrders.BulkFormFields.self, context: context)
        }
        @Sendable func editTaxRate(_ context: AppRequestContext) -> EditTaxRateViewController {
            EditTaxRateViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func editProduct(_ context: AppRequestContext) -> EditProductViewController {
            EditProductViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func editCustomer(_ context: AppRequestContext) -> EditCustomerViewController {
            EditCustomerViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func mergeCustomers(_ context: AppRequestContext) -> MergeCustomersViewController {
            MergeCustomersViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func eraseCustomer(_ context: AppRequestContext) -> EraseCustomerViewController {
            EraseCustomerViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func editDraft(_ context: AppRequestContext) -> EditDraftViewController {
            EditDraftViewController(environment: environment.serving(context), browser: context.browser)
        }
        /// A section of a draft's page, posted: saved by the draft's scene; signed out, the clerk
        /// comes back to the draft after signing in (nothing typed in other sections is lost: each
        /// was saved when it was posted).
        @Sendable func draftSection(_ path: AppPath, _ section: @escaping @Sendable (AppRequestContext) throws -> EditDraft.Section) -> Route {
            Route(method: .post, path: path, access: .signedIn(.create), returnsTo: Paths.draft) { _, context in
                await editDraft(context).saveSection(ref: try orderID(context), section: try section(context))
            }
        }
        @Sendable func placeDraft(_ context: AppRequestContext) -> PlaceDraftViewController {
            PlaceDraftViewController(environment: environment.serving(context), browser: context.browser)
        }
        /// A new order's item forms: whoever may edit an order may change its items (`OrderUse.edit`).
        @Sendable func changeItems(_ context: AppRequestContext, _ form: ChangeOrderItems.Form) async throws -> Response {
            await ChangeOrderItemsViewController(environment: environment.serving(context), browser: context.browser).changeItems(
                orderID: try orderID(context), form: form)
        }
        @Sendable func lineKey(_ context: AppRequestContext) throws -> String {
            try context.parameters.require("key")
        }
        @Sendable func editSavedViews(_ context: AppRequestContext) -> EditSavedViewsViewController {
            EditSavedViewsViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func signIn(_ context: AppRequestContext) -> SignInViewController {
            SignInViewController(environment: environment.serving(context), browser: context.browser)
        }
        return [
            Route(method: .get, path: Paths.root) { _, _ in .seeOther(Paths.orders.description) },
            Route(method: .get, path: Paths.products, access: .signedIn(.viewCatalog)) { request, context in
                let query = FormQuery(request.uri.query)
                return await ListProductsViewController(environment: environment.serving(context), browser: context.browser)
                    .fetchProducts(
                        ListProducts.FetchProducts.Request(
                            text: query["q"] ?? "", includeArchived: query["archived"] == "yes", after: query["after"], before: query["before"]))
            },
            Route(method: .get, path: Paths.product, access: .signedIn(.viewCatalog)) { request, context in
                await ShowProductViewController(environment: environment.serving(context), browser: context.browser)
                    .getProduct(id: try context.parameters.require("id"), flash: flash(request, context))
            },
            Route(method: .get, path: Paths.customers, access: .signedIn(.viewCustomers)) { request, context in
                let query = FormQuery(request.uri.query)
                return await ListCustomersViewController(environment: environment.serving(context), browser: context.browser)
                    .fetchCustomers(ListCustomers.FetchCustomers.Request(text: query["q"] ?? "", after: query["after"], before: query["before"]))
            },
            Route(method: .get, path: Paths.customer, access: .signedIn(.viewCustomers)) { request, context in
                await ShowCustomerViewController(environment: environment.serving(context), browser: context.browser)
                    .getCustomer(id: try context.parameters.require("id"), flash: flash(request, context))
            },
            Route(method: .get, path: Paths.healthz, access: .anyone, looksUpSession: false) { _, context in
                await health.response(logger: context.logger)
            },
            Route(method: .get, path: Paths.signIn, access: .anyone) { request, context in
                signIn(context).showForm(
                    returnTo: request.uri.queryParameters["return"].map(String.init), isSignedIn: context.signedIn != nil,
                    flash: flash(request, context))
            },
            Route(method: .post, path: Paths.signIn, access: .anyone) { request, context in
                let client = AccessLogMiddleware<AppRequestContext>.client(
                    of: request, peer: context.remoteAddress?.ipAddress, trustedProxies: environment.trustedProxies)
                return await signIn(context).signIn(
                    fields: try FormDecoding.decode(SignIn.SignInFormFields.self, context: context), client: client ?? "unknown",
                    previousSession: context.sessionID)
            },
            Route(method: .post, path: Paths.signOut, access: .anyone) { _, context in
                _ = try FormDecoding.decode(FormDecoding.NoFields.self, context: context)
                return await signIn(context).signOut(session: context.sessionID)
            },
            Route(method: .get, path: Paths.setup, access: .anyone) { request, context in
                await SetUpViewController(environment: environment.serving(context), browser: context.browser)
                    .showForm(token: request.uri.queryParameters["token"].map(String.init) ?? "")
            },
            Route(method: .post, path: Paths.setup, access: .anyone) { _, context in
                await SetUpViewController(environment: environment.serving(context), browser: context.browser)
                    .createSupervisor(fields: try FormDecoding.decode(SetUp.SetUpFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.orders) { request, context in
                let query = request.uri.queryParameters
                return await ListOrdersViewController(environment: environment.serving(context), browser: context.browser).showOrders(
                    after: query["after"].map(String.init), before: query["before"].map(String.init),
                    filters: filterParameters(request), flash: flash(request, context), queryGiven: !(request.uri.query ?? "").isEmpty)
            },
            // A clerk's saved searches: every signed-in role keeps its own (never another's).
            Route(method: .get, path: Paths.savedViews) { request, context in
                await editSavedViews(context).showViews(flash: flash(request, context))
            },
            Route(method: .get, path: Paths.newSavedView) { request, context in
                await editSavedViews(context).showNewForm(filters: filterParameters(request))
            },
            Route(method: .post, path: Paths.savedViews, returnsTo: Paths.orders) { _, context in
                await editSavedViews(context).saveView(fields: try FormDecoding.decode(EditSavedViews.SaveFormFields.self, context: context))
            },
            Route(method: .post, path: Paths.savedView, returnsTo: Paths.savedViews) { _, context in
                await editSavedViews(context).changeView(
                    id: try orderID(context), fields: try FormDecoding.decode(EditSavedViews.ChangeFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.ordersCSV, access: .signedIn(.export)) { request, context in
                await ExportOrdersViewController(environment: environment.serving(context), browser: context.browser).exportOrders(
                    filters: filterParameters(request))
            },
            // The old one-page order form (an old tab, a script): kept as a draft, never the card.
            // Signed out, its typing is kept and becomes the draft once the clerk signs in.
            Route(
                method: .post, path: Paths.orders, access: .signedIn(.create), keepsDraft: true, returnsTo: Paths.drafts
            ) { _, context in
                await editDraft(context).keepOrderForm(orderFormFields: try orderFormFields(context))
            },
            // An old link to the one-page form: a GET creates nothing, so it goes to the orders being
            // taken, whose one button starts a new one (and where an interrupted one is resumed).
            Route(method: .get, path: Paths.newOrder, access: .signedIn(.create)) { _, _ in
                .seeOther(Paths.drafts.description)
            },
            Route(method: .get, path: Paths.order) { request, context in
                await ShowOrderViewController(environment: environment.serving(context), browser: context.browser).showOrder(
                    id: try orderID(context), flash: flash(request, context), confirmation: confirmation(request, context),
                    from: FormQuery(request.uri.query)["from"])
            },
            Route(method: .post, path: Paths.order, access: .signedIn(.edit), keepsDraft: true, returnsTo: Paths.editOrder) { _, context in
                await createOrder(context).updateOrder(id: try orderID(context), orderFormFields: try orderFormFields(context))
            },
            Route(method: .get, path: Paths.deleteOrder, access: .signedIn(.delete)) { _, context in
                await deleteOrder(context).showOrderToDelete(id: try orderID(context))
            },
            Route(method: .post, path: Paths.deleteOrder, access: .signedIn(.delete), returnsTo: Paths.deleteOrder) { _, context in
                _ = try FormDecoding.decode(FormDecoding.NoFields.self, context: context)
                return await deleteOrder(context).deleteOrder(id: try orderID(context))
            },
            Route(method: .get, path: Paths.editOrder, access: .signedIn(.edit)) { _, context in
                await createOrder(context).editOrder(id: try orderID(context))
            },
            Route(method: .get, path: Paths.cancelOrder, access: .signedIn(.changeStatus(.cancel))) { _, context in
                await changeOrderStatus(context).showCancelForm(id: try orderID(context))
            },
            // Who may is decided by what the form asks for (read twice: it is a few short fields); a
            // body that is no form needs what any status change needs, and is answered 400.
            Route(
                method: .post, path: Paths.orderStatus,
                access: .signedInFor { (try? statusFormFields($0))?.use ?? .changeStatus(nil) }, returnsTo: Paths.order
            ) { request, context in
                await changeOrderStatus(context).changeStatus(
                    id: try orderID(context), fields: try statusFormFields(context), from: FormQuery(request.uri.query)["from"])
            },
            // Undoing a move is a status change (whoever may make one; the store decides whose it is).
            Route(method: .post, path: Paths.undoStatus, access: .signedIn(.changeStatus(nil)), returnsTo: Paths.order) { _, context in
                await changeOrderStatus(context).undoStatus(
                    id: try orderID(context), fields: try FormDecoding.decode(ChangeOrderStatus.UndoFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.shipOrder, access: .signedIn(.changeStatus(.markShipped))) { request, context in
                await changeOrderStatus(context).showShipForm(id: try orderID(context), from: FormQuery(request.uri.query)["from"])
            },
            // A shipped order's tracking number: who may ship may add or correct it.
            Route(
                method: .post, path: Paths.orderTracking, access: .signedIn(.changeStatus(.markShipped)), returnsTo: Paths.order
            ) { _, context in
                await changeOrderStatus(context).changeTracking(
                    id: try orderID(context), fields: try FormDecoding.decode(ChangeOrderStatus.TrackingFormFields.self, context: context))
            },
            // The list's bulk move: who may is decided by the move the form asks for, as for one
            // order's status form; a body that is no form needs what any status change needs (400).
            Route(
                method: .post, path: Paths.bulkMoves,
                access: .signedInFor { (try? bulkFormFields($0))?.use ?? .changeStatus(nil) }, returnsTo: Paths.orders
            ) { _, context in
                await bulkMoveOrders(context).moveOrders(fields: try bulkFormFields(context))
            },
            Route(method: .get, path: Paths.bulkMove) { _, context in
                await bulkMoveOrders(context).showBatch(id: try orderID(context))
            },
            Route(method: .get, path: Paths.orderHistory) { _, context in
                await ViewOrderHistoryViewController(environment: environment.serving(context), browser: context.browser).showHistory(
                    id: try orderID(context))
            },
            Route(method: .post, path: Paths.orderNotes, access: .signedIn(.addNote), returnsTo: Paths.order) { _, context in
                await AddOrderNoteViewController(environment: environment.serving(context), browser: context.browser).addNote(
                    orderID: try orderID(context), fields: try FormDecoding.decode(AddOrderNote.NoteFormFields.self, context: context))
            },
            Route(method: .post, path: Paths.drafts, access: .signedIn(.create), returnsTo: Paths.orders) { _, context in
                _ = try FormDecoding.decode(FormDecoding.NoFields.self, context: context)
                return await editDraft(context).startDraft()
            },
            // A new draft from an order's page: its customer's details, or the order again (its lines at today's prices).
            // Each form carries the page's one-time key (`draftKey`): a double click is one draft.
            Route(method: .post, path: Paths.orderNewDraft, access: .signedIn(.create), returnsTo: Paths.order) { _, context in
                let fields = try FormDecoding.decode(EditDraft.StartDraftFormFields.self, context: context)
                return await editDraft(context).startDraft(from: .forCustomerOf(orderID: try orderID(context)), key: fields.draftKey)
            },
            Route(method: .post, path: Paths.orderRepeat, access: .signedIn(.create), returnsTo: Paths.order) { _, context in
                let fields = try FormDecoding.decode(EditDraft.StartDraftFormFields.self, context: context)
                return await editDraft(context).startDraft(from: .repeating(orderID: try orderID(context)), key: fields.draftKey)
            },
            Route(method: .get, path: Paths.drafts, access: .signedIn(.create)) { _, context in
                await ListDraftsViewController(environment: environment.serving(context), browser: context.browser).showDrafts()
            },
            Route(method: .get, path: Paths.draft, access: .signedIn(.create)) { request, context in
                await editDraft(context).showDraft(
                    ref: try orderID(context), search: FormQuery(request.uri.query)["q"],
                    callerSearch: FormQuery(request.uri.query)["caller"], repeated: FormQuery(request.uri.query)["repeated"],
                    flash: flash(request, context))
            },
            draftSection(Paths.draftCustomer) { .useCustomer(try FormDecoding.decode(EditDraft.UseCustomerFormFields.self, context: $0)) },
            draftSection(Paths.draftCaller) { .caller(try orderFormFields($0)) },
            draftSection(Paths.draftDelivery) { .delivery(try orderFormFields($0)) },
            draftSection(Paths.draftLines) { .addLine(try FormDecoding.decode(EditDraft.LineFormFields.self, context: $0)) },
            draftSection(Paths.draftQuantities) { .quantities(try FormDecoding.decode(EditDraft.QuantitiesFormFields.self, context: $0)) },
            draftSection(Paths.draftLinePrice) { .price(try FormDecoding.decode(EditDraft.PriceFormFields.self, context: $0)) },
            draftSection(Paths.draftRemoveLine) {
                .removeLine(key: try FormDecoding.decode(EditDraft.RemoveLineFormFields.self, context: $0).line)
            },
            Route(method: .get, path: Paths.draftCheck, access: .signedIn(.create)) { request, context in
                await placeDraft(context).checkDraft(
                    ref: try orderID(context), duplicateAccepted: FormQuery(request.uri.query)["duplicate"] == "accepted")
            },
            Route(method: .post, path: Paths.draftPrices, access: .signedIn(.create), returnsTo: Paths.draftCheck) { _, context in
                await placeDraft(context).decidePrice(
                    ref: try orderID(context), fields: try FormDecoding.decode(PlaceDraft.PriceFormFields.self, context: context))
            },
            // Signed out, the card is not kept (nothing of the form is): back to the check page.
            Route(method: .post, path: Paths.draftPlace, access: .signedIn(.create), returnsTo: Paths.draftCheck) { _, context in
                await placeDraft(context).place(
                    ref: try orderID(context), fields: try FormDecoding.decode(PlaceDraft.PlaceFormFields.self, context: context))
            },
            Route(method: .post, path: Paths.orderLines, access: .signedIn(.edit), returnsTo: Paths.order) { _, context in
                try await changeItems(context, .addLine(try FormDecoding.decode(ChangeOrderItems.AddLineFields.self, context: context)))
            },
            Route(method: .post, path: Paths.orderLineQuantities, access: .signedIn(.edit), returnsTo: Paths.order) { _, context in
                try await changeItems(
                    context, .quantities(try FormDecoding.decode(ChangeOrderItems.QuantitiesFields.self, context: context)))
            },
            Route(method: .post, path: Paths.orderLinePrice, access: .signedIn(.edit), returnsTo: Paths.order) { _, context in
                try await changeItems(
                    context, .price(key: try lineKey(context), try FormDecoding.decode(ChangeOrderItems.PriceFields.self, context: context)))
            },
            Route(method: .post, path: Paths.orderLineRemove, access: .signedIn(.edit), returnsTo: Paths.order) { _, context in
                try await changeItems(
                    context,
                    .remove(key: try lineKey(context), try FormDecoding.decode(ChangeOrderItems.RemoveFields.self, context: context)))
            },
            Route(method: .get, path: Paths.packingSlip) { _, context in
                await PrintPackingSlipViewController(environment: environment.serving(context), browser: context.browser).showSlip(
                    id: try orderID(context))
            },
            Route(method: .get, path: Paths.taxRates, access: .signedIn(.viewTaxRates)) { request, context in
                await ListTaxRatesViewController(environment: environment.serving(context), browser: context.browser).showRates(
                    flash: flash(request, context))
            },
            Route(method: .get, path: Paths.newTaxRate, access: .signedIn(.changeTaxRates)) { _, context in
                await editTaxRate(context).showForm(id: nil)
            },
            Route(method: .post, path: Paths.newTaxRate, access: .signedIn(.changeTaxRates), returnsTo: Paths.newTaxRate) { _, context in
                await editTaxRate(context).saveRate(id: nil, fields: try FormDecoding.decode(EditTaxRate.RateFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.editTaxRate, access: .signedIn(.changeTaxRates)) { _, context in
                await editTaxRate(context).showForm(id: try orderID(context))
            },
            Route(method: .post, path: Paths.editTaxRate, access: .signedIn(.changeTaxRates), returnsTo: Paths.editTaxRate) { _, context in
                await editTaxRate(context).saveRate(
                    id: try orderID(context), fields: try FormDecoding.decode(EditTaxRate.RateFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.newProduct, access: .signedIn(.changeCatalog)) { _, context in
                await editProduct(context).showForm(id: nil)
            },
            Route(method: .post, path: Paths.newProduct, access: .signedIn(.changeCatalog), returnsTo: Paths.newProduct) { _, context in
                await editProduct(context).saveProduct(
                    id: nil, fields: try FormDecoding.decode(EditProduct.ProductFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.editProduct, access: .signedIn(.changeCatalog)) { _, context in
                await editProduct(context).showForm(id: try orderID(context))
            },
            Route(method: .post, path: Paths.editProduct, access: .signedIn(.changeCatalog), returnsTo: Paths.editProduct) { _, context in
                await editProduct(context).saveProduct(
                    id: try orderID(context), fields: try FormDecoding.decode(EditProduct.ProductFormFields.self, context: context))
            },
            Route(method: .post, path: Paths.archiveProduct, access: .signedIn(.changeCatalog), returnsTo: Paths.product) { _, context in
                await editProduct(context).changeActive(
                    id: try orderID(context), active: false, fields: try FormDecoding.decode(EditProduct.ActiveFormFields.self, context: context))
            },
            Route(method: .post, path: Paths.restoreProduct, access: .signedIn(.changeCatalog), returnsTo: Paths.product) { _, context in
                await editProduct(context).changeActive(
                    id: try orderID(context), active: true, fields: try FormDecoding.decode(EditProduct.ActiveFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.newCustomer, access: .signedIn(.changeCustomers)) { _, context in
                await editCustomer(context).showForm(id: nil)
            },
            Route(method: .post, path: Paths.newCustomer, access: .signedIn(.changeCustomers), keepsDraft: true, returnsTo: Paths.newCustomer) { _, context in
                await editCustomer(context).saveCustomer(
                    id: nil, fields: try FormDecoding.decode(EditCustomer.CustomerFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.editCustomer, access: .signedIn(.changeCustomers)) { _, context in
                await editCustomer(context).showForm(id: try orderID(context))
            },
            Route(method: .post, path: Paths.editCustomer, access: .signedIn(.changeCustomers), keepsDraft: true, returnsTo: Paths.editCustomer) { _, context in
                await editCustomer(context).saveCustomer(
                    id: try orderID(context), fields: try FormDecoding.decode(EditCustomer.CustomerFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.mergeCustomer, access: .signedIn(.mergeCustomers)) { request, context in
                await mergeCustomers(context).pickOther(id: try orderID(context), text: FormQuery(request.uri.query)["q"] ?? "")
            },
            Route(method: .get, path: Paths.mergePreview, access: .signedIn(.mergeCustomers)) { _, context in
                await mergeCustomers(context).preview(id: try orderID(context), otherID: try lineKey(context))
            },
            Route(method: .post, path: Paths.mergePreview, access: .signedIn(.mergeCustomers), returnsTo: Paths.mergeCustomer) { _, context in
                await mergeCustomers(context).merge(
                    id: try orderID(context), otherID: try lineKey(context),
                    fields: try FormDecoding.decode(MergeCustomers.MergeFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.eraseCustomer, access: .signedIn(.eraseCustomers)) { _, context in
                await eraseCustomer(context).showForm(id: try orderID(context))
            },
            Route(method: .post, path: Paths.eraseCustomer, access: .signedIn(.eraseCustomers), returnsTo: Paths.eraseCustomer) { _, context in
                await eraseCustomer(context).erase(
                    id: try orderID(context), fields: try FormDecoding.decode(EraseCustomer.EraseFormFields.self, context: context))
            },
        ] + accountRoutes(environment: environment) + webhookRoutes(environment: environment)
    }

    /// `route`'s handler behind its access rule (see `Access`).
    static func guarded(_ route: Route, environment: SceneEnvironment) -> Handler {
        let use: @Sendable (AppRequestContext) -> OrderUse
        switch route.access {
        case .anyone: return route.handler
        case .signedIn(let routeUse): use = { _ in routeUse }
        case .signedInFor(let asked): use = asked
        }
        return { request, context in
            guard let signedIn = context.signedIn else {
                if route.method == .post {
                    // Nothing is read or done; an order form's typing is kept for after signing in.
                    context.logger.info("Request refused: not signed in", metadata: ["status": "403"])
                    let draft = route.keepsDraft ? context.formBody.map { OrderDraft(action: request.uri.path, postedBody: $0) } : nil
                    return SignInViewController(environment: environment.serving(context), browser: context.browser)
                        .askToSignIn(returnTo: returnPath(of: route, context: context), draft: draft)
                }
                return .seeOther(signInPath(returningTo: request.uri.description))
            }
            guard signedIn.may(use(context)) else {
                context.logger.info("Request refused: not permitted", metadata: ["status": "403", "role": "\(signedIn.role.rawValue)"])
                return ErrorPage.response(.because(.notPermitted(signedIn.role)), pages: environment.pages.for(context.browser))
            }
            return try await route.handler(request, context)
        }
    }

    /// `/sign-in?return=<path>`, the path percent-encoded.
    static func signInPath(returningTo path: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return "\(Paths.signIn)?return=\(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }

    /// Where a clerk goes back to after signing in when `route`'s POST was refused signed out: the
    /// page the route names (`returnsTo`), for the order the request named; the orders for a route
    /// that names none. A draft's order form, when one is kept, says its own way back.
    static func returnPath(of route: Route, context: AppRequestContext) -> String {
        guard let page = route.returnsTo else { return Paths.orders.description }
        return page(context.parameters.get("id") ?? "")
    }

    /// The methods a path answers to (for 405 and its `Allow` header); empty for an unknown path.
    /// As in the router, a literal segment wins over a parameter (`/orders/new` is not `/orders/{id}`).
    /// Written here because Hummingbird's router says only whether a path and method match, not
    /// which methods a path has.
    static func allowedMethods(for path: String, in routes: [Route]) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matches = routes.compactMap { route -> (parameters: Int, method: HTTPRequest.Method)? in
            let pattern = route.path.pattern.split(separator: "/", omittingEmptySubsequences: true)
            guard pattern.count == segments.count,
                zip(pattern, segments).allSatisfy({ $0.hasPrefix("{") || $0 == $1 })
            else { return nil }
            return (pattern.filter { $0.hasPrefix("{") }.count, route.method)
        }
        guard let fewest = matches.map(\.parameters).min() else { return [] }
        return matches.filter { $0.parameters == fewest }.map(\.method)
    }
}
