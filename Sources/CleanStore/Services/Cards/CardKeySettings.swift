import Foundation
import Logging

/// Where the card keys come from (see the README's "Card numbers at rest"):
/// - `--card-key-file PATH`, else `CLEANSTORE_CARD_KEY`: the current key, base64 of 32 bytes;
/// - else, for an SQLite database only, the file `<database>.card-key` beside it, made (0600) on
///   first start — PostgreSQL needs a key given, the same on every instance;
/// - `--previous-card-key-file PATH` (repeatable): older keys, which only decrypt, while
///   `cleanstore rotate-card-key` re-encrypts their rows.
public struct CardKeySettings: Sendable {
    public var keyFile: String?
    public var keyBase64: String?
    public var previousKeyFiles: [String]

    public init(keyFile: String? = nil, keyBase64: String? = nil, previousKeyFiles: [String] = []) {
        self.keyFile = keyFile
        self.keyBase64 = keyBase64
        self.previousKeyFiles = previousKeyFiles
    }

    /// The key file made beside an SQLite database when no key is given.
    public static func defaultKeyFile(forDatabase path: String) -> String {
        path + ".card-key"
    }

    /// The keys these settings name. For an SQLite database (`sqlitePath`) given no key, the key
    /// file beside it, made now when there is none: then `generated` is its path (so that it can be
    /// removed again if the database turns out to need another key). Logs key ids, never a key.
    func keyring(sqlitePath: String?, logger: Logger) throws(OrdersStoreError) -> (keyring: CardKeyring, generated: String?) {
        var generated: String?
        let current: CardKey
        if let keyFile, !keyFile.isEmpty {
            current = try Self.read(keyFile, logger: logger)
            logger.info("Card numbers are encrypted with \(current), from \(keyFile)")
        } else if let keyBase64, !keyBase64.isEmpty {
            current = try CardKey(base64: keyBase64)
            logger.info("Card numbers are encrypted with \(current), from CLEANSTORE_CARD_KEY")
        } else if let sqlitePath {
            let file = Self.defaultKeyFile(forDatabase: sqlitePath)
            if FileManager.default.fileExists(atPath: file) {
                current = try Self.read(file, logger: logger)
                logger.info("Card numbers are encrypted with \(current), from \(file)")
            } else {
                current = CardKey.generate()
                try OwnerOnlyFile.create(atPath: file, contents: Data((current.base64 + "\n").utf8))
                generated = file
                logger.warning(
                    """
                    No --card-key-file or CLEANSTORE_CARD_KEY: generated a new card key (\(current.id)) into \(file) \
                    (readable by its owner only). Card numbers in the database are encrypted with it. Back it up now, \
                    and keep it apart from the database and its backups: without it no card number can be read, \
                    and whoever has both can read them all.
                    """)
            }
        } else {
            throw .unavailable(
                "PostgreSQL needs a card key: --card-key-file PATH or CLEANSTORE_CARD_KEY (base64 of 32 random bytes, "
                    + "e.g. from `openssl rand -base64 32`), the same on every instance")
        }
        var previous: [CardKey] = []
        for file in previousKeyFiles {
            let key = try Self.read(file, logger: logger)
            logger.info("Card numbers under \(key), from \(file), are still read (a previous key)")
            previous.append(key)
        }
        return (CardKeyring(current: current, previous: previous), generated)
    }

    /// The key in a key file: base64 of 32 bytes (surrounding white space ignored).
    static func read(_ file: String, logger: Logger) throws(OrdersStoreError) -> CardKey {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw .unavailable("Cannot read the card key file \(file): \(error.localizedDescription)")
        }
        let key: CardKey
        do {
            key = try CardKey(base64: text)
        } catch {
            throw .unavailable("The card key file \(file) holds no card key. \(error)")
        }
        if OwnerOnlyFile.isOpenToOthers(file) {
            logger.warning("The card key file \(file) is readable by others than its owner: chmod 600 it")
        }
        return key
    }
}
