import Foundation
import Logging

/// An order's internal notes: the rules a note's text keeps, and the notes store behind them. Shared:
/// AddOrderNote adds notes, ShowOrder lists them. Not final: tests subclass it into a spy.
///
/// The rules (the store keeps any text; these are the business's): trimmed, required, at most
/// 1,000 characters, no control characters but line breaks and tabs, and never a card number (the
/// order form's guard, `OrderValidationWorker.containsCardNumberLikeRun`). A note never changes its
/// order: not its version, so adding one never causes a conflict for someone editing the order.
class OrderNotesWorker {
    /// The longest note, in characters.
    static let maximumLength = 1_000

    /// What is wrong with a note's text. The presenter turns it into words.
    enum TextProblem: Equatable, Sendable {
        /// Nothing but spaces and line breaks.
        case missing
        /// More than `maximum` characters (or more bytes than that many characters take).
        case tooLong(maximum: Int)
        /// A control character other than a line break or a tab.
        case controlCharacters
        /// What looks like a card number (12 or more digits in a row).
        case looksLikeCardNumber
    }

    enum CheckedText: Equatable, Sendable {
        /// The text to keep: trimmed, every line break a line feed.
        case valid(String)
        case invalid(TextProblem)
    }

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

    /// The text a clerk typed, checked against the rules: the note to keep, or its first problem.
    func check(_ typed: String) -> CheckedText {
        let text = Self.lineBreaksAsLineFeeds(typed).trimmingCharacters(in: .whitespacesAndNewlines)
        let problem: TextProblem?
        if text.isEmpty {
            problem = .missing
        } else if text.count > Self.maximumLength
            || text.utf8.count > Self.maximumLength * OrderValidationWorker.maximumBytesPerCharacter
        {
            problem = .tooLong(maximum: Self.maximumLength)
        } else if text.unicodeScalars.contains(where: Self.isRefusedControlCharacter) {
            problem = .controlCharacters
        } else if OrderValidationWorker.containsCardNumberLikeRun(Self.lineBreaksAndTabsAsSpaces(text)) {
            problem = .looksLikeCardNumber
        } else {
            problem = nil
        }
        guard let problem else { return .valid(text) }
        AppMetrics.validationRefused(field: "text")
        return .invalid(problem)
    }

    /// A browser sends a textarea's line breaks as CR LF: a note keeps them as LF (a lone CR too).
    static func lineBreaksAsLineFeeds(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// A control character a note may not hold: any but a line break (LF, CR) or a tab.
    static func isRefusedControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\n", "\r", "\t"].contains(scalar)
    }

    /// The card-number guard reads a line break or a tab between two groups of digits as the space it
    /// stands for (the order form refuses both, so its guard never meets them).
    private static func lineBreaksAndTabsAsSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ["\n", "\r", "\t"].contains($0) ? " " : $0 }))
    }

    // MARK: Store

    /// Adds a note to the order with `id`, by `by` (nil when no one is signed in), now. `text` is
    /// what `check(_:)` made of the typing: the store keeps it as it is given.
    func addNote(orderID id: String, text: String, by: AccountName?) async throws(OrdersStoreError) -> OrderNote {
        try await measured("add_note") { () async throws(OrdersStoreError) in
            try await notesStore.addNote(orderID: id, text: text, by: by, at: now())
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
