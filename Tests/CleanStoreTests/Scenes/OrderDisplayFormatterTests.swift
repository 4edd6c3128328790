import Foundation
import XCTest

@testable import CleanStore

/// The presenters' formats are en_US's: the same text as Foundation's formatters give.
final class OrderDisplayFormatterTests: XCTestCase {
    func testDatesAreEnUSShortDates() {
        for zone in ["UTC", "America/Los_Angeles", "Asia/Tokyo"] {
            let timeZone = TimeZone(identifier: zone)!
            let sut = OrderDisplayFormatter(timeZone: timeZone)
            let reference = DateFormatter()
            reference.locale = Locale(identifier: "en_US")
            reference.timeZone = timeZone
            reference.dateStyle = .short
            reference.timeStyle = .none
            for seconds in stride(from: 0.0, to: 4_000_000_000, by: 7_777_777.7) {
                let date = Date(timeIntervalSince1970: seconds)
                XCTAssertEqual(sut.date(date), reference.string(from: date), "\(zone) \(seconds)")
            }
        }
        XCTAssertEqual(OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!).date(Seeds.june29), "6/29/07")
    }

    func testAmountsAreEnUSCurrency() {
        let sut = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        let reference = NumberFormatter()
        reference.locale = Locale(identifier: "en_US")
        reference.numberStyle = .currency
        let amounts = ["0", "0.00", "1.11", "9.99", "19.99", "0.005", "0.015", "0.025", "1234.5", "1000", "999.999",
                       "1234567.891", "-1", "-0.5", "100000000", "0.1", "12.345"]
        for text in amounts {
            let amount = Decimal(string: text)!
            XCTAssertEqual(sut.currency(amount), reference.string(from: amount as NSDecimalNumber), text)
        }
        XCTAssertEqual(sut.currency(Decimal(string: "1.11")!), "$1.11")
    }

    func testTimesAreHoursAndMinutesWithAMOrPMAndMachineTimesCarryTheShopsOffset() {
        for zone in ["UTC", "America/Los_Angeles", "Asia/Kolkata"] {
            let timeZone = TimeZone(identifier: zone)!
            let sut = OrderDisplayFormatter(timeZone: timeZone)
            func reference(_ format: String) -> DateFormatter {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = timeZone
                formatter.dateFormat = format
                return formatter
            }
            let time = reference("h:mm a")
            let machine = reference("yyyy-MM-dd'T'HH:mm:ssxxx")
            for seconds in stride(from: 0.0, to: 4_000_000_000, by: 7_777_777.7) {
                let date = Date(timeIntervalSince1970: seconds.rounded())
                XCTAssertEqual(sut.time(date), time.string(from: date), "\(zone) \(seconds)")
                XCTAssertEqual(sut.machineDateTime(date), machine.string(from: date), "\(zone) \(seconds)")
            }
        }
        let sut = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(sut.dateAndTime(Seeds.june29), "6/29/07 at 6:00 AM")
        XCTAssertEqual(sut.dateAndTime(Seeds.june29.addingTimeInterval(6 * 3600 + 60)), "6/29/07 at 12:01 PM")
        XCTAssertEqual(sut.time(Seeds.june29.addingTimeInterval(-6 * 3600)), "12:00 AM")
    }

    func testPeopleAreNamedByDisplayNameAndUsername() {
        let sut = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(sut.accountName(AccountName(username: "sue", displayName: "Sue Super")), "Sue Super (sue)")
        XCTAssertEqual(sut.accountName(AccountName(username: "sue", displayName: "sue")), "sue", "Not twice")
    }
}
