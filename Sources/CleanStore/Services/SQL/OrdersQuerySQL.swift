import Foundation

/// The SQL of one page of a query (`OrdersPageRequest`), as both SQL stores run it: the same
/// conditions and order, with their arguments, in each database's own words for a parameter and
/// for a text search.
///
/// Every sort is a keyset over an index (`created_at, id`; `sort_name, id`; `total_cents, id`; and
/// `status, created_at, id` for the list of one status, newest first), read forwards or backwards:
/// no OFFSET, no count. A page after a cursor is the rows past the
/// cursor's (key, id) in the list's order; a page before one is read in reverse order from it, and
/// turned round by `OrdersPage.init(rows:…)`.
struct OrdersQuerySQL {
    enum Dialect {
        /// `?` parameters; with `trigramIndex`, words of three characters or more through the FTS5
        /// trigram index `orders_search`, the others with `instr` (on the rows the sort's index
        /// gives). SQLite's planner has no statistics of the trigram index, and takes it for a
        /// word every order has ("com") as for a name: the store asks the index first
        /// (`commonWordsProbe`), and reads the sort's index instead when the words are common, where
        /// a page fills in a few thousand rows at most.
        case sqlite(trigramIndex: Bool)
        /// `$1`, `$2`, … parameters; words with `LIKE '%word%'`, which the pg_trgm index serves; a
        /// word with trigrams most orders have (the init's `commonTrigrams`) as `LIKE` of its other
        /// parts and `strpos` of the whole word (`PostgresSearchWords`).
        case postgres
    }

    /// One statement and its arguments.
    struct Statement {
        var sql: String
        var arguments: [OrderColumns.Value]
    }

    /// The rows of the page (one more than the limit, to know whether there is a further page),
    /// and, after or before a cursor, whether any order lies on the cursor's other side.
    let rows: Statement
    let otherSide: Statement?
    let position: OrdersPageRequest.Position

    /// `commonTrigrams`: on PostgreSQL, the trigrams most orders have (`PostgresCommonTrigrams`),
    /// which the search's words are asked for without (`PostgresSearchWords`).
    init(page: OrdersPageRequest, columns: String, dialect: Dialect, commonTrigrams: Set<String> = []) {
        position = page.effectivePosition
        let sort = page.query.sort
        let key = Self.column(for: sort.key)
        // Forwards in the list's order is descending for a descending sort.
        func order(forwards: Bool) -> String {
            let direction = forwards == sort.descending ? "DESC" : "ASC"
            return "ORDER BY \(key) \(direction), id \(direction)"
        }
        // Rows strictly past the cursor going forwards (or backwards); the other side includes it.
        func past(_ cursor: OrdersCursor, forwards: Bool, orAt: Bool = false, _ builder: inout Builder) -> String {
            let operation = (forwards == sort.descending ? "<" : ">") + (orAt ? "=" : "")
            let value = builder.parameter(Self.value(of: cursor.key))
            return "(\(key), id) \(operation) (\(value), \(builder.parameter(.integer(Int(cursor.id)))))"
        }
        var builder = Builder(dialect: dialect, commonTrigrams: commonTrigrams)
        let conditions = builder.conditions(of: page.query)
        var rowsBuilder = builder
        var rowConditions = conditions
        var otherBuilder = builder
        var otherConditions = conditions
        switch position {
        case .newest:
            break
        case .after(let cursor):
            rowConditions.append(past(cursor, forwards: true, &rowsBuilder))
            otherConditions.append(past(cursor, forwards: false, orAt: true, &otherBuilder))
        case .before(let cursor):
            rowConditions.append(past(cursor, forwards: false, &rowsBuilder))
            otherConditions.append(past(cursor, forwards: true, orAt: true, &otherBuilder))
        }
        let forwards = if case .before = position { false } else { true }
        let limit = rowsBuilder.parameter(.integer(page.limit + 1))
        rows = Statement(
            sql: "SELECT \(columns) FROM orders\(Self.whereClause(rowConditions)) \(order(forwards: forwards)) LIMIT \(limit)",
            arguments: rowsBuilder.arguments)
        otherSide =
            position == .newest
            ? nil
            : Statement(
                sql: "SELECT EXISTS (SELECT 1 FROM orders\(Self.whereClause(otherConditions)))", arguments: otherBuilder.arguments)
    }

    /// How many orders `query` finds, counting no further than `upTo` (`SELECT count(*)` over at most
    /// that many rows, so a count costs at most `upTo` index entries, whatever the table holds).
    static func count(_ query: OrdersQuery, upTo: Int, dialect: Dialect, commonTrigrams: Set<String> = []) -> Statement {
        var builder = Builder(dialect: dialect, commonTrigrams: commonTrigrams)
        let conditions = builder.conditions(of: query)
        let limit = builder.parameter(.integer(upTo))
        return Statement(
            sql: "SELECT count(*) FROM (SELECT 1 FROM orders\(whereClause(conditions)) LIMIT \(limit)) AS found",
            arguments: builder.arguments)
    }

    private static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    /// When `words` have words of three characters or more: a statement whose answer is whether
    /// more than `OrdersQuerySQL.commonMatches` orders have them all (then SQLite reads the sort's
    /// index rather than the trigram index), which reads that many of the index's entries at most.
    static func commonWordsProbe(_ words: [OrderSearch.Word]) -> Statement? {
        trigramMatch(words).map { match in
            Statement(
                sql: "SELECT count(*) > ? FROM (SELECT 1 FROM orders_search WHERE orders_search MATCH ? LIMIT ?)",
                arguments: [.integer(commonMatches), .text(match), .integer(commonMatches + 1)])
        }
    }

    /// The FTS5 query of the words the trigram index serves alone (words of three characters or
    /// more that name no order number), all in one: FTS5 intersects them itself, and one common
    /// word beside a rare one costs no list of every order. Nil when there is none.
    static func trigramMatch(_ words: [OrderSearch.Word]) -> String? {
        let phrases: [String] = words.compactMap { word in
            guard case .text(let text, nil) = word, isIndexed(text) else { return nil }
            return phrase(text)
        }
        return phrases.isEmpty ? nil : phrases.joined(separator: " AND ")
    }

    /// Whether the trigram index can match `word`: a phrase of three characters or more.
    private static func isIndexed(_ word: String) -> Bool { word.unicodeScalars.count >= 3 }

    /// `word` as an FTS5 phrase: with the trigram tokenizer, a substring.
    private static func phrase(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The orders a placing's duplicate check (`DraftPlacing.duplicateCandidates`) looks among:
    /// placed since `since`, not cancelled, with the draft's phone digits or its email in lower
    /// case (`DraftPlacing.phoneKey`, `emailKey`), looked up in the indexes of `phone_digits` and
    /// `email_key` (`OrderColumns.personKeys`; SQLite v34, PostgreSQL 33): exactly the orders of
    /// the same person, by `DraftPlacing`'s own rule; `DraftPlacing` then compares the address and
    /// items. Nil when the draft has neither: no order is then the same person. Newest first
    /// (`DraftPlacing.isNewer`): a store may stop at the first duplicate. One SELECT per key,
    /// merged by a UNION ordered as each index already is (`created_at`, then the row id): SQLite
    /// merges the two index walks as it goes, sorts nothing and reads no further than the store
    /// asks. The search index (a trigram MATCH of the phone's last seven digits or the email, whose
    /// trigrams `exa` … `com` every order has) found a superset for 1.7 ms of CPU on the check page
    /// and 3.4 ms on a placing whose caller had 900 orders that day, at 100,000 orders
    /// (BENCHMARKS.md, "the duplicate check by index").
    ///
    /// `limit` (PostgreSQL's read, `DraftsPostgresStore.check`): at most that many, the newest.
    /// PostgreSQL merges the two index walks only for `UNION ALL` under a `LIMIT` (a `UNION` sorts
    /// every row of both to drop the repeats first, and a portal runs to its end however few rows
    /// the client reads), so a limited statement keeps the repeats, an order found by both keys,
    /// for the store to skip. The soak found why it matters: one caller placing all day made each
    /// placing read and sort every order of theirs that day (BENCHMARKS.md, "the soak on the idle
    /// machine").
    static func duplicateCandidates(of draft: Draft, since: Date, columns: String, dialect: Dialect, limit: Int? = nil) -> Statement? {
        let keys = [
            ("phone_digits", DraftPlacing.phoneKey(draft.contact.phone)), ("email_key", DraftPlacing.emailKey(draft.contact.email)),
        ].filter { !$0.1.isEmpty }
        guard !keys.isEmpty else { return nil }
        var builder = Builder(dialect: dialect)
        let selects = keys.map { column, key in
            "SELECT \(columns) FROM orders WHERE \(column) = \(builder.parameter(.text(key)))"
                + " AND created_at >= \(builder.parameter(.real(since.timeIntervalSince1970)))"
                + " AND status <> \(builder.parameter(.text(OrderStatus.cancelled.rawValue)))"
        }
        guard let limit else {
            return Statement(sql: selects.joined(separator: " UNION ") + " ORDER BY created_at DESC, id DESC", arguments: builder.arguments)
        }
        return Statement(
            sql: selects.map { "(\($0) ORDER BY created_at DESC, id DESC LIMIT \(limit))" }.joined(separator: " UNION ALL ")
                + " ORDER BY created_at DESC, id DESC LIMIT \(limit)",
            arguments: builder.arguments)
    }

    /// More matches than this (1% of 100,000 orders) make words common.
    static let commonMatches = 1_000

    static func column(for key: OrdersQuery.SortKey) -> String {
        switch key {
        case .date: "created_at"
        case .name: "sort_name"
        case .total: "total_cents"
        }
    }

    static func value(of key: OrdersCursor.Key) -> OrderColumns.Value {
        switch key {
        case .date(let date): .real(date.timeIntervalSince1970)
        case .name(let name): .text(name)
        case .total(let cents): .integer(Int(cents))
        }
    }

    /// Conditions with their arguments, numbered in order.
    private struct Builder {
        let dialect: Dialect
        var commonTrigrams: Set<String> = []
        var arguments: [OrderColumns.Value] = []

        mutating func parameter(_ value: OrderColumns.Value) -> String {
            arguments.append(value)
            if case .postgres = dialect { return "$\(arguments.count)" }
            return "?"
        }

        mutating func conditions(of query: OrdersQuery) -> [String] {
            var conditions: [String] = []
            if let speed = query.shippingSpeed {
                conditions.append("shipment_speed = \(parameter(.integer(speed.rawValue)))")
            }
            if let status = query.status {
                conditions.append("status = \(parameter(.text(status.rawValue)))")
            }
            if query.cancellationRequested {
                conditions.append("cancellation_request_reason IS NOT NULL")
            }
            if let from = query.createdFrom {
                conditions.append("created_at >= \(parameter(.real(from.timeIntervalSince1970)))")
            }
            if let before = query.createdBefore {
                conditions.append("created_at < \(parameter(.real(before.timeIntervalSince1970)))")
            }
            let words = query.words
            var indexedTogether = false
            if case .sqlite(trigramIndex: true) = dialect, let match = OrdersQuerySQL.trigramMatch(words) {
                indexedTogether = true
                conditions.append("id IN (SELECT rowid FROM orders_search WHERE orders_search MATCH \(parameter(.text(match))))")
            }
            // PostgreSQL: words with trigrams most orders have are asked for without them.
            var narrowed: [PostgresSearchWords.Condition] = []
            if case .postgres = dialect {
                narrowed = PostgresSearchWords.conditions(of: words, commonTrigrams: commonTrigrams) ?? []
            }
            var textWords = 0
            for word in words {
                switch word {
                case .orderNumber(let number):
                    conditions.append("id = \(parameter(.integer(Int(number))))")
                case .text(let text, nil):
                    defer { textWords += 1 }
                    if indexedTogether && OrdersQuerySQL.isIndexed(text) { continue }
                    if textWords < narrowed.count, case .pieces(let pieces) = narrowed[textWords] {
                        for piece in pieces { conditions.append(contains(piece)) }
                        conditions.append("strpos(search_text, \(parameter(.text(text)))) > 0")
                        continue
                    }
                    conditions.append(contains(text))
                case .text(let text, let number?):
                    // Parameters in the order they appear: SQLite's are by position.
                    let id = parameter(.integer(Int(number)))
                    conditions.append("(id = \(id) OR \(contains(text)))")
                }
            }
            return conditions
        }

        /// The condition that the order's search text contains `word` (folded, no white space).
        private mutating func contains(_ word: String) -> String {
            switch dialect {
            case .sqlite(let trigramIndex):
                // The trigram index matches a phrase of three characters or more as a substring.
                guard trigramIndex, OrdersQuerySQL.isIndexed(word) else { return "instr(search_text, \(parameter(.text(word)))) > 0" }
                return "id IN (SELECT rowid FROM orders_search WHERE orders_search MATCH \(parameter(.text(OrdersQuerySQL.phrase(word)))))"
            case .postgres:
                let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                    .replacingOccurrences(of: "_", with: "\\_")
                return "search_text LIKE \(parameter(.text("%" + escaped + "%")))"
            }
        }
    }
}

extension OrdersPage {
    /// The page of `rows` read by `sql` (up to one more than `limit`), `otherSide` the answer of
    /// its `otherSide` statement.
    init(rows: [Order], limit: Int, otherSide: Bool, of sql: OrdersQuerySQL) {
        let more = rows.count > limit
        switch sql.position {
        case .newest: self.init(orders: Array(rows.prefix(limit)), hasNewer: false, hasOlder: more)
        case .after: self.init(orders: Array(rows.prefix(limit)), hasNewer: otherSide, hasOlder: more)
        case .before: self.init(orders: rows.prefix(limit).reversed(), hasNewer: more, hasOlder: otherSide)
        }
    }
}
