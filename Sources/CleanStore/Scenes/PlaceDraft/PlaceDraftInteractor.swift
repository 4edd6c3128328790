import Foundation

protocol PlaceDraftBusinessLogic: AnyObject {
    func checkDraft(request: PlaceDraft.CheckDraft.Request) async
    func place(request: PlaceDraft.Place.Request) async
    func decidePrice(request: PlaceDraft.DecidePrice.Request) async
}

protocol PlaceDraftDataStore: AnyObject {
    var placedOrder: Order? { get }
}

/// Checks a draft before it is placed and places it. The card is checked by the order form's
/// rules (`OrderValidationWorker.validateCard`) and goes to the store only inside the placing
/// request: never into the draft, never back to a page.
final class PlaceDraftInteractor: PlaceDraftBusinessLogic, PlaceDraftDataStore {
    var presenter: PlaceDraftPresentationLogic?
    var worker: DraftsWorker
    var validationWorker: OrderValidationWorker
    var orderKeyWorker: OrderKeyWorker
    var placedOrder: Order?

    init(worker: DraftsWorker, validationWorker: OrderValidationWorker, orderKeyWorker: OrderKeyWorker) {
        self.worker = worker
        self.validationWorker = validationWorker
        self.orderKeyWorker = orderKeyWorker
    }

    // MARK: Check

    func checkDraft(request: PlaceDraft.CheckDraft.Request) async {
        let response: PlaceDraft.CheckDraft.Response
        do {
            if let checked = try await checked(request.ref, key: orderKeyWorker.newKey(), duplicateAccepted: request.duplicateAccepted) {
                response = .checked(checked)
            } else {
                response = .notFound
            }
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentCheckedDraft(response: response)
    }

    private func checked(_ ref: String, key: String, duplicateAccepted: Bool) async throws(DraftsStoreError) -> PlaceDraft.Checked? {
        guard DraftRefs.isWellFormed(ref), let checked = try await worker.fetchChecked(ref: ref) else { return nil }
        return PlaceDraft.Checked(draft: checked.draft, check: checked.check, orderKey: key, duplicateAccepted: duplicateAccepted)
    }

    // MARK: Place

    func place(request: PlaceDraft.Place.Request) async {
        presenter?.presentPlacedOrder(response: await placed(request))
    }

    private func placed(_ request: PlaceDraft.Place.Request) async -> PlaceDraft.Place.Response {
        let fields = request.fields
        // The same key as the page showed (a double click is one order); a new one if it had none.
        let key = orderKeyWorker.key(showingAgain: fields.orderKey)
        let duplicateAccepted = fields.placeDuplicateAnyway == "on"
        func again(_ comeback: PlaceDraft.Comeback) async throws(DraftsStoreError) -> PlaceDraft.Place.Response {
            guard let checked = try await checked(request.ref, key: key, duplicateAccepted: duplicateAccepted) else { return .notFound }
            return .checkAgain(checked, comeback, typed: fields)
        }
        guard DraftRefs.isWellFormed(request.ref) else { return .notFound }
        do {
            let payment: PaymentMethod
            switch validationWorker.validateCard(fields.orderFormFields) {
            case .failure(let errors): return try await again(.invalidCard(errors.errors))
            case .success(let card): payment = card
            }
            // A page that does not say which version it showed cannot show the clerk saw it.
            guard let version = Int(fields.version) else { return try await again(.draftChanged) }
            do {
                let order = try await worker.place(
                    ref: request.ref,
                    request: PlacingRequest(
                        payment: payment, idempotencyKey: orderKeyWorker.key(posted: fields.orderKey), draftVersion: version,
                        placeDuplicateAnyway: duplicateAccepted, saveCaller: fields.saveCaller == "on"),
                    by: request.signedIn)
                placedOrder = order
                return .placed(order)
            } catch .alreadyPlaced(let order) {
                placedOrder = order
                return .alreadyPlaced(order)
            } catch .draftChanged {
                return try await again(.draftChanged)
            } catch .refused {
                return try await again(.refused)
            }
        } catch .notFound {
            return .notFound
        } catch {
            return .storeUnavailable
        }
    }

    // MARK: A changed price

    func decidePrice(request: PlaceDraft.DecidePrice.Request) async {
        presenter?.presentDecidedPrice(response: await decided(request))
    }

    private func decided(_ request: PlaceDraft.DecidePrice.Request) async -> PlaceDraft.DecidePrice.Response {
        let fields = request.fields
        guard DraftRefs.isWellFormed(request.ref) else { return .notFound }
        // Not a form the check page makes: back to the check page, which asks again.
        guard fields.choice == "keep" || fields.choice == "new" else { return .decided(ref: request.ref) }
        do {
            // The price now is the catalog's as the check finds it, never the form's.
            let check = try await worker.check(ref: request.ref)
            guard let change = check.priceChanges.first(where: { $0.lineKey == fields.line }) else { return .decided(ref: request.ref) }
            _ = try await worker.update(
                ref: request.ref,
                change: .priceChangeDecided(key: change.lineKey, currentCatalogCents: change.nowCents, useNew: fields.choice == "new"),
                by: request.signedIn)
            return .decided(ref: request.ref)
        } catch .notFound {
            return .notFound
        } catch .lineNotFound {
            return .decided(ref: request.ref)
        } catch {
            return .storeUnavailable
        }
    }
}
