import Foundation
import OpenAPIRuntime
import XCTest

@testable import CleanStore

/// The API's date transcoder writes each date exactly as swift-openapi-runtime's
/// `ISO8601DateTranscoder` does (issue 31: it replaced it for speed, not for another format).
final class APIDateTranscoderTests: XCTestCase {
    private let fast = APIDateTranscoder()
    private let standard = ISO8601DateTranscoder()

    func testKnownDatesAreWrittenInUTCWithWholeSeconds() throws {
        XCTAssertEqual(try fast.encode(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(try fast.encode(Date(timeIntervalSince1970: 1_795_825_800)), "2026-11-28T00:30:00Z")
        XCTAssertEqual(try fast.encode(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00Z")
        XCTAssertEqual(try fast.encode(Date(timeIntervalSince1970: -1)), "1969-12-31T23:59:59Z")
    }

    func testEveryDateOfASweepIsWrittenAsTheRuntimesTranscoderWritesIt() throws {
        // A step of 9 days, 7 hours, 13 minutes and 17 seconds from 1900 to 2100 (every weekday,
        // month, leap day and time of day comes round), each at four fractions of a second.
        var seconds = -2_208_902_000.0
        var checked = 0
        while seconds < 4_102_444_800 {
            for fraction in [0.0, 0.25, 0.5, 0.999] {
                let date = Date(timeIntervalSince1970: seconds + fraction)
                XCTAssertEqual(try fast.encode(date), try standard.encode(date), "\(seconds + fraction)")
                checked += 1
            }
            seconds += 9 * 86_400 + 7 * 3600 + 13 * 60 + 17
        }
        XCTAssertGreaterThan(checked, 30_000)
    }

    func testDatesAtTheEdgesOfDaysYearsAndTheArithmeticsRangeAreWrittenAsTheRuntimesTranscoderWritesThem() throws {
        let moments: [Double] = [
            -2_208_902_400, -2_208_902_399, -2_208_988_800, -5_000_000_000,  // around and before 1900
            253_402_127_999, 253_402_128_000, 253_402_300_799,  // the end of 9999
            -86_400, -86_399, -0.5, 86_399.999, 86_400, 946_684_799, 946_684_800, 4_107_542_399,
        ]
        for seconds in moments {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(try fast.encode(date), try standard.encode(date), "\(seconds)")
        }
    }

    func testADateIsReadAsTheRuntimesTranscoderReadsIt() throws {
        XCTAssertEqual(try fast.decode("2026-11-28T00:30:00Z"), Date(timeIntervalSince1970: 1_795_825_800))
        XCTAssertEqual(try fast.decode("2026-11-28T01:30:00+01:00"), Date(timeIntervalSince1970: 1_795_825_800))
        XCTAssertThrowsError(try fast.decode("28 November 2026"))
    }
}
