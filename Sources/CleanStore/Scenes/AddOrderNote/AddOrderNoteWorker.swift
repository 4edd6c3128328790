/// Reusable work of the AddOrderNote scene. Not final: tests subclass it into a spy.
class AddOrderNoteWorker {
    func doSomeWork() async -> String {
        "Something was done."
    }
}
