import Mustache

// What `Views/ListProducts/list.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ListProducts.FetchProducts.ViewModel: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "text": { $0.text },
        "includeArchived": { $0.includeArchived },
        "caption": { $0.caption },
        "products": { $0.products },
        "hasProducts": { $0.hasProducts },
        "hasPagination": { $0.hasPagination },
        "previousURL": { $0.previousURL },
        "nextURL": { $0.nextURL },
        "noMatchMessage": { $0.noMatchMessage },
        "emptyMessage": { $0.emptyMessage },
        "errorMessage": { $0.errorMessage },
        "newProductURL": { $0.newProductURL },
    ]
}

extension ListProducts.DisplayedProduct: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "sku": { $0.sku },
        "name": { $0.name },
        "url": { $0.url },
        "price": { $0.price },
        "stock": { $0.stock },
        "status": { $0.status },
    ]
}
