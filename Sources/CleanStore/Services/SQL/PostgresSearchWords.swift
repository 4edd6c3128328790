import Foundation

/// How PostgreSQL's list asks its trigram index (`orders_search`, pg_trgm's GIN) for a search's
/// words (issue 31), finding exactly the orders `OrderSearch` says on every store: each word a
/// substring of the order's search text.
///
/// `search_text LIKE '%apple%'` asks the index for every trigram of the word (`app`, `ppl`, `ple`)
/// and GIN intersects their lists of orders. A trigram that most orders have (`ple` of every
/// `@example.com`, the shop's own city, `com`) has a list as long as the table: GIN reads it at
/// every candidate the rarer trigrams give, so a search's cost grew with every order in the table,
/// not with the orders found (at 1,000,000 orders most of a search by a name; BENCHMARKS.md,
/// "PostgreSQL's search at 1,000,000"). Such a word is asked for as the parts of it whose trigrams
/// are all uncommon (`apple` → `LIKE '%appl%'`), and each order the index gives is held to the
/// whole word (`strpos(search_text, 'apple') > 0`): the same orders, without reading the common
/// trigrams' lists. Which trigrams are common is the store's sample of its newest orders
/// (`PostgresCommonTrigrams`); a sample that is wrong or old costs time, never an order found or
/// missed.
enum PostgresSearchWords {
    /// How one word of text (one that names no order number) is asked for.
    enum Condition: Equatable, Sendable {
        /// `search_text LIKE '%word%'`: every trigram of the word through the index.
        case like
        /// `search_text LIKE '%piece%'` for each piece (substrings of the word whose trigrams are
        /// all uncommon: one at least), and the word itself as `strpos`, which the index does not
        /// serve: checked on the orders the pieces found.
        case pieces([String])
    }

    /// The conditions of `words`, one for each word of text without an order number, in their
    /// order; nil when every word is asked for as before (`LIKE '%word%'`). A word is asked for by
    /// pieces only when it has a common trigram and a piece without one; a word whose trigrams are
    /// all common (`example`; the name of a caller who placed most of the newest orders) is asked
    /// for whole, as before: `strpos` alone gives PostgreSQL's planner no estimate of how few
    /// orders have the word, and with another word's `LIKE` beside it the planner walked the
    /// newest orders' index filtering each (bench's EXPLAIN at 1,000,000 orders after its
    /// placings: `apple` of the placing pool's Amy Apple, 206,713 orders read for a page of 51).
    static func conditions(of words: [OrderSearch.Word], commonTrigrams: Set<String>) -> [Condition]? {
        guard !commonTrigrams.isEmpty else { return nil }
        var conditions: [Condition] = []
        var narrowed = false
        for case .text(let text, nil) in words {
            let split = pieces(of: text, commonTrigrams: commonTrigrams)
            if split.hasCommonTrigram && !split.pieces.isEmpty {
                narrowed = true
                conditions.append(.pieces(split.pieces))
            } else {
                conditions.append(.like)
            }
        }
        return narrowed ? conditions : nil
    }

    /// The trigrams pg_trgm takes from `LIKE '%word%'` that a sample names (`PostgresCommonTrigrams`):
    /// every three ASCII letters or digits in a row (pg_trgm splits words at other characters and
    /// hashes the trigrams of other letters, which this leaves to the index as they are). `pieces`:
    /// the longest runs of `word` whose trigrams are all uncommon, in order; `hasCommonTrigram`:
    /// whether any of its trigrams is common; `hasTrigram`: whether it has one at all.
    static func pieces(of word: String, commonTrigrams: Set<String>) -> (pieces: [String], hasCommonTrigram: Bool, hasTrigram: Bool) {
        let bytes = Array(word.utf8)
        func isLetterOrDigit(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        var pieces: [String] = []
        var hasCommon = false
        var hasTrigram = false
        var index = 0
        while index < bytes.count {
            guard isLetterOrDigit(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && isLetterOrDigit(bytes[end]) { end += 1 }
            // The run bytes[index..<end]: its trigrams start at index ... end - 3.
            var streak: Int? = nil
            var start = index
            while start + 3 <= end {
                hasTrigram = true
                if commonTrigrams.contains(String(decoding: bytes[start..<start + 3], as: UTF8.self)) {
                    hasCommon = true
                    if let first = streak {
                        pieces.append(String(decoding: bytes[first..<start + 2], as: UTF8.self))
                        streak = nil
                    }
                } else if streak == nil {
                    streak = start
                }
                start += 1
            }
            if let first = streak {
                pieces.append(String(decoding: bytes[first..<end], as: UTF8.self))
            }
            index = end
        }
        return (pieces, hasCommon, hasTrigram)
    }
}
