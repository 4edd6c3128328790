import Foundation
import Logging

/// An order's internal notes: the rules a note's text keeps, and the notes store behind them. Shared:
/// AddOrderNote adds notes, ShowOrder lists them. Not final: tests subclass it into a spy.
///
/// The rules (the store keeps any text; these are the business's): `FreeTextRule`, at most 1,000
/// characters. A note never changes its
/// order: not its version, so adding one never causes a conflict for someone editing the order.
class OrderNotesWorker {
    /// The longest note, in characters.
    static let maximumLength = 1_000

    /// What is wrong with a note's text (the rule every free text keeps). The presenter turns it into words.
    typealias TextProblem = FreeTextRule.Problem
    typealias CheckedText = FreeTextRule.Checked

    let notesStore: any OrderNotesStoreProtocol
    /// Where a store's failure is said (the request's logger, with its id).
    let logger: Logger
    /// The clock: when a note is added.
    let now: @Sendable () -> Date

    init(
        notesStore: any OrderNotesStoreProtocol, logger: Logger = Logger(label: "cleanstore"),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.notesStore = notesStore
        self.logger = logger
        self.now = now
    }

    // MARK: Rules

    /// The text a clerk typed, checked against the rules (`FreeTextRule`, at most `maximumLength`
    /// characters): the note to keep, or its first problem.
    func check(_ typed: String) -> CheckedText {
        let checked = FreeTextRule.check(typed, maximumLength: Self.maximumLength)
        if case .invalid = checked { AppMetrics.validationRefused(field: "text") }
        return checked
    }

    // MARK: Store

    /// Adds a note to the order with `id`, by `by` (nil when no one is signed in), now. `text` is
    /// what `check(_:)` made of the typing: the store keeps it as it is given; `forPacker`, for the
    /// packing slip.
    func addNote(orderID id: String, text: String, forPacker: Bool = false, by: AccountName?) async throws(OrdersStoreError) -> OrderNote {
        try await measured("add_note") { () async throws(OrdersStoreError) in
            try await notesStore.addNote(orderID: id, text: text, forPacker: forPacker, by: by, at: now())
        }
    }

    /// The order's notes, newest first; `.notFound` when there is no such order.
    func notes(forOrder id: String) async throws(OrdersStoreError) -> [OrderNote] {
        try await measured("fetch_notes") { () async throws(OrdersStoreError) in
            try await notesStore.notes(forOrder: id)
        }
    }

    /// A store call, timed as `OrdersWorker`'s are; a failure of the store itself is logged at error
    /// level (an unknown order is an answer, not a failure).
    private func measured<T>(_ operation: String, _ call: () async throws(OrdersStoreError) -> T) async throws(OrdersStoreError) -> T {
        let start = ContinuousClock.now
        AppMetrics.storeCallStarted()
        defer { AppMetrics.storeCallEnded() }
        do {
            let value = try await call()
            AppMetrics.storeCall(operation, took: start.duration(to: .now), failed: false)
            return value
        } catch {
            var failed = true
            if case .notFound = error { failed = false }
            if failed { logger.error("Store failed", metadata: ["error": "\(error)"]) }
            AppMetrics.storeCall(operation, took: start.duration(to: .now), failed: failed)
            throw error
        }
    }
}
