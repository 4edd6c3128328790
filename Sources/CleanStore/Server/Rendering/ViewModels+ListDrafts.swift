import Mustache

// What `Views/ListDrafts/list.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNameCheck).
extension ListDraftsViewController.ListPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "list": { $0.list },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ListDrafts.DisplayedList: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "mine": { $0.mine },
        "others": { $0.others },
        "noDraftsMessage": { $0.noDraftsMessage },
        "startAction": { $0.startAction },
    ]
}

extension ListDrafts.DisplayedDraft: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "ref": { $0.ref },
        "url": { $0.url },
        "caller": { $0.caller },
        "items": { $0.items },
        "changed": { $0.changed },
        "changedBy": { $0.changedBy },
    ]
}
