import Mustache

// What `Views/ListProducts/list.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ListProducts.FetchProducts.ViewModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "text": text
        case "includeArchived": includeArchived
        case "caption": caption
        case "products": products
        case "hasProducts": hasProducts
        case "hasPagination": hasPagination
        case "previousURL": previousURL
        case "nextURL": nextURL
        case "noMatchMessage": noMatchMessage
        case "emptyMessage": emptyMessage
        case "errorMessage": errorMessage
        case "newProductURL": newProductURL
        default: nil
        }
    }
}

extension ListProducts.DisplayedProduct: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "name": self.name
        case "url": url
        case "price": price
        case "stock": stock
        case "status": status
        default: nil
        }
    }
}
