import Foundation

/// How free text finds orders, the same for every store.
///
/// Each order has a search text: its first and last names, email, city and ZIP of both addresses,
/// phone, and street line 1 of both addresses, folded (`fold`: lowercase, no accents, no apostrophes; the phone and ZIPs as digits
/// only), one field after the other with a space between. The SQL stores keep it in the column
/// `search_text`, written by the store on every create and update (SQLite has no accent folding,
/// and one Swift function gives every store the same text), and index it for substring search
/// (SQLite: FTS5 trigram, PostgreSQL: pg_trgm). A query's words (`words(in:)`) each must be a
/// substring of it, or name the order's number. Card numbers are never part of it. A query may start
/// with the word "order" (`order 1042`, `Order #1042`): it is left out, as a clerk reads a number off
/// a note or an email.
enum OrderSearch {
    /// One word of a query.
    enum Word: Equatable, Sendable {
        /// `#123`: the order numbered 123, and nothing else.
        case orderNumber(Int64)
        /// A folded word the order's search text must contain; `orderNumber` when the word was a
        /// bare number, which finds that order too.
        case text(String, orderNumber: Int64?)
    }

    /// Words past this many are ignored: each is one more condition of the query.
    static let maximumWords = 12

    /// The words of a query, split at white space and commas: `#123` is an order number; a word of
    /// digits and phone punctuation (`(555) 123-4567`, `02139-1234`) is its digits; any other word
    /// is folded. Words that fold to nothing (`'`) are dropped.
    static func words(in text: String) -> [Word] {
        var pieces = text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" })
        // "order 1042", "Order #1042", "order:": the word names what is sought, not a word of it.
        if pieces.count > 1, ["order", "order:", "order#"].contains(pieces[0].lowercased()) {
            if pieces[0].hasSuffix("#") { pieces[1] = "#" + pieces[1] }
            pieces.removeFirst()
        } else if let first = pieces.first, first.count > 6, first.lowercased().hasPrefix("order#") {
            pieces[0] = first.dropFirst(5)
        }
        // A phone typed with spaces ("555 123 4567") stays several words, each of its digits: each
        // one is a substring of the phone's digits, so it still finds the order.
        var words: [Word] = []
        for piece in pieces {
            if let word = word(String(piece)), !words.contains(word) {
                words.append(word)
            }
            if words.count == maximumWords { break }
        }
        return words
    }

    private static let phonePunctuation: Set<Character> = ["(", ")", "-", ".", "+", "/"]

    private static func word(_ piece: String) -> Word? {
        if piece.hasPrefix("#") {
            let digits = piece.dropFirst()
            if let number = OrderID.rowID(String(digits)) { return .orderNumber(number) }
            if digits.isEmpty { return nil }
        }
        if piece.allSatisfy({ $0.isASCII && ($0.isNumber || phonePunctuation.contains($0)) }) {
            let digits = piece.filter(\.isNumber)
            if digits.isEmpty { return nil }
            return .text(digits, orderNumber: digits == piece ? OrderID.rowID(digits) : nil)
        }
        let folded = fold(piece)
        return folded.isEmpty ? nil : .text(folded, orderNumber: nil)
    }

    /// Lowercase, without accents (`Núñez` → `nunez`, `Straße` → `strasse`, `Łukasz` → `lukasz`) and
    /// without apostrophes (`O'Brien` → `obrien`, so that `obrien` and `o’brien` find it too).
    static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        result.unicodeScalars.reserveCapacity(folded.unicodeScalars.count)
        for scalar in folded.unicodeScalars {
            if apostrophes.contains(scalar) { continue }
            if let letters = letters[scalar] {
                result += letters
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`"]
    /// Letters that are no letter with an accent, and so are not folded by Foundation.
    private static let letters: [Unicode.Scalar: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th",
    ]

    private static func digits(_ text: String) -> String { text.filter { $0.isASCII && $0.isNumber } }

    /// The search text of an order (see the type's comment).
    static func searchText(of order: Order) -> String {
        searchText(
            firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone,
            shipmentCity: order.shipmentAddress.city, shipmentZip: order.shipmentAddress.zip,
            billingCity: order.billingAddress.city, billingZip: order.billingAddress.zip,
            shipmentStreet: order.shipmentAddress.street1, billingStreet: order.billingAddress.street1)
    }

    static func searchText(
        firstName: String, lastName: String, email: String, phone: String, shipmentCity: String, shipmentZip: String,
        billingCity: String, billingZip: String, shipmentStreet: String, billingStreet: String
    ) -> String {
        [
            fold(firstName), fold(lastName), fold(email), digits(phone), fold(shipmentCity), digits(shipmentZip),
            fold(billingCity), digits(billingZip), fold(shipmentStreet), fold(billingStreet),
        ].joined(separator: " ")
    }

    /// The columns the search text and the name key are made of, in the order `searchColumns(of:)`
    /// takes them: for migrations that fill `search_text` and `sort_name` of rows written before.
    static let sourceColumns =
        "first_name, last_name, email, phone, shipment_city, shipment_zip, billing_city, billing_zip, shipment_street1, billing_street1"
    /// How many columns `sourceColumns` names.
    static let sourceColumnCount = 10

    /// `search_text` and `sort_name` of a row whose `sourceColumns` have these values.
    static func searchColumns(of values: [String]) -> (searchText: String, sortName: String) {
        (
            searchText(
                firstName: values[0], lastName: values[1], email: values[2], phone: values[3], shipmentCity: values[4],
                shipmentZip: values[5], billingCity: values[6], billingZip: values[7], shipmentStreet: values[8],
                billingStreet: values[9]),
            sortName(firstName: values[0], lastName: values[1])
        )
    }

    /// The key of the sort by name: last name, a space, first name, folded; so `de la Cruz` sorts
    /// with `De La Cruz`, and `Núñez` between `Nu` and `Nv`.
    static func sortName(firstName: String, lastName: String) -> String {
        fold(lastName) + " " + fold(firstName)
    }

    static func sortName(of order: Order) -> String {
        sortName(firstName: order.firstName, lastName: order.lastName)
    }

    /// The total in cents (the sort by total's key): totals have two decimals.
    static func cents(_ total: Decimal) -> Int64 {
        var value = total * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// Whether `order` matches every word (the memory store's search; the SQL stores ask their index).
    static func matches(_ order: Order, _ words: [Word]) -> Bool {
        guard !words.isEmpty else { return true }
        let text = searchText(of: order)
        let id = order.id.flatMap(OrderID.rowID)
        return words.allSatisfy { word in
            switch word {
            case .orderNumber(let number): return id == number
            case .text(let folded, let number):
                return (number != nil && id == number) || text.utf8.firstRange(of: folded.utf8) != nil
            }
        }
    }
}
