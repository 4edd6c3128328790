import Foundation

/// The drafts any clerk may resume (`GET /drafts`): the signed-in clerk's first, then the others,
/// each group most recently changed first.
enum ListDrafts {
    enum FetchDrafts {
        struct Request {
            var signedIn: AccountName?
        }

        enum Response: Equatable {
            case found([Draft], mine: AccountName?)
            case storeUnavailable
        }

        struct ViewModel {
            var page: DisplayedPage
        }
    }

    enum DisplayedPage: Equatable {
        case list(DisplayedList)
        case unavailable
    }

    struct DisplayedDraft: Equatable {
        var ref: String
        var url: String
        var caller: String
        var items: String
        var changed: String
        var changedBy: String
    }

    struct DisplayedList: Equatable {
        var title: String
        var heading: String
        var mine: [DisplayedDraft]
        var others: [DisplayedDraft]
        var noDraftsMessage: String?
        var startAction: String
    }
}
