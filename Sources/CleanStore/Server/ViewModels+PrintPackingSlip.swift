import Mustache

// What `Views/PrintPackingSlip/something.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: a name the template uses must be listed here (the view controller's
// tests check every stored property is).
extension PrintPackingSlip.Something.ViewModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "message": message
        default: nil
        }
    }
}
