protocol ListDraftsRoutingLogic: AnyObject {}

protocol ListDraftsDataPassing: AnyObject {
    /// How the next scene receives data from this one: a draft's reference in its link.
    var flash: Flash? { get }
}

/// The list only links to drafts (GET): no redirect of its own.
final class ListDraftsRouter: ListDraftsRoutingLogic, ListDraftsDataPassing {
    var flash: Flash?
}
