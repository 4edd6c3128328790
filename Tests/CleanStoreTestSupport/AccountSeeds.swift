import Foundation

@testable import CleanStore

/// Accounts, session ids and a clock for tests: the same every run.
enum AccountSeeds {
    /// 11/14/23 22:13:20 UTC.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static let amy = Account(
        username: "Amy", displayName: "Amy Apple", role: .clerk, passwordHash: "$2b$04$not-a-real-hash-for-amy", createdAt: now)
    static let sue = Account(
        username: "sue", displayName: "Sue Super", role: .supervisor, passwordHash: "$2b$04$not-a-real-hash-for-sue",
        createdAt: now.addingTimeInterval(60))

    /// The session id of 32 bytes, all `byte`.
    static func sessionID(_ byte: UInt8) -> SessionID { SessionID(bytes: Data(repeating: byte, count: 32))! }

    /// An API token secret whose 32 random bytes are all `byte`.
    static func tokenSecret(_ byte: UInt8) -> APITokenSecret {
        var generator = RepeatingGenerator(byte: byte)
        return APITokenSecret.random(using: &generator)
    }

    /// The token of `secret` for `account`, as `APITokensWorker` makes one.
    static func token(
        _ secret: APITokenSecret, for account: Account, name: String = "Warehouse", role: AccountRole = .clerk, expiresAt: Date? = nil
    ) -> APIToken {
        APIToken(
            prefix: secret.prefix, hash: secret.hash, accountKey: account.key, name: name, role: role, createdAt: now, expiresAt: expiresAt)
    }

    /// bcrypt's least cost: hashing in milliseconds (production uses `PasswordWorker.productionCost`).
    static let fastPasswords = PasswordWorker(cost: 4)
}

/// The accounts, sessions and sign-in attempts stores of one database, of every kind, fresh and
/// empty: memory, an SQLite file (sharing the orders store's pool), PostgreSQL (a database of its own).
struct AccountStores {
    var name: String
    var accounts: any AccountsStoreProtocol
    var sessions: any SessionsStoreProtocol
    var attempts: any SignInAttemptsStoreProtocol
    var changes: any AccountChangesStoreProtocol
    var apiTokens: any APITokensStoreProtocol
    var idempotencyKeys: any IdempotencyKeysStoreProtocol

    static func all(in directory: URL, for testCase: TemporaryDirectoryTestCase) async throws -> [AccountStores] {
        let memory = AccountsMemStore()
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("accounts-\(UUID().uuidString).sqlite").path).database
        let postgres = try await TestPostgres.makeStore(for: testCase).database
        return [
            AccountStores(
                name: "memory", accounts: memory, sessions: SessionsMemStore(accounts: memory), attempts: SignInAttemptsMemStore(),
                changes: AccountChangesMemStore(database: memory.database), apiTokens: APITokensMemStore(database: memory.database),
                idempotencyKeys: IdempotencyKeysMemStore(database: memory.database)),
            AccountStores(
                name: "SQLite", accounts: AccountsSQLiteStore(database: sqlite), sessions: SessionsSQLiteStore(database: sqlite),
                attempts: SignInAttemptsSQLiteStore(database: sqlite), changes: AccountChangesSQLiteStore(database: sqlite),
                apiTokens: APITokensSQLiteStore(database: sqlite), idempotencyKeys: IdempotencyKeysSQLiteStore(database: sqlite)),
            AccountStores(
                name: "PostgreSQL", accounts: AccountsPostgresStore(database: postgres),
                sessions: SessionsPostgresStore(database: postgres),
                attempts: SignInAttemptsPostgresStore(database: postgres), changes: AccountChangesPostgresStore(database: postgres),
                apiTokens: APITokensPostgresStore(database: postgres), idempotencyKeys: IdempotencyKeysPostgresStore(database: postgres)),
        ]
    }
}

/// A generator whose every byte is `byte` (a token's or key's "random" bytes, the same every run).
struct RepeatingGenerator: RandomNumberGenerator {
    var byte: UInt8
    mutating func next() -> UInt64 { UInt64(byte) * 0x0101_0101_0101_0101 }
}
