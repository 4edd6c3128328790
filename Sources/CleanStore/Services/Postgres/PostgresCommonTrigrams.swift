import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// The trigrams most orders' search texts have, as PostgreSQL's search leaves them out of what it
/// asks its trigram index (`PostgresSearchWords`, issue 31): taken from a sample of the newest
/// orders (`Configuration`) the first time a search needs them and again once they are older than
/// `Configuration.lifetime`, one search taking them while the others use the ones before. They
/// change what a search costs, never what it finds: a sample that is wrong, old or not taken yet
/// (an empty set: every word asked for whole, as before) finds the same orders.
final class PostgresCommonTrigrams: Sendable {
    struct Configuration: Sendable {
        /// The newest orders sampled.
        var sampledOrders: Int
        /// A trigram is common when at least one sampled order in `oneIn` has it.
        var oneIn: Int
        /// Seconds a sample is used before the next search takes it again.
        var lifetime: TimeInterval

        /// A thousand of the newest orders, a trigram of one order in five, taken every ten minutes.
        static let standard = Configuration(sampledOrders: 1_000, oneIn: 5, lifetime: 600)
    }

    private struct State {
        var trigrams: Set<String> = []
        var takenAt: Date?
        var taking = false
    }

    let configuration: Configuration
    private let now: @Sendable () -> Date
    private let state = NIOLockedValueBox(State())

    init(configuration: Configuration = .standard, now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.now = now
    }

    /// The statement that samples them: the trigrams of three ASCII letters or digits (those
    /// `PostgresSearchWords` names; pg_trgm's `show_trgm` gives a word's first and last with the
    /// blanks it pads words with, and hashes other letters') that at least one sampled order in
    /// `oneIn` has, read off the newest orders' index.
    var sampleQuery: PostgresQuery {
        """
        WITH newest AS (SELECT search_text FROM orders ORDER BY created_at DESC, id DESC LIMIT \(configuration.sampledOrders))
        SELECT trigram FROM newest, unnest(show_trgm(newest.search_text)) AS trigram
        WHERE trigram ~ '^[a-z0-9]{3}$'
        GROUP BY trigram HAVING count(*) * \(configuration.oneIn) >= (SELECT count(*) FROM newest)
        """
    }

    /// The common trigrams: the kept sample while it is younger than the lifetime (or while
    /// another search takes the next one), else a sample taken now by `client`. A sample that
    /// cannot be taken leaves the one before (none at first) for the lifetime.
    func trigrams(on client: PostgresClient, logger: Logger) async -> Set<String> {
        let at = now()
        let kept: Set<String>? = state.withLockedValue { state in
            if state.taking { return state.trigrams }
            if let takenAt = state.takenAt, at.timeIntervalSince(takenAt) < configuration.lifetime { return state.trigrams }
            state.taking = true
            return nil
        }
        if let kept { return kept }
        var sampled: Set<String>? = nil
        do {
            var trigrams: Set<String> = []
            for try await trigram in try await client.query(sampleQuery, logger: logger).decode(String.self) {
                trigrams.insert(trigram)
            }
            sampled = trigrams
        } catch {
            logger.warning("Cannot sample the search's common trigrams: \(String(reflecting: error))")
        }
        return state.withLockedValue { state in
            state.taking = false
            state.takenAt = at
            if let sampled { state.trigrams = sampled }
            return state.trigrams
        }
    }
}
