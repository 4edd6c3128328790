import Mustache

// What `Views/ExampleScene/something.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ExampleScene.Something.ViewModel: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "message": { $0.message },
    ]
}
