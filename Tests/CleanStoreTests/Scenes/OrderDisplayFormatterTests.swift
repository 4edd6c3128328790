import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The presenters' formats are en_US's: the same text as Foundation's formatters give.
final class OrderDisplayFormatterTests: XCTestCase {
    func testListDatesAreDayShortMonthAndYearInTheShopsTimeZone() {
        for zone in ["UTC", "America/Los_Angeles", "Asia/Tokyo"] {
            let timeZone = TimeZone(identifier: zone)!
            let sut = OrderDisplayFormatter(timeZone: timeZone)
            let reference = DateFormatter()
            reference.locale = Locale(identifier: "en_US_POSIX")
            reference.timeZone = timeZone
            reference.dateFormat = "d MMM yyyy"
            for seconds in stride(from: 0.0, to: 4_000_000_000, by: 7_777_777.7) {
                let date = Date(timeIntervalSince1970: seconds)
                XCTAssertEqual(sut.shortDate(date), reference.string(from: date), "\(zone) \(seconds)")
            }
        }
        let utc = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(utc.shortDate(Seeds.june29), "29 Jun 2007")
        XCTAssertEqual(utc.shortDateAndTime(Seeds.june29), "29 Jun 2007, 6am")
        XCTAssertEqual(utc.shortDateAndTime(Seeds.june29.addingTimeInterval(8 * 3600 + 5 * 60)), "29 Jun 2007, 2:05pm")
        XCTAssertEqual(
            OrderDisplayFormatter(timeZone: TimeZone(identifier: "America/Los_Angeles")!).shortDateAndTime(Seeds.june29),
            "28 Jun 2007, 11pm", "The shop's day, not the server's")
    }

    func testAmountsAreEnUSCurrency() {
        let sut = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        let reference = NumberFormatter()
        reference.locale = Locale(identifier: "en_US")
        reference.numberStyle = .currency
        let amounts = ["0", "0.00", "1.11", "9.99", "19.99", "0.005", "0.015", "0.025", "1234.5", "1000", "999.999",
                       "1234567.891", "-1", "-0.5", "100000000", "0.1", "12.345", "999999999999.994", "999999999999.996",
                       "1000000000000", "-1000000000000.5", "0.05"]
        for text in amounts {
            let amount = Decimal(string: text)!
            XCTAssertEqual(sut.currency(amount), reference.string(from: amount as NSDecimalNumber), text)
        }
        XCTAssertEqual(sut.currency(Decimal(string: "1.11")!), "$1.11")
    }

    func testMachineTimesCarryTheShopsOffset() {
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
            let machine = reference("yyyy-MM-dd'T'HH:mm:ssxxx")
            for seconds in stride(from: 0.0, to: 4_000_000_000, by: 7_777_777.7) {
                let date = Date(timeIntervalSince1970: seconds.rounded())
                XCTAssertEqual(sut.machineDateTime(date), machine.string(from: date), "\(zone) \(seconds)")
            }
        }
    }

    /// The wall clock by arithmetic (`OrderDisplayFormatter.clock`) is the calendar's, in zones with
    /// and without summer time, a half-hour offset, on both sides of a change of the clocks, before
    /// 1970, at fractions of a second, and (asking the calendar) outside 1900–9999.
    func testTheShopsWallClockIsTheCalendars() {
        let moments: [Double] = Array(stride(from: -2_000_000_000.0, to: 4_000_000_000, by: 3_333_333.3))
            + [0, -0.5, 0.999, -1, 86_399.5, 1_710_054_000, 1_710_053_999, 1_730_613_600, 1_730_617_200, 1_730_620_799,
               -2_208_988_800, -2_208_902_401, -5_000_000_000, -12_219_292_800, 253_402_300_799, 300_000_000_000]
        for zone in ["UTC", "America/Los_Angeles", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe"] {
            let timeZone = TimeZone(identifier: zone)!
            let sut = OrderDisplayFormatter(timeZone: timeZone)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            for seconds in moments {
                let date = Date(timeIntervalSince1970: seconds)
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let clock = sut.clock(date)
                let expected = OrderDisplayFormatter.ClockParts(
                    year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!,
                    second: parts.second!, offsetMinutes: timeZone.secondsFromGMT(for: date) / 60)
                XCTAssertEqual(clock, expected, "\(zone) \(seconds)")
            }
        }
        XCTAssertEqual(OrderDisplayFormatter.fourDigits(42), "0042")
        XCTAssertEqual(OrderDisplayFormatter.fourDigits(2026), "2026")
        XCTAssertEqual(OrderDisplayFormatter.fourDigits(12026), "12026")
        XCTAssertEqual(OrderDisplayFormatter.twoDigits(0), "00")
        XCTAssertEqual(OrderDisplayFormatter.twoDigits(7), "07")
        XCTAssertEqual(OrderDisplayFormatter.twoDigits(99), "99")
        XCTAssertEqual(OrderDisplayFormatter.twoDigits(123), "123")
        XCTAssertEqual(OrderDisplayFormatter.twoDigits(-5), "-5")
        let utc = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(utc.expirationDate(ExpirationDate(year: 2031, month: 3)), "03/31")
        XCTAssertEqual(utc.expirationDate(ExpirationDate(year: 2100, month: 12)), "12/00")
        XCTAssertEqual(utc.machineDate(Date(timeIntervalSince1970: -0.5)), "1969-12-31")
    }

    func testLongDatesAreDayMonthInWordsAndYearInTheShopsTimeZone() {
        for zone in ["UTC", "America/Los_Angeles", "Asia/Tokyo"] {
            let timeZone = TimeZone(identifier: zone)!
            let sut = OrderDisplayFormatter(timeZone: timeZone)
            let reference = DateFormatter()
            reference.locale = Locale(identifier: "en_US_POSIX")
            reference.timeZone = timeZone
            reference.dateFormat = "d MMMM yyyy"
            for seconds in stride(from: 0.0, to: 4_000_000_000, by: 7_777_777.7) {
                let date = Date(timeIntervalSince1970: seconds)
                XCTAssertEqual(sut.longDate(date), reference.string(from: date), "\(zone) \(seconds)")
            }
        }
        let utc = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(utc.longDate(Seeds.june29), "29 June 2007")
        XCTAssertEqual(utc.longDate(Date(timeIntervalSince1970: 1_795_392_000)), "23 November 2026")
        XCTAssertEqual(utc.longDate(Date(timeIntervalSince1970: 1_780_358_400)), "2 June 2026", "No leading zero")
        let losAngeles = OrderDisplayFormatter(timeZone: TimeZone(identifier: "America/Los_Angeles")!)
        XCTAssertEqual(losAngeles.longDate(Seeds.june29), "28 June 2007", "06:00 UTC is the evening before in the shop")
    }

    func testClockTimesAreGOVUKStyle() {
        let sut = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        let midnight = Seeds.june29.addingTimeInterval(-6 * 3600)
        func at(_ hours: Double, _ minutes: Double = 0) -> String {
            sut.clockTime(midnight.addingTimeInterval(hours * 3600 + minutes * 60))
        }
        XCTAssertEqual(at(0), "midnight")
        XCTAssertEqual(at(0, 1), "12:01am")
        XCTAssertEqual(at(6), "6am", "No :00")
        XCTAssertEqual(at(9, 5), "9:05am")
        XCTAssertEqual(at(12), "midday")
        XCTAssertEqual(at(12, 30), "12:30pm")
        XCTAssertEqual(at(14, 5), "2:05pm")
        XCTAssertEqual(at(23, 59), "11:59pm")
        XCTAssertEqual(sut.longDateAndTime(midnight.addingTimeInterval(14 * 3600 + 5 * 60)), "29 June 2007 at 2:05pm")
        // Every minute of a day, against en_US_POSIX's 12-hour clock.
        let reference = DateFormatter()
        reference.locale = Locale(identifier: "en_US_POSIX")
        reference.timeZone = TimeZone(identifier: "UTC")!
        reference.dateFormat = "h:mma"
        for minute in stride(from: 0.0, to: 24 * 60, by: 1) {
            let date = midnight.addingTimeInterval(minute * 60)
            let expected = reference.string(from: date).lowercased().replacingOccurrences(of: ":00", with: "")
            XCTAssertEqual(sut.clockTime(date), ["12am": "midnight", "12pm": "midday"][expected] ?? expected)
        }
    }

    func testACardIsMaskedToItsLastFourDigitsAndAnUnreadableOneSaysSo() {
        let formatter = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        let card = Seeds.Orders.amy.paymentMethod
        XCTAssertEqual(formatter.maskedCardNumber(card), "•••• 1111")
        XCTAssertEqual(formatter.lastFourDigits(card), "1111")
        let unreadable = PaymentMethod.unreadableCard(expirationDate: card.expirationDate)
        XCTAssertEqual(formatter.maskedCardNumber(unreadable), "card unreadable")
        XCTAssertEqual(formatter.lastFourDigits(unreadable), "card unreadable")
    }

    func testPeopleAreNamedByDisplayNameAndUsername() {
        let sut = OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(sut.accountName(AccountName(username: "sue", displayName: "Sue Super")), "Sue Super (sue)")
        XCTAssertEqual(sut.accountName(AccountName(username: "sue", displayName: "sue")), "sue", "Not twice")
    }
}
