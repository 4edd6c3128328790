import Foundation
import XCTest

@testable import CleanStore

/// `APIDoorMiddleware.holdsControlCharacter` answers as percent-decoding the whole text would
/// (Foundation's `removingPercentEncoding`, `+` a space) whether or not the text holds a `%`: the
/// text without one is read as it is, without decoding.
final class APIDoorControlCharacterTests: XCTestCase {
    /// The rule as it reads: decode, then look for C0, DEL or C1.
    private func decodedHoldsControlCharacter(_ text: String) -> Bool {
        let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
        return decoded.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    func testTextWithAndWithoutPercentEncodingIsJudgedAsDecodingItWould() {
        let texts = [
            "/api/v1/orders", "/api/v1/orders/1033334", "q=battery&shipping=twoDay", "q=a+b", "", "q=Müller 東京 🛒",
            "a\tb", "a\u{7F}b", "a\u{85}b", "a\u{9F}b", "a\u{A0}b", "a\u{2028}b", "\u{0}",
            "q=a%C2%84b", "q=%09", "after=%7F", "q=%41", "q=%ZZ", "q=100%", "q=%C2%A0", "q=%E6%9D%B1", "%2F%2f",
        ]
        for text in texts {
            XCTAssertEqual(APIDoorMiddleware.holdsControlCharacter(text), decodedHoldsControlCharacter(text), text.debugDescription)
        }
        XCTAssertTrue(APIDoorMiddleware.holdsControlCharacter("a\tb"))
        XCTAssertTrue(APIDoorMiddleware.holdsControlCharacter("q=a%C2%84b"))
        XCTAssertFalse(APIDoorMiddleware.holdsControlCharacter("/api/v1/orders"))
    }
}
