protocol AddOrderNoteBusinessLogic: AnyObject {
    func addNote(request: AddOrderNote.AddNote.Request) async
}

protocol AddOrderNoteDataStore: AnyObject {
    /// The note this cycle added.
    var note: OrderNote? { get }
}

/// The rules of a note are `OrderNotesWorker`'s; this decides what happens: a valid note is added
/// (to an order that exists: the store says), a refused one comes back with its problem, but only
/// for an order that exists (no page to add a note to an order that is not there).
final class AddOrderNoteInteractor: AddOrderNoteBusinessLogic, AddOrderNoteDataStore {
    var presenter: AddOrderNotePresentationLogic?
    var notesWorker: OrderNotesWorker
    var ordersWorker: OrdersWorker
    var note: OrderNote?

    init(notesWorker: OrderNotesWorker, ordersWorker: OrdersWorker) {
        self.notesWorker = notesWorker
        self.ordersWorker = ordersWorker
    }

    // MARK: Add note

    func addNote(request: AddOrderNote.AddNote.Request) async {
        let response: AddOrderNote.AddNote.Response
        switch notesWorker.check(request.fields.text) {
        case .valid(let text):
            do {
                let added = try await notesWorker.addNote(
                    orderID: request.orderID, text: text, forPacker: request.fields.isForPacker, by: request.signedIn)
                note = added
                response = .added(added)
            } catch .notFound {
                response = .notFound
            } catch {
                response = .storeUnavailable(orderID: request.orderID, fields: request.fields)
            }
        case .invalid(let problem):
            do {
                let order = try await ordersWorker.fetchOrder(id: request.orderID)
                response = order == nil ? .notFound : .invalid(orderID: request.orderID, fields: request.fields, problem: problem)
            } catch {
                response = .storeUnavailable(orderID: request.orderID, fields: request.fields)
            }
        }
        presenter?.presentAddedNote(response: response)
    }
}
