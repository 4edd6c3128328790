import Mustache

// What `Views/ListCustomers/list.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ListCustomers.FetchCustomers.ViewModel: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "text": { $0.text },
        "caption": { $0.caption },
        "customers": { $0.customers },
        "hasCustomers": { $0.hasCustomers },
        "hasPagination": { $0.hasPagination },
        "previousURL": { $0.previousURL },
        "nextURL": { $0.nextURL },
        "noMatchMessage": { $0.noMatchMessage },
        "emptyMessage": { $0.emptyMessage },
        "errorMessage": { $0.errorMessage },
        "newCustomerURL": { $0.newCustomerURL },
    ]
}

extension ListCustomers.DisplayedCustomer: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "url": { $0.url },
        "phone": { $0.phone },
        "email": { $0.email },
        "city": { $0.city },
        "lastOrder": { $0.lastOrder },
    ]
}
