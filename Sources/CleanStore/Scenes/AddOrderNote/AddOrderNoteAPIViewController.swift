/// The API face of `AddOrderNote` (`POST /api/v1/orders/{id}/notes`): the note form's interactor.
/// A note is its own resource: it never changes the order's version (its ETag).
protocol AddOrderNoteAPIDisplayLogic: AnyObject {
    func displayAddedNote(viewModel: AddOrderNote.AddNote.APIViewModel)
}

final class AddOrderNoteAPIViewController: AddOrderNoteAPIDisplayLogic {
    var interactor: AddOrderNoteBusinessLogic?
    let signedIn: SignedIn
    private var viewModel: AddOrderNote.AddNote.APIViewModel?

    init(environment: SceneEnvironment, signedIn: SignedIn) {
        self.signedIn = signedIn
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = AddOrderNoteInteractor(notesWorker: environment.notesWorker, ordersWorker: environment.ordersWorker)
        let presenter = AddOrderNoteAPIPresenter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    func addNote(orderID: String, body: Components.Schemas.NewNote) async throws -> Operations.AddOrderNote.Output {
        await interactor?.addNote(
            request: AddOrderNote.AddNote.Request(
                orderID: orderID, fields: AddOrderNote.NoteFormFields(text: body.text), signedIn: signedIn.name))
        switch viewModel {
        case .added(let note): return .created(.init(body: .json(note)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayAddedNote(viewModel: AddOrderNote.AddNote.APIViewModel) {
        self.viewModel = viewModel
    }
}
