import Hummingbird

protocol ChangeOrderStatusDisplayLogic: AnyObject {
    func displayOrderToCancel(viewModel: ChangeOrderStatus.GetOrderToCancel.ViewModel)
    func displayStatusChange(viewModel: ChangeOrderStatus.ChangeStatus.ViewModel)
    func displayOrderToShip(viewModel: ChangeOrderStatus.GetOrderToShip.ViewModel)
    func displayTrackingChange(viewModel: ChangeOrderStatus.ChangeTracking.ViewModel)
    func displayUndo(viewModel: ChangeOrderStatus.UndoStatus.ViewModel)
    func displayCancellationChange(viewModel: ChangeOrderStatus.ChangeCancellation.ViewModel)
}

/// `GET /orders/{id}/cancel` (why is it cancelled?), `GET /orders/{id}/ship` (which carrier, what
/// tracking number?) and `POST /orders/{id}/status` (mark paid or packed from the order page's
/// button; ship and cancel from their forms; ask a supervisor to cancel, approve or decline, the
/// status form's `CancellationStep`s); `POST /orders/{id}/tracking` (a shipped order's tracking
/// number added or corrected).
final class ChangeOrderStatusViewController: ChangeOrderStatusDisplayLogic, RequestEnding {
    var interactor: ChangeOrderStatusBusinessLogic?
    var router: (ChangeOrderStatusRoutingLogic & ChangeOrderStatusDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: the cancel form posts it back.
    let csrfToken: String
    /// Who is asking: a change is recorded as theirs.
    let signedIn: SignedIn?

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ChangeOrderStatusInteractor(ordersWorker: environment.ordersWorker)
        let presenter = ChangeOrderStatusPresenter(formatter: environment.formatter)
        let router = ChangeOrderStatusRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/{id}/cancel`
    func showCancelForm(id: String) async -> Response {
        await interactor?.getOrderToCancel(request: ChangeOrderStatus.GetOrderToCancel.Request(orderID: id, signedIn: signedIn))
        return finished()
    }

    /// `GET /orders/{id}/ship`
    func showShipForm(id: String, from: String? = nil) async -> Response {
        listFrom = from
        await interactor?.getOrderToShip(request: ChangeOrderStatus.GetOrderToShip.Request(orderID: id))
        return finished()
    }

    /// `POST /orders/{id}/undo`
    func undoStatus(id: String, fields: ChangeOrderStatus.UndoFormFields) async -> Response {
        await interactor?.undoStatus(request: ChangeOrderStatus.UndoStatus.Request(orderID: id, fields: fields, signedIn: signedIn))
        return finished()
    }

    /// `POST /orders/{id}/tracking`
    func changeTracking(id: String, fields: ChangeOrderStatus.TrackingFormFields) async -> Response {
        await interactor?.changeTracking(
            request: ChangeOrderStatus.ChangeTracking.Request(orderID: id, fields: fields, signedIn: signedIn))
        return finished()
    }

    /// `POST /orders/{id}/status`: a move, or a step of a cancellation request.
    func changeStatus(id: String, fields: ChangeOrderStatus.StatusFormFields, from: String? = nil) async -> Response {
        listFrom = from
        if fields.cancellationStep != nil {
            await interactor?.changeCancellation(
                request: ChangeOrderStatus.ChangeCancellation.Request(orderID: id, fields: fields, signedIn: signedIn))
        } else {
            await interactor?.changeStatus(request: ChangeOrderStatus.ChangeStatus.Request(orderID: id, fields: fields, signedIn: signedIn))
        }
        return finished()
    }

    // MARK: Display logic

    /// What `Views/ChangeOrderStatus/cancel.mustache` prints.
    struct CancelPage {
        var form: ChangeOrderStatus.CancelForm
        var csrfToken: String
    }

    func displayOrderToCancel(viewModel: ChangeOrderStatus.GetOrderToCancel.ViewModel) {
        switch viewModel {
        case .form(let form):
            response = cancelPage(form, status: .ok)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    func displayStatusChange(viewModel: ChangeOrderStatus.ChangeStatus.ViewModel) {
        switch viewModel {
        case .changed(let id, let flash):
            response = router?.routeToShowOrder(id: id, flash: flash) ?? refusal(.failed)
        case .cancelForm(let form):
            response = cancelPage(form, status: .unprocessableContent)
        case .shipForm(let form):
            response = shipPage(form, status: .unprocessableContent)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .badRequest:
            response = refusal(.badRequest)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    /// What `Views/ChangeOrderStatus/ship.mustache` prints.
    struct ShipPage {
        var form: ChangeOrderStatus.ShipForm
        var csrfToken: String
    }

    /// What `Views/ChangeOrderStatus/tracking.mustache` prints.
    struct TrackingPage {
        var form: ChangeOrderStatus.TrackingForm
        var csrfToken: String
    }

    func displayOrderToShip(viewModel: ChangeOrderStatus.GetOrderToShip.ViewModel) {
        switch viewModel {
        case .form(let form):
            response = shipPage(form, status: .ok)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    func displayUndo(viewModel: ChangeOrderStatus.UndoStatus.ViewModel) {
        switch viewModel {
        case .undone(let id, let flash):
            response = router?.routeToShowOrder(id: id, flash: flash) ?? refusal(.failed)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .badRequest:
            response = refusal(.badRequest)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    func displayCancellationChange(viewModel: ChangeOrderStatus.ChangeCancellation.ViewModel) {
        switch viewModel {
        case .decided(let id, let flash):
            response = router?.routeToShowOrder(id: id, flash: flash) ?? refusal(.failed)
        case .requestForm(let form):
            response = cancelPage(form, status: .unprocessableContent)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .badRequest:
            response = refusal(.badRequest)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    func displayTrackingChange(viewModel: ChangeOrderStatus.ChangeTracking.ViewModel) {
        switch viewModel {
        case .changed(let id, let flash):
            response = router?.routeToShowOrder(id: id, flash: flash) ?? refusal(.failed)
        case .form(let form):
            let html = pages.render(
                template: "ChangeOrderStatus/tracking", context: TrackingPage(form: form, csrfToken: csrfToken), title: form.title,
                flash: nil)
            response = .html(html, status: .unprocessableContent)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .badRequest:
            response = refusal(.badRequest)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    /// The list the order page was opened from (`?from=`, `ListReturnPath`): the ship form posts it
    /// on, and the redirect after a move returns to the order page with it. nil: none.
    private var listFrom: String? {
        didSet {
            let query = ListReturnPath.listQuery(listFrom)
            listURL = query.map { _ in listFrom ?? "" }
            (router as? ChangeOrderStatusRouter)?.listURL = listURL
        }
    }
    private var listURL: String?

    private func shipPage(_ form: ChangeOrderStatus.ShipForm, status: HTTPResponse.Status) -> Response {
        var form = form
        form.action += ListReturnPath.suffix(listURL)
        let html = pages.render(
            template: "ChangeOrderStatus/ship", context: ShipPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil)
        return .html(html, status: status)
    }

    private func cancelPage(_ form: ChangeOrderStatus.CancelForm, status: HTTPResponse.Status) -> Response {
        let html = pages.render(
            template: "ChangeOrderStatus/cancel", context: CancelPage(form: form, csrfToken: csrfToken),
            title: form.title, flash: nil)
        return .html(html, status: status)
    }
}
