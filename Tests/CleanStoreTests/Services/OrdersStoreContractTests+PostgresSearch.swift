import Foundation
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// PostgreSQL's search asks its trigram index for a word without the trigrams most orders have
/// (`PostgresSearchWords`, `PostgresCommonTrigrams`; issue 31), and finds the same orders.
extension OrdersStoreContractTests {
    // MARK: The words' pieces

    func testPostgresSplitsAWordAroundItsCommonTrigrams() {
        let common: Set<String> = ["ple", "ark", "exa", "xam", "amp", "mpl", "com"]
        func pieces(_ word: String) -> [String] { PostgresSearchWords.pieces(of: word, commonTrigrams: common).pieces }
        XCTAssertEqual(pieces("apple"), ["appl"], "the last trigram left out")
        XCTAssertEqual(pieces("sparks"), ["spar", "rks"], "a common trigram inside: the parts on either side")
        XCTAssertEqual(pieces("plenty"), ["lenty"], "the first one left out")
        XCTAssertEqual(pieces("example"), [], "every trigram common: no piece")
        XCTAssertEqual(pieces("amy.apple@example.com"), ["amy", "appl"], "each run of letters and digits on its own")
        XCTAssertEqual(pieces("zoe"), ["zoe"])
        XCTAssertEqual(pieces("jo"), [])
        XCTAssertEqual(pieces("5551234560"), ["5551234560"])

        let apple = PostgresSearchWords.pieces(of: "apple", commonTrigrams: common)
        XCTAssertTrue(apple.hasCommonTrigram)
        XCTAssertTrue(apple.hasTrigram)
        let zoe = PostgresSearchWords.pieces(of: "zoe", commonTrigrams: common)
        XCTAssertFalse(zoe.hasCommonTrigram)
        XCTAssertTrue(zoe.hasTrigram)
        let short = PostgresSearchWords.pieces(of: "jo", commonTrigrams: common)
        XCTAssertFalse(short.hasCommonTrigram)
        XCTAssertFalse(short.hasTrigram)
        // Letters pg_trgm hashes (not ASCII) are left to the index as they are: no trigram named.
        let greek = PostgresSearchWords.pieces(of: "αβγδ", commonTrigrams: ["αβγ"])
        XCTAssertFalse(greek.hasCommonTrigram)
        XCTAssertFalse(greek.hasTrigram)
    }

    func testPostgresAsksForWordsWholeUnlessAnotherPartNarrowsTheSearch() {
        let common: Set<String> = ["ple", "exa", "xam", "amp", "mpl", "mai", "ain"]
        func conditions(_ text: String) -> [PostgresSearchWords.Condition]? {
            PostgresSearchWords.conditions(of: OrderSearch.words(in: text), commonTrigrams: common)
        }
        XCTAssertEqual(conditions("grace apple"), [.like, .pieces(["appl"])])
        XCTAssertEqual(conditions("apple"), [.pieces(["appl"])], "its own piece narrows it")
        XCTAssertEqual(conditions("apple example"), [.pieces(["appl"]), .like], "a word of common trigrams only: whole")
        XCTAssertEqual(conditions("#3 apple 555"), [.pieces(["appl"])], "numbers as before, beside")
        XCTAssertNil(conditions("zoe example"), "no piece anywhere: as before")
        XCTAssertNil(conditions("grace zoe"), "no common trigram: as before")
        XCTAssertNil(conditions("example"), "every trigram common: as before")
        XCTAssertNil(conditions("example main st"))
        XCTAssertNil(PostgresSearchWords.conditions(of: OrderSearch.words(in: "apple"), commonTrigrams: []), "no sample: as before")
        // The newest orders all one caller's (bench's placing pool: Amy Apple): her name is common,
        // and asked for whole, so the planner keeps its estimate of how rare the pair is.
        XCTAssertNil(
            PostgresSearchWords.conditions(of: OrderSearch.words(in: "grace apple"), commonTrigrams: ["app", "ppl", "ple", "amy"]))
    }

    func testPostgresStatementAsksForThePiecesAndHoldsEachWordWhole() {
        let common: Set<String> = ["ple", "exa", "xam", "amp", "mpl"]
        let page = OrdersPageRequest(limit: 50, query: OrdersQuery(text: "Grace APPLE"))
        let sql = OrdersQuerySQL(page: page, columns: "id", dialect: .postgres, commonTrigrams: common)
        XCTAssertEqual(
            sql.rows.sql,
            "SELECT id FROM orders WHERE search_text LIKE $1 AND search_text LIKE $2 AND strpos(search_text, $3) > 0"
                + " ORDER BY created_at DESC, id DESC LIMIT $4")
        XCTAssertEqual(sql.rows.arguments.map(\.textValue), ["%grace%", "%appl%", "apple", nil])
        let count = OrdersQuerySQL.count(OrdersQuery(text: "grace apple"), upTo: 10, dialect: .postgres, commonTrigrams: common)
        XCTAssertEqual(
            count.sql,
            "SELECT count(*) FROM (SELECT 1 FROM orders WHERE search_text LIKE $1 AND search_text LIKE $2"
                + " AND strpos(search_text, $3) > 0 LIMIT $4) AS found")
        let before = OrdersQuerySQL(page: page, columns: "id", dialect: .postgres)
        XCTAssertEqual(
            before.rows.sql, "SELECT id FROM orders WHERE search_text LIKE $1 AND search_text LIKE $2 ORDER BY created_at DESC, id DESC LIMIT $3",
            "without a sample, as before")
    }

    // MARK: On PostgreSQL

    /// The sample of the search fixture (8 orders): a trigram of 2 of them or more is common.
    func testPostgresSampleNamesTheTrigramsOfOneOrderInFiveOrMore() async throws {
        let store = try await TestPostgres.makeStore(for: self)
        let none = await store.commonTrigrams.trigrams(on: store.database.client, logger: TestPostgres.logger)
        XCTAssertEqual(none, [], "no order, no common trigram")
        _ = try await createSearchFixture(in: store)
        let sampler = PostgresCommonTrigrams()
        let common = await sampler.trigrams(on: store.database.client, logger: TestPostgres.logger)
        for trigram in ["exa", "xam", "amp", "mpl", "ple", "555", "mai", "ain", "jos", "nun", "com", "ark"] {
            XCTAssert(common.contains(trigram), "\(trigram): \(common.sorted())")
        }
        for trigram in ["zoe", "obr", "app", "spa", "new", "ren", "  z", " zo", "oe "] {
            XCTAssertFalse(common.contains(trigram), trigram)
        }
    }

    /// A sample is kept for its lifetime, one search taking the next: by the clock given.
    func testPostgresSampleIsTakenAgainOnceItsLifetimeIsOver() async throws {
        let store = try await TestPostgres.makeStore(for: self)
        let clock = TestClock(Seeds.june29)
        let sampler = PostgresCommonTrigrams(
            configuration: .init(sampledOrders: 100, oneIn: 2, lifetime: 60), now: { clock.now })
        let client = store.database.client
        _ = try await store.createOrder(orderToCreate: Self.searchFixture[0].order)
        let first = await sampler.trigrams(on: client, logger: TestPostgres.logger)
        XCTAssert(first.contains("jos"), "\(first.sorted())")
        XCTAssertFalse(first.contains("zoe"))
        for _ in 0..<2 {
            _ = try await store.createOrder(orderToCreate: Self.searchFixture[1].order)
        }
        clock.advance(by: 59)
        let kept = await sampler.trigrams(on: client, logger: TestPostgres.logger)
        XCTAssertEqual(kept, first, "within its lifetime: the same sample")
        clock.advance(by: 1)
        let next = await sampler.trigrams(on: client, logger: TestPostgres.logger)
        XCTAssert(next.contains("zoe"), "2 of 3 orders: \(next.sorted())")
        XCTAssertFalse(next.contains("jos"), "1 of 3 orders")
    }

    /// With the fixture's sample, words with common trigrams are asked for by their pieces, and
    /// every query of the search table still finds what it finds on every store.
    func testPostgresSearchTableFindsTheSameWithTheCommonTrigramsLeftOut() async throws {
        let store = try await TestPostgres.makeStore(for: self)
        let labels = try await createSearchFixture(in: store)
        let common = await store.commonTrigrams.trigrams(on: store.database.client, logger: TestPostgres.logger)
        var narrowed = 0
        for (query, expected) in Self.searchTable {
            let sql = OrdersQuerySQL(page: OrdersPageRequest(limit: 100, query: query), columns: "id", dialect: .postgres, commonTrigrams: common)
            narrowed += sql.rows.sql.contains("strpos") ? 1 : 0
            let page = try await store.fetchOrders(page: OrdersPageRequest(limit: 100, query: query))
            XCTAssertEqual(page.orders.map { labels[$0.id!] ?? "?" }, expected, "\(query)")
            let counted = try await store.countOrders(matching: query, upTo: 100)
            XCTAssertEqual(counted, expected.count, "\(query)")
        }
        XCTAssertGreaterThanOrEqual(narrowed, 5, "the table has words with common trigrams and pieces without")
    }

    /// PostgreSQL's plan for a word with a common trigram: the trigram index asked for its piece
    /// only, the whole word checked on the orders it gives (issue 31).
    func testPostgresPlanAsksTheIndexForThePieceAndChecksTheWord() async throws {
        let store = try await TestPostgres.makeStore(for: self)
        let sql = OrdersQuerySQL(
            page: OrdersPageRequest(limit: 50, query: OrdersQuery(text: "grace apple")), columns: "id", dialect: .postgres,
            commonTrigrams: ["ple"])
        let plan = try await Self.postgresPlan(of: sql.rows, on: store)
        let indexLine = try XCTUnwrap(plan.split(separator: "\n").first { $0.contains("Index Cond") }, plan)
        XCTAssert(plan.contains("Bitmap Index Scan on orders_search"), plan)
        XCTAssert(indexLine.contains("'%appl%'") && indexLine.contains("'%grace%'"), plan)
        XCTAssertFalse(indexLine.contains("'%apple%'"), "the common trigram left out: \(plan)")
        XCTAssert(plan.contains("strpos(search_text, 'apple'::text) > 0"), plan)
    }
}

extension OrderColumns.Value {
    /// The text of a `.text` value; nil for another kind.
    fileprivate var textValue: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}
