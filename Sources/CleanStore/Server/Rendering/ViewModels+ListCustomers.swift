import Mustache

// What `Views/ListCustomers/list.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ListCustomers.FetchCustomers.ViewModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "text": text
        case "caption": caption
        case "customers": customers
        case "hasCustomers": hasCustomers
        case "hasPagination": hasPagination
        case "previousURL": previousURL
        case "nextURL": nextURL
        case "noMatchMessage": noMatchMessage
        case "emptyMessage": emptyMessage
        case "errorMessage": errorMessage
        case "newCustomerURL": newCustomerURL
        default: nil
        }
    }
}

extension ListCustomers.DisplayedCustomer: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "url": url
        case "phone": phone
        case "email": email
        case "city": city
        case "lastOrder": lastOrder
        default: nil
        }
    }
}
