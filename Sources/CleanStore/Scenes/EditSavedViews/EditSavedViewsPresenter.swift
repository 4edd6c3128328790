protocol EditSavedViewsPresentationLogic: AnyObject {
    func presentViews(response: EditSavedViews.ShowViews.Response)
    func presentNewForm(response: EditSavedViews.ShowNewForm.Response)
    func presentSavedView(response: EditSavedViews.SaveView.Response)
    func presentChangedView(response: EditSavedViews.ChangeView.Response)
}

final class EditSavedViewsPresenter: EditSavedViewsPresentationLogic {
    typealias ViewModel = EditSavedViews.ViewModel

    weak var viewController: EditSavedViewsDisplayLogic?

    // MARK: Show views

    func presentViews(response: EditSavedViews.ShowViews.Response) {
        switch response {
        case .fetched(let views):
            let displayed = views.enumerated().map { index, view in
                EditSavedViews.DisplayedView(
                    name: view.name, url: SavedViewsWorker.url(ofQuery: view.query), action: Paths.savedView(String(view.id)),
                    isDefault: view.isDefault, mayMoveUp: index > 0, mayMoveDown: index < views.count - 1)
            }
            let defaultView = views.first(where: \.isDefault)
            viewController?.displayViews(
                viewModel: .views(
                    EditSavedViews.DisplayedViews(
                        views: displayed,
                        opensOn: defaultView.map { "The list opens on “\($0.name)”." } ?? "The list opens on all orders.",
                        clearDefaultAction: defaultView.map { Paths.savedView(String($0.id)) })))
        case .unavailable:
            viewController?.displayViews(viewModel: .unavailable)
        }
    }

    // MARK: The form

    func presentNewForm(response: EditSavedViews.ShowNewForm.Response) {
        switch response {
        case .form(let filters, let name, let problem):
            viewController?.displayViews(viewModel: .form(Self.form(filters, name: name, problem: problem), invalid: problem != nil))
        }
    }

    static func form(_ filters: OrdersFilters, name: String, problem: EditSavedViews.NameProblem?) -> EditSavedViews.DisplayedForm {
        let message = problem.map(Self.message)
        return EditSavedViews.DisplayedForm(
            query: SavedViewsWorker.query(of: filters), summary: summary(filters),
            listURL: SavedViewsWorker.url(ofQuery: SavedViewsWorker.query(of: filters)),
            name: SignIn.DisplayedField(
                // A card number typed as a name is never shown back; hidden characters are shown as �.
                name: "name", value: problem == .text(.looksLikeCardNumber) ? "" : AddOrderNotePresenter.shown(name), errorMessage: message,
                hint: "A tab’s words, \(EditSavedViewsInteractor.nameMaximumLength) characters or fewer, for example Packed today"),
            errors: message.map { [SignIn.DisplayedError(field: "name", message: $0)] } ?? [])
    }

    /// What a view keeps, in the list's words: its search, each filter's tag, its sort.
    static func summary(_ filters: OrdersFilters) -> [String] {
        var lines: [String] = []
        if !filters.text.isEmpty { lines.append("Search: \(filters.text)") }
        lines += ListOrdersPresenter.filtersForm(filters, problems: []).tags.map(\.label)
        if filters.sort != .newestFirst {
            let sort = ListOrdersPresenter.sortName(filters.sort)
            lines.append("Sorted " + (sort.hasPrefix("by ") ? sort.dropFirst(3) : Substring(sort)))
        }
        return lines.isEmpty ? ["All orders, newest first"] : lines
    }

    static func message(_ problem: EditSavedViews.NameProblem) -> String {
        switch problem {
        case .text(.missing): "Enter a name for this search"
        case .text(.tooLong(let maximum)): "Name must be \(maximum) characters or fewer"
        case .text(.controlCharacters): "Name must be one line, without hidden control characters (shown as \u{FFFD})"
        case .text(.looksLikeCardNumber): "Enter a name without a card number"
        case .text(.invisibleCharacters): "Remove the hidden formatting characters (shown as \u{FFFD}) from the name"
        case .taken: "You have a saved search with this name already: choose another"
        case .tooMany: "You have \(SavedViewWrites.maximumPerAccount) saved searches: delete one before saving another"
        }
    }

    // MARK: Save

    func presentSavedView(response: EditSavedViews.SaveView.Response) {
        switch response {
        case .saved(let view):
            viewController?.displayViews(
                viewModel: .done(url: SavedViewsWorker.url(ofQuery: view.query), flash: "Search saved as “\(view.name)”: it is a tab above the list"))
        case .invalid(let filters, let name, let problem):
            viewController?.displayViews(viewModel: .form(Self.form(filters, name: name, problem: problem), invalid: true))
        case .unavailable:
            viewController?.displayViews(viewModel: .unavailable)
        }
    }

    // MARK: Change

    func presentChangedView(response: EditSavedViews.ChangeView.Response) {
        switch response {
        case .changed(let view, let change):
            let flash =
                switch change {
                case .moveUp: "“\(view.name)” moved up"
                case .moveDown: "“\(view.name)” moved down"
                case .makeDefault: "The list now opens on “\(view.name)”"
                case .clearDefault: "The list now opens on all orders"
                case .delete: "“\(view.name)” deleted"
                }
            viewController?.displayViews(viewModel: .done(url: Paths.savedViews.description, flash: flash))
        case .notFound:
            viewController?.displayViews(viewModel: .notFound)
        case .unavailable:
            viewController?.displayViews(viewModel: .unavailable)
        }
    }
}
