extension AddOrderNote.AddNote {
    /// What the API answers: the note as kept, or a problem.
    enum APIViewModel: Equatable {
        case added(Components.Schemas.Note)
        case problem(APIProblem)
    }
}

/// A note's outcome as the API's document; a note the rules refuse is a 422 on `text`, in the
/// form's words.
final class AddOrderNoteAPIPresenter: AddOrderNotePresentationLogic {
    weak var viewController: AddOrderNoteAPIDisplayLogic?
    let formatter = OrderAPIFormatter()

    func presentAddedNote(response: AddOrderNote.AddNote.Response) {
        let viewModel: AddOrderNote.AddNote.APIViewModel
        switch response {
        case .added(let note):
            viewModel = .added(formatter.note(note))
        case .invalid(_, _, let problem):
            viewModel = .problem(.invalid([.init(field: "text", message: AddOrderNotePresenter.message(for: problem))]))
        case .notFound:
            viewModel = .problem(APIProblem(status: .notFound, title: "No such order"))
        case .storeUnavailable:
            viewModel = .problem(.unavailable)
        }
        viewController?.displayAddedNote(viewModel: viewModel)
    }
}
