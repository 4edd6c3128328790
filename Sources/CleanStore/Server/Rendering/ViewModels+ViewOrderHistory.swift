import Mustache

// What `Views/ViewOrderHistory/history.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension ViewOrderHistory.FetchHistory.ViewModel.DisplayedHistory: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "orderID": { $0.orderID },
        "deletedNotice": { $0.deletedNotice },
        "orderURL": { $0.orderURL },
        "events": { $0.events },
        "hasEvents": { !$0.events.isEmpty },
        "emptyMessage": { $0.emptyMessage },
        "ordersURL": { $0.ordersURL },
    ]
}

extension ViewOrderHistory.FetchHistory.ViewModel.DisplayedEvent: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "by": { $0.by },
        "date": { $0.date },
        "machineDate": { $0.machineDate },
        "changes": { $0.changes },
        "hasChanges": { !$0.changes.isEmpty },
        "noChanges": { $0.noChanges },
        "batchURL": { $0.batchURL },
        "batchLabel": { $0.batchLabel },
    ]
}

extension ViewOrderHistory.FetchHistory.ViewModel.DisplayedChange: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "field": { $0.field },
        "old": { $0.old },
        "new": { $0.new },
        "summary": { $0.summary },
    ]
}
