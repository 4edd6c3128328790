import Mustache

// What `Views/ExampleScene/something.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ExampleScene.Something.ViewModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "message": message
        default: nil
        }
    }
}
