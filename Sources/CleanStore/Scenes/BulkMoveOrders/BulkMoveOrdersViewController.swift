import Hummingbird

protocol BulkMoveOrdersDisplayLogic: AnyObject {
    func displayMove(viewModel: BulkMoveOrders.MoveOrders.ViewModel)
    func displayBatch(viewModel: BulkMoveOrders.GetBatch.ViewModel)
}

/// `POST /orders/bulk` (the list's selected orders moved, or the shipment's confirmation page first)
/// and `GET /orders/bulk/{id}` (what a batch did).
final class BulkMoveOrdersViewController: BulkMoveOrdersDisplayLogic, RequestEnding {
    var interactor: BulkMoveOrdersBusinessLogic?
    var router: (BulkMoveOrdersRoutingLogic & BulkMoveOrdersDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: the confirmation page posts it back.
    let csrfToken: String
    /// Who is asking: the moves are recorded as theirs.
    let signedIn: SignedIn?

    /// The page this cycle produced.
    private(set) var response: Response?
    /// What the display step left for the route to finish (a page of another scene is async).
    private var listProblem: (list: BulkMoveOrders.ListQuery, problem: String)?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let worker = BulkMoveOrdersWorker(store: environment.bulkMoves, logger: environment.logger, now: environment.now)
        let interactor = BulkMoveOrdersInteractor(ordersWorker: environment.ordersWorker, worker: worker, newKey: environment.newOrderKey)
        let presenter = BulkMoveOrdersPresenter(formatter: environment.formatter)
        let router = BulkMoveOrdersRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        router.showList = { list, problem in
            await ListOrdersViewController(environment: environment, browser: browser).showOrders(
                after: list.after, before: list.before, filters: list.filters, flash: nil, bulkProblem: problem)
        }
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `POST /orders/bulk`; `list` is the query of the list the form was on.
    func moveOrders(fields: BulkMoveOrders.BulkFormFields) async -> Response {
        let query = FormQuery(fields.list)
        let list = BulkMoveOrders.ListQuery(
            filters: OrdersFilterParameters(
                text: query["q"], shipping: query["shipping"], status: query["status"], from: query["from"], to: query["to"],
                sort: query["sort"]),
            after: query["after"], before: query["before"])
        await interactor?.moveOrders(request: BulkMoveOrders.MoveOrders.Request(fields: fields, list: list, signedIn: signedIn))
        if let listProblem, let router {
            return await router.routeToListOrders(list: listProblem.list, problem: listProblem.problem)
        }
        return finished()
    }

    /// `GET /orders/bulk/{id}`
    func showBatch(id: String) async -> Response {
        await interactor?.getBatch(request: BulkMoveOrders.GetBatch.Request(batchID: id))
        return finished()
    }

    // MARK: Display logic

    /// What `Views/BulkMoveOrders/confirm.mustache` prints.
    struct ConfirmationPage {
        var form: BulkMoveOrders.Confirmation
        var csrfToken: String
    }

    func displayMove(viewModel: BulkMoveOrders.MoveOrders.ViewModel) {
        switch viewModel {
        case .listWithProblem(let list, let problem):
            listProblem = (list, problem)
        case .confirmation(let form):
            let html = pages.render(
                template: "BulkMoveOrders/confirm", context: ConfirmationPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil)
            response = .html(html, status: form.hasErrors ? .unprocessableContent : .ok)
        case .moved(let batchID):
            response = router?.routeToBatch(id: batchID) ?? refusal(.failed)
        case .badRequest:
            response = refusal(.badRequest)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    func displayBatch(viewModel: BulkMoveOrders.GetBatch.ViewModel) {
        switch viewModel {
        case .result(let result):
            response = .html(pages.render(template: "BulkMoveOrders/result", context: result, title: result.heading, flash: nil))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
