protocol EditSavedViewsBusinessLogic: AnyObject {
    func showViews(request: EditSavedViews.ShowViews.Request) async
    func showNewForm(request: EditSavedViews.ShowNewForm.Request) async
    func saveView(request: EditSavedViews.SaveView.Request) async
    func changeView(request: EditSavedViews.ChangeView.Request) async
}

protocol EditSavedViewsDataStore: AnyObject {
    /// The account's views as last read or written.
    var views: [SavedView]? { get }
}

final class EditSavedViewsInteractor: EditSavedViewsBusinessLogic, EditSavedViewsDataStore {
    /// A view's name: a tab's words, so short.
    static let nameMaximumLength = 40

    var presenter: EditSavedViewsPresentationLogic?
    var savedViewsWorker: SavedViewsWorker
    var filterWorker: OrdersFilterWorker
    var views: [SavedView]?

    init(savedViewsWorker: SavedViewsWorker, filterWorker: OrdersFilterWorker) {
        self.savedViewsWorker = savedViewsWorker
        self.filterWorker = filterWorker
    }

    // MARK: Show views

    func showViews(request: EditSavedViews.ShowViews.Request) async {
        guard let signedIn = request.signedIn else {
            presenter?.presentViews(response: .unavailable)
            return
        }
        do {
            let views = try await savedViewsWorker.views(of: signedIn)
            self.views = views
            presenter?.presentViews(response: .fetched(views))
        } catch {
            presenter?.presentViews(response: .unavailable)
        }
    }

    // MARK: Show the form

    func showNewForm(request: EditSavedViews.ShowNewForm.Request) async {
        presenter?.presentNewForm(response: .form(filterWorker.query(from: request.filters).filters))
    }

    // MARK: Save a view

    func saveView(request: EditSavedViews.SaveView.Request) async {
        // The list's query is read again by the list's own rules: a view keeps only what the list
        // would apply, in its own words (never the posted text as it came).
        let filters = filterWorker.query(from: OrdersFilterParameters(listQuery: request.fields.query)).filters
        let typed = request.fields.name
        guard let signedIn = request.signedIn else {
            presenter?.presentSavedView(response: .unavailable)
            return
        }
        let name: String
        switch Self.checkName(typed) {
        case .failure(let problem):
            presenter?.presentSavedView(response: .invalid(filters, name: typed, problem: problem))
            return
        case .success(let checked):
            name = checked
        }
        do throws(SavedViewsStoreError) {
            let view = try await savedViewsWorker.addView(for: signedIn, name: name, query: SavedViewsWorker.query(of: filters))
            presenter?.presentSavedView(response: .saved(view))
        } catch .nameTaken {
            presenter?.presentSavedView(response: .invalid(filters, name: typed, problem: .taken))
        } catch .tooMany {
            presenter?.presentSavedView(response: .invalid(filters, name: typed, problem: .tooMany))
        } catch {
            presenter?.presentSavedView(response: .unavailable)
        }
    }

    /// A name by the one free-text rule, on one line, at most `nameMaximumLength` characters.
    static func checkName(_ typed: String) -> Result<String, EditSavedViews.NameProblem> {
        switch FreeTextRule.check(typed, maximumLength: nameMaximumLength) {
        case .invalid(let problem): return .failure(.text(problem))
        case .valid(let name):
            guard !name.contains(where: \.isNewline), !name.contains("\t") else { return .failure(.text(.controlCharacters)) }
            return .success(name)
        }
    }

    // MARK: Change a view

    func changeView(request: EditSavedViews.ChangeView.Request) async {
        guard let signedIn = request.signedIn else {
            presenter?.presentChangedView(response: .unavailable)
            return
        }
        do throws(SavedViewsStoreError) {
            let before = try await savedViewsWorker.views(of: signedIn)
            guard let view = before.first(where: { $0.id == request.id }) else {
                presenter?.presentChangedView(response: .notFound)
            return
            }
            views = try await savedViewsWorker.changeView(id: request.id, for: signedIn, change: request.change)
            presenter?.presentChangedView(response: .changed(view, request.change))
        } catch .notFound {
            presenter?.presentChangedView(response: .notFound)
        } catch {
            presenter?.presentChangedView(response: .unavailable)
        }
    }
}
