/// Reusable work of the PrintPackingSlip scene. Not final: tests subclass it into a spy.
class PrintPackingSlipWorker {
    func doSomeWork() async -> String {
        "Something was done."
    }
}
