import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// Statements prepared once per connection (issue 31), for the statements every page runs: the
/// session's read, the list's page and its counts, an order's read and its lines, a draft's read.
///
/// PostgresNIO 1.33 sends each `query(_:)` as an unnamed statement: Parse, Describe, Bind and
/// Execute every time, so the server parses and plans it again and answers its row description
/// again. It prepares once per connection only a `PostgresPreparedStatement` type, whose SQL is
/// the type's `static` `sql` and whose name (the key of its per-connection cache) the type's
/// `static` `name`. The stores build their SQL at run time (`OrdersQuerySQL`: one text per filter
/// and sort), so here a fixed set of types, `Slot0` to `Slot127`, each a name
/// (`cleanstore_prepared_N`), is handed out to SQL texts as they come, first come first served:
/// a slot once given keeps its text for the process's life, so one name means one text on every
/// connection of every client. The key is the text and its parameters' types (a NULL beside a
/// value is another key: the statement is prepared with the types of its first execution).
/// When the slots are all given, a statement runs as before (`query`). Only statements of a
/// bounded number of shapes come here: values go in as parameters, never written into the SQL
/// (the rule `db.cachedStatement(sql:)` follows on SQLite).
///
/// What a prepared statement changes: the server keeps its parse and may keep a generic plan
/// (PostgreSQL's `plan_cache_mode = auto`: custom plans for the first five executions, then a
/// generic one only when its estimated cost is no worse); PostgresNIO keeps its row description.
/// A preparation that fails is remembered by PostgresNIO on that connection for good, so a
/// statement comes here only outside a failed transaction (each caller's transaction ends at its
/// first error).
enum PostgresPreparedStatements {
    /// How many texts the process prepares.
    static let capacity = slots.count

    /// The rows of `query`, run on `client` prepared (or unnamed once the slots are all given).
    static func rows(_ query: PostgresQuery, types: String = "", on client: PostgresClient, logger: Logger) async throws -> [PostgresRow] {
        guard let slot = slot(for: query.sql, types: types) else {
            return try await collect(client.query(query, logger: logger))
        }
        func run<S: PreparedSlot>(_: S.Type) async throws -> [PostgresRow] {
            try await collect(client.execute(SlotStatement<S>(bindings: query.binds), logger: logger))
        }
        return try await run(slots[slot])
    }

    /// The rows of an `OrdersQuerySQL` statement, run on `client` prepared (its arguments' kinds the types' key).
    static func rows(_ statement: OrdersQuerySQL.Statement, on client: PostgresClient, logger: Logger) async throws -> [PostgresRow] {
        try await rows(try PostgresValues.query(statement), types: types(of: statement.arguments), on: client, logger: logger)
    }

    /// The rows of `query`, run on `connection` (in its transaction) prepared, or unnamed once the
    /// slots are all given.
    static func rows(_ query: PostgresQuery, types: String = "", on connection: PostgresConnection, logger: Logger) async throws
        -> [PostgresRow]
    {
        guard let slot = slot(for: query.sql, types: types) else {
            return try await collect(connection.query(query, logger: logger))
        }
        func run<S: PreparedSlot>(_: S.Type) async throws -> [PostgresRow] {
            try await collect(connection.execute(SlotStatement<S>(bindings: query.binds), logger: logger))
        }
        return try await run(slots[slot])
    }

    /// The parameters' types of `values` as a key (`rows(_:types:on:logger:)`): one letter a value.
    static func types(of values: [OrderColumns.Value]) -> String {
        String(
            values.map { value -> Character in
                switch value {
                case .text: "t"
                case .integer: "i"
                case .decimal: "d"
                case .bytes: "b"
                case .real: "r"
                case .bool: "o"
                case .money: "m"
                case .null: "n"
                }
            })
    }

    /// The slot of `sql` with parameters of `types`, given now if it had none; nil when all are given.
    static func slot(for sql: String, types: String) -> Int? {
        registry.withLockedValue { $0.slot(for: sql, types: types, capacity: capacity) }
    }

    /// The text slot `index` was given.
    static func sql(ofSlot index: Int) -> String {
        registry.withLockedValue { $0.texts[index] }
    }

    /// Which text each slot was given.
    struct Registry {
        /// Parameters' types + NUL + text → slot.
        private var slots: [String: Int] = [:]
        /// Slot → text, in the order given.
        private(set) var texts: [String] = []

        /// The slot of `sql` with parameters of `types`, the next one given now if it had none;
        /// nil when `capacity` slots are given.
        mutating func slot(for sql: String, types: String, capacity: Int) -> Int? {
            let key = types + "\u{0}" + sql
            if let slot = slots[key] { return slot }
            guard texts.count < capacity else { return nil }
            texts.append(sql)
            slots[key] = texts.count - 1
            return texts.count - 1
        }
    }

    private static let registry = NIOLockedValueBox(Registry())

    private static func collect<Rows: AsyncSequence>(_ rows: Rows) async throws -> [PostgresRow] where Rows.Element == PostgresRow {
        var collected: [PostgresRow] = []
        for try await row in rows { collected.append(row) }
        return collected
    }

    // A constant of metatypes, never written: nothing to share unsafely.
    nonisolated(unsafe) private static let slots: [any PreparedSlot.Type] = [
        Slot0.self, Slot1.self, Slot2.self, Slot3.self, Slot4.self, Slot5.self, Slot6.self, Slot7.self,
        Slot8.self, Slot9.self, Slot10.self, Slot11.self, Slot12.self, Slot13.self, Slot14.self, Slot15.self,
        Slot16.self, Slot17.self, Slot18.self, Slot19.self, Slot20.self, Slot21.self, Slot22.self, Slot23.self,
        Slot24.self, Slot25.self, Slot26.self, Slot27.self, Slot28.self, Slot29.self, Slot30.self, Slot31.self,
        Slot32.self, Slot33.self, Slot34.self, Slot35.self, Slot36.self, Slot37.self, Slot38.self, Slot39.self,
        Slot40.self, Slot41.self, Slot42.self, Slot43.self, Slot44.self, Slot45.self, Slot46.self, Slot47.self,
        Slot48.self, Slot49.self, Slot50.self, Slot51.self, Slot52.self, Slot53.self, Slot54.self, Slot55.self,
        Slot56.self, Slot57.self, Slot58.self, Slot59.self, Slot60.self, Slot61.self, Slot62.self, Slot63.self,
        Slot64.self, Slot65.self, Slot66.self, Slot67.self, Slot68.self, Slot69.self, Slot70.self, Slot71.self,
        Slot72.self, Slot73.self, Slot74.self, Slot75.self, Slot76.self, Slot77.self, Slot78.self, Slot79.self,
        Slot80.self, Slot81.self, Slot82.self, Slot83.self, Slot84.self, Slot85.self, Slot86.self, Slot87.self,
        Slot88.self, Slot89.self, Slot90.self, Slot91.self, Slot92.self, Slot93.self, Slot94.self, Slot95.self,
        Slot96.self, Slot97.self, Slot98.self, Slot99.self, Slot100.self, Slot101.self, Slot102.self, Slot103.self,
        Slot104.self, Slot105.self, Slot106.self, Slot107.self, Slot108.self, Slot109.self, Slot110.self, Slot111.self,
        Slot112.self, Slot113.self, Slot114.self, Slot115.self, Slot116.self, Slot117.self, Slot118.self, Slot119.self,
        Slot120.self, Slot121.self, Slot122.self, Slot123.self, Slot124.self, Slot125.self, Slot126.self, Slot127.self,
    ]
}

/// One of `PostgresPreparedStatements`' names: its index.
protocol PreparedSlot {
    static var index: Int { get }
}

/// The statement of slot `S`: its text the one the slot was given, its rows as they come.
struct SlotStatement<S: PreparedSlot>: PostgresPreparedStatement {
    typealias Row = PostgresRow
    static var name: String { "cleanstore_prepared_\(S.index)" }
    static var sql: String { PostgresPreparedStatements.sql(ofSlot: S.index) }
    let bindings: PostgresBindings
    func makeBindings() throws -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

enum Slot0: PreparedSlot { static let index = 0 }
enum Slot1: PreparedSlot { static let index = 1 }
enum Slot2: PreparedSlot { static let index = 2 }
enum Slot3: PreparedSlot { static let index = 3 }
enum Slot4: PreparedSlot { static let index = 4 }
enum Slot5: PreparedSlot { static let index = 5 }
enum Slot6: PreparedSlot { static let index = 6 }
enum Slot7: PreparedSlot { static let index = 7 }
enum Slot8: PreparedSlot { static let index = 8 }
enum Slot9: PreparedSlot { static let index = 9 }
enum Slot10: PreparedSlot { static let index = 10 }
enum Slot11: PreparedSlot { static let index = 11 }
enum Slot12: PreparedSlot { static let index = 12 }
enum Slot13: PreparedSlot { static let index = 13 }
enum Slot14: PreparedSlot { static let index = 14 }
enum Slot15: PreparedSlot { static let index = 15 }
enum Slot16: PreparedSlot { static let index = 16 }
enum Slot17: PreparedSlot { static let index = 17 }
enum Slot18: PreparedSlot { static let index = 18 }
enum Slot19: PreparedSlot { static let index = 19 }
enum Slot20: PreparedSlot { static let index = 20 }
enum Slot21: PreparedSlot { static let index = 21 }
enum Slot22: PreparedSlot { static let index = 22 }
enum Slot23: PreparedSlot { static let index = 23 }
enum Slot24: PreparedSlot { static let index = 24 }
enum Slot25: PreparedSlot { static let index = 25 }
enum Slot26: PreparedSlot { static let index = 26 }
enum Slot27: PreparedSlot { static let index = 27 }
enum Slot28: PreparedSlot { static let index = 28 }
enum Slot29: PreparedSlot { static let index = 29 }
enum Slot30: PreparedSlot { static let index = 30 }
enum Slot31: PreparedSlot { static let index = 31 }
enum Slot32: PreparedSlot { static let index = 32 }
enum Slot33: PreparedSlot { static let index = 33 }
enum Slot34: PreparedSlot { static let index = 34 }
enum Slot35: PreparedSlot { static let index = 35 }
enum Slot36: PreparedSlot { static let index = 36 }
enum Slot37: PreparedSlot { static let index = 37 }
enum Slot38: PreparedSlot { static let index = 38 }
enum Slot39: PreparedSlot { static let index = 39 }
enum Slot40: PreparedSlot { static let index = 40 }
enum Slot41: PreparedSlot { static let index = 41 }
enum Slot42: PreparedSlot { static let index = 42 }
enum Slot43: PreparedSlot { static let index = 43 }
enum Slot44: PreparedSlot { static let index = 44 }
enum Slot45: PreparedSlot { static let index = 45 }
enum Slot46: PreparedSlot { static let index = 46 }
enum Slot47: PreparedSlot { static let index = 47 }
enum Slot48: PreparedSlot { static let index = 48 }
enum Slot49: PreparedSlot { static let index = 49 }
enum Slot50: PreparedSlot { static let index = 50 }
enum Slot51: PreparedSlot { static let index = 51 }
enum Slot52: PreparedSlot { static let index = 52 }
enum Slot53: PreparedSlot { static let index = 53 }
enum Slot54: PreparedSlot { static let index = 54 }
enum Slot55: PreparedSlot { static let index = 55 }
enum Slot56: PreparedSlot { static let index = 56 }
enum Slot57: PreparedSlot { static let index = 57 }
enum Slot58: PreparedSlot { static let index = 58 }
enum Slot59: PreparedSlot { static let index = 59 }
enum Slot60: PreparedSlot { static let index = 60 }
enum Slot61: PreparedSlot { static let index = 61 }
enum Slot62: PreparedSlot { static let index = 62 }
enum Slot63: PreparedSlot { static let index = 63 }
enum Slot64: PreparedSlot { static let index = 64 }
enum Slot65: PreparedSlot { static let index = 65 }
enum Slot66: PreparedSlot { static let index = 66 }
enum Slot67: PreparedSlot { static let index = 67 }
enum Slot68: PreparedSlot { static let index = 68 }
enum Slot69: PreparedSlot { static let index = 69 }
enum Slot70: PreparedSlot { static let index = 70 }
enum Slot71: PreparedSlot { static let index = 71 }
enum Slot72: PreparedSlot { static let index = 72 }
enum Slot73: PreparedSlot { static let index = 73 }
enum Slot74: PreparedSlot { static let index = 74 }
enum Slot75: PreparedSlot { static let index = 75 }
enum Slot76: PreparedSlot { static let index = 76 }
enum Slot77: PreparedSlot { static let index = 77 }
enum Slot78: PreparedSlot { static let index = 78 }
enum Slot79: PreparedSlot { static let index = 79 }
enum Slot80: PreparedSlot { static let index = 80 }
enum Slot81: PreparedSlot { static let index = 81 }
enum Slot82: PreparedSlot { static let index = 82 }
enum Slot83: PreparedSlot { static let index = 83 }
enum Slot84: PreparedSlot { static let index = 84 }
enum Slot85: PreparedSlot { static let index = 85 }
enum Slot86: PreparedSlot { static let index = 86 }
enum Slot87: PreparedSlot { static let index = 87 }
enum Slot88: PreparedSlot { static let index = 88 }
enum Slot89: PreparedSlot { static let index = 89 }
enum Slot90: PreparedSlot { static let index = 90 }
enum Slot91: PreparedSlot { static let index = 91 }
enum Slot92: PreparedSlot { static let index = 92 }
enum Slot93: PreparedSlot { static let index = 93 }
enum Slot94: PreparedSlot { static let index = 94 }
enum Slot95: PreparedSlot { static let index = 95 }
enum Slot96: PreparedSlot { static let index = 96 }
enum Slot97: PreparedSlot { static let index = 97 }
enum Slot98: PreparedSlot { static let index = 98 }
enum Slot99: PreparedSlot { static let index = 99 }
enum Slot100: PreparedSlot { static let index = 100 }
enum Slot101: PreparedSlot { static let index = 101 }
enum Slot102: PreparedSlot { static let index = 102 }
enum Slot103: PreparedSlot { static let index = 103 }
enum Slot104: PreparedSlot { static let index = 104 }
enum Slot105: PreparedSlot { static let index = 105 }
enum Slot106: PreparedSlot { static let index = 106 }
enum Slot107: PreparedSlot { static let index = 107 }
enum Slot108: PreparedSlot { static let index = 108 }
enum Slot109: PreparedSlot { static let index = 109 }
enum Slot110: PreparedSlot { static let index = 110 }
enum Slot111: PreparedSlot { static let index = 111 }
enum Slot112: PreparedSlot { static let index = 112 }
enum Slot113: PreparedSlot { static let index = 113 }
enum Slot114: PreparedSlot { static let index = 114 }
enum Slot115: PreparedSlot { static let index = 115 }
enum Slot116: PreparedSlot { static let index = 116 }
enum Slot117: PreparedSlot { static let index = 117 }
enum Slot118: PreparedSlot { static let index = 118 }
enum Slot119: PreparedSlot { static let index = 119 }
enum Slot120: PreparedSlot { static let index = 120 }
enum Slot121: PreparedSlot { static let index = 121 }
enum Slot122: PreparedSlot { static let index = 122 }
enum Slot123: PreparedSlot { static let index = 123 }
enum Slot124: PreparedSlot { static let index = 124 }
enum Slot125: PreparedSlot { static let index = 125 }
enum Slot126: PreparedSlot { static let index = 126 }
enum Slot127: PreparedSlot { static let index = 127 }
