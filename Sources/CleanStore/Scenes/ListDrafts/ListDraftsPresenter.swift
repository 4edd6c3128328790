protocol ListDraftsPresentationLogic: AnyObject {
    func presentDrafts(response: ListDrafts.FetchDrafts.Response)
}

final class ListDraftsPresenter: ListDraftsPresentationLogic {
    weak var viewController: ListDraftsDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    func presentDrafts(response: ListDrafts.FetchDrafts.Response) {
        let page: ListDrafts.DisplayedPage
        switch response {
        case .found(let drafts, let mine):
            let isMine = { (draft: Draft) in mine != nil && draft.createdBy?.username == mine?.username }
            page = .list(
                ListDrafts.DisplayedList(
                    title: "Orders being taken", heading: "Orders being taken", mine: drafts.filter(isMine).map(displayed),
                    others: drafts.filter { !isMine($0) }.map(displayed),
                    noDraftsMessage: drafts.isEmpty ? "No orders are being taken." : nil, startAction: Paths.drafts.description))
        case .storeUnavailable:
            page = .unavailable
        }
        viewController?.displayDrafts(viewModel: ListDrafts.FetchDrafts.ViewModel(page: page))
    }

    private func displayed(_ draft: Draft) -> ListDrafts.DisplayedDraft {
        let name = [draft.contact.firstName, draft.contact.lastName].filter { !$0.isEmpty }.joined(separator: " ")
        let count = draft.lines.reduce(0) { $0 + $1.quantity }
        return ListDrafts.DisplayedDraft(
            ref: draft.ref, url: Paths.draft(draft.ref), caller: name.isEmpty ? "No caller yet" : name,
            items: count == 1 ? "1 item" : "\(count) items", changed: formatter.shortDateAndTime(draft.updatedAt),
            changedBy: draft.updatedBy.map(formatter.accountName) ?? "")
    }
}
