import Mustache

// What `Views/MergeCustomers/pick.mustache` and `preview.mustache` can read of the scene's view
// models, as in `ViewModels+Mustache.swift`: exactly the names the templates read (the view
// controller's tests check both ways, with TemplateNameCheck).
extension MergeCustomers.DisplayedPick: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "survivor": survivor
        case "action": action
        case "text": text
        case "results": results
        case "hasResults": hasResults
        case "caption": caption
        case "noMatchMessage": noMatchMessage
        case "customerURL": customerURL
        default: nil
        }
    }
}

extension MergeCustomers.DisplayedCandidate: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "details": details
        case "url": url
        default: nil
        }
    }
}

extension MergeCustomersViewController.PreviewPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "preview": preview
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension MergeCustomers.DisplayedPreview: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "summary": summary
        case "survivorName": survivorName
        case "otherName": otherName
        case "choices": choices
        case "hasChoices": hasChoices
        case "same": same
        case "hasSame": hasSame
        case "action": action
        case "version": version
        case "otherVersion": otherVersion
        case "swapURL": swapURL
        case "customerURL": customerURL
        case "conflictMessage": conflictMessage
        default: nil
        }
    }
}

extension MergeCustomers.DisplayedChoice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "legend": legend
        case "name": self.name
        case "keepID": keepID
        case "takeID": takeID
        case "kept": kept
        case "other": other
        case "keepChecked": keepChecked
        case "takeChecked": takeChecked
        default: nil
        }
    }
}

extension MergeCustomers.DisplayedSame: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        default: nil
        }
    }
}
