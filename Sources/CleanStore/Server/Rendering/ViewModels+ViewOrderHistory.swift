import Mustache

// What `Views/ViewOrderHistory/history.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension ViewOrderHistory.FetchHistory.ViewModel.DisplayedHistory: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "orderID": orderID
        case "deletedNotice": deletedNotice
        case "orderURL": orderURL
        case "events": events
        case "hasEvents": !events.isEmpty
        case "emptyMessage": emptyMessage
        case "ordersURL": ordersURL
        default: nil
        }
    }
}

extension ViewOrderHistory.FetchHistory.ViewModel.DisplayedEvent: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "by": by
        case "date": date
        case "machineDate": machineDate
        case "changes": changes
        case "hasChanges": !changes.isEmpty
        case "noChanges": noChanges
        case "batchURL": batchURL
        case "batchLabel": batchLabel
        default: nil
        }
    }
}

extension ViewOrderHistory.FetchHistory.ViewModel.DisplayedChange: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "old": old
        case "new": new
        case "summary": summary
        default: nil
        }
    }
}
