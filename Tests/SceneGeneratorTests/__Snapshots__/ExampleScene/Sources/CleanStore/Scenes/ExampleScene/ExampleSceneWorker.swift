/// Reusable work of the ExampleScene scene. Not final: tests subclass it into a spy.
class ExampleSceneWorker {
    func doSomeWork() async -> String {
        "Something was done."
    }
}
