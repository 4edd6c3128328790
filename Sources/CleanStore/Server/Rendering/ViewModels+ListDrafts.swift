import Mustache

// What `Views/ListDrafts/list.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNameCheck).
extension ListDraftsViewController.ListPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "list": list
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ListDrafts.DisplayedList: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "mine": mine
        case "others": others
        case "noDraftsMessage": noDraftsMessage
        case "startAction": startAction
        default: nil
        }
    }
}

extension ListDrafts.DisplayedDraft: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "ref": ref
        case "url": url
        case "caller": caller
        case "items": items
        case "changed": changed
        case "changedBy": changedBy
        default: nil
        }
    }
}
