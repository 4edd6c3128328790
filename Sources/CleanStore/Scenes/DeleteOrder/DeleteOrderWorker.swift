/// Reusable work of the DeleteOrder scene. Not final: tests subclass it into a spy.
class DeleteOrderWorker {
    func doSomeWork() async -> String {
        "Something was done."
    }
}
