import Crypto
import Foundation

/// No double orders: every check page's placing form (`PlaceDraft`) carries a one-time key (the
/// hidden field `orderKey`), made when the page is shown and kept by every page that shows the same
/// form again (a 422, a 409). The store makes one order per key, so a double click, a
/// Back-and-resubmit or a retried POST of that form places one order.
///
/// A key is 16 to 64 characters of base64url; the app makes 22 (128 random bits). A posted key
/// that is anything else (too long, too short, other characters) is no key the app made: the form
/// is saved as a form without a key is (an old tab's), and is not refused, because the clerk's
/// order is good and a 400 would lose it over a field they never saw; nothing unbounded or
/// arbitrary reaches the store's unique index either.
struct OrderKeyWorker {
    /// How long a key may be.
    static let lengths = 16...64

    /// Makes a new key (`random()` in the app, fixed in tests).
    let newKey: () -> String

    /// The key a posted form carries; nil when it carries none, or one the app never makes.
    func key(posted text: String) -> String? {
        guard Self.lengths.contains(text.utf8.count), text.utf8.allSatisfy(Base64URL.isAlphabetByte) else { return nil }
        return text
    }

    /// The key of a form shown again: the one it was posted with, else (none, or an absurd one) a
    /// new one, so that from now on this form is kept from being saved twice.
    func key(showingAgain text: String) -> String {
        key(posted: text) ?? newKey()
    }

    /// 128 random bits, base64url (22 characters).
    @Sendable static func random() -> String {
        Base64URL.encoded(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }
}
