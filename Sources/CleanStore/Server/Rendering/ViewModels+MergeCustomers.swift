import Mustache

// What `Views/MergeCustomers/pick.mustache` and `preview.mustache` can read of the scene's view
// models, as in `ViewModels+Mustache.swift`: exactly the names the templates read (the view
// controller's tests check both ways, with TemplateNameCheck).
extension MergeCustomers.DisplayedPick: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "survivor": { $0.survivor },
        "action": { $0.action },
        "text": { $0.text },
        "results": { $0.results },
        "hasResults": { $0.hasResults },
        "caption": { $0.caption },
        "noMatchMessage": { $0.noMatchMessage },
        "customerURL": { $0.customerURL },
    ]
}

extension MergeCustomers.DisplayedCandidate: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "details": { $0.details },
        "url": { $0.url },
    ]
}

extension MergeCustomersViewController.PreviewPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "preview": { $0.preview },
        "csrfToken": { $0.csrfToken },
    ]
}

extension MergeCustomers.DisplayedPreview: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "summary": { $0.summary },
        "survivorName": { $0.survivorName },
        "otherName": { $0.otherName },
        "choices": { $0.choices },
        "hasChoices": { $0.hasChoices },
        "same": { $0.same },
        "hasSame": { $0.hasSame },
        "action": { $0.action },
        "version": { $0.version },
        "otherVersion": { $0.otherVersion },
        "swapURL": { $0.swapURL },
        "customerURL": { $0.customerURL },
        "conflictMessage": { $0.conflictMessage },
    ]
}

extension MergeCustomers.DisplayedChoice: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "legend": { $0.legend },
        "name": { $0.name },
        "keepID": { $0.keepID },
        "takeID": { $0.takeID },
        "kept": { $0.kept },
        "other": { $0.other },
        "keepChecked": { $0.keepChecked },
        "takeChecked": { $0.takeChecked },
    ]
}

extension MergeCustomers.DisplayedSame: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "label": { $0.label },
        "value": { $0.value },
    ]
}
