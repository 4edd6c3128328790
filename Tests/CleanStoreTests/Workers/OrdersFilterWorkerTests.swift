import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class OrdersFilterWorkerTests: XCTestCase {
    let sut = OrdersFilterWorker(timeZone: TimeZone(identifier: "America/New_York")!)

    func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func testNoParametersAreEveryOrderNewestFirst() {
        let result = sut.query(from: OrdersFilterParameters())
        XCTAssertEqual(result.query, .all)
        XCTAssertEqual(result.filters, OrdersFilters())
        XCTAssertTrue(result.filters.isEmpty)
        XCTAssertEqual(result.filters.parameters.map(\.name), [])
        XCTAssertEqual(result.problems, [])
    }

    func testTheSearchIsTrimmedAndBlankIsNone() {
        XCTAssertEqual(sut.query(from: .init(text: "  José Núñez\t")).query.text, "José Núñez")
        XCTAssertNil(sut.query(from: .init(text: " \n ")).query.text)
        XCTAssertEqual(sut.query(from: .init(text: String(repeating: "é", count: 200))).problems, [], "200 characters")
        let tooLong = sut.query(from: .init(text: String(repeating: "é", count: 201)))
        XCTAssertEqual(tooLong.problems, [.textTooLong])
        XCTAssertNil(tooLong.query.text, "Not searched at all")
    }

    func testShippingIsAFormValueAndAnythingElseIsIgnored() {
        XCTAssertEqual(sut.query(from: .init(shipping: "0")).query.shippingSpeed, .standard)
        XCTAssertEqual(sut.query(from: .init(shipping: "2")).query.shippingSpeed, .twoDay)
        for value in ["", "3", "-1", "one", "1.0", " 1"] {
            let result = sut.query(from: .init(shipping: value))
            XCTAssertNil(result.query.shippingSpeed, value)
            XCTAssertEqual(result.problems, [], value)
        }
    }

    func testStatusIsItsNameAndAnythingElseIsIgnored() {
        for status in OrderStatus.allCases {
            XCTAssertEqual(sut.query(from: .init(status: status.rawValue)).query.status, status)
        }
        for value in ["", "Paid", "PAID", "sent", "1"] {
            XCTAssertNil(sut.query(from: .init(status: value)).query.status, value)
        }
        XCTAssertEqual(sut.query(from: .init(status: "shipped")).filters.parameters.map(\.value), ["shipped"])
    }

    func testEverySortAndTheDefault() {
        for (value, sort) in [
            ("date", OrdersQuery.Sort(.date, descending: false)), ("-date", .newestFirst),
            ("name", OrdersQuery.Sort(.name, descending: false)), ("-name", OrdersQuery.Sort(.name, descending: true)),
            ("total", OrdersQuery.Sort(.total, descending: false)), ("-total", OrdersQuery.Sort(.total, descending: true)),
            ("", .newestFirst), ("price", .newestFirst), ("--name", .newestFirst), ("NAME", .newestFirst),
        ] {
            XCTAssertEqual(sut.query(from: .init(sort: value)).query.sort, sort, value)
            XCTAssertEqual(sut.query(from: .init(sort: value)).problems, [], value)
        }
    }

    func testDaysAreTheShopsDaysAndTheLastOneIsIncluded() {
        // New York: EDT (UTC-4) until November 1, 2026, EST (UTC-5) from then on.
        let result = sut.query(from: .init(from: "2026-10-31", to: "11/1/2026"))
        XCTAssertEqual(result.query.createdFrom, utc("2026-10-31T04:00:00Z"))
        XCTAssertEqual(result.query.createdBefore, utc("2026-11-02T05:00:00Z"), "Up to and including November 1")
        XCTAssertEqual(result.filters.from?.iso, "2026-10-31")
        XCTAssertEqual(result.filters.to?.iso, "2026-11-01")
        let one = sut.query(from: .init(from: "2026-11-23", to: "2026-11-23"))
        XCTAssertEqual(one.query.createdFrom, utc("2026-11-23T05:00:00Z"))
        XCTAssertEqual(one.query.createdBefore, utc("2026-11-24T05:00:00Z"), "One whole day")
        XCTAssertEqual(sut.query(from: .init(from: "2028-02-29")).query.createdFrom, utc("2028-02-29T05:00:00Z"), "A leap day")
    }

    func testAValueThatIsNoDayIsLeftOutAndNamed() {
        for typed in ["2026-02-30", "2027-02-29", "2026-13-01", "2026-00-10", "0000-01-01", "26-11-23", "11/23/26", "2026/11/23",
            "yesterday", "2026-11-23T00:00", "٢٠٢٦-١١-٢٣", "2026--11", "10000-01-01"]
        {
            let result = sut.query(from: .init(from: typed))
            XCTAssertNil(result.query.createdFrom, typed)
            XCTAssertEqual(result.problems, [.notADate(.from, typed: typed)], typed)
        }
        let long = String(repeating: "9", count: 100)
        XCTAssertEqual(sut.query(from: .init(to: long)).problems, [.notADate(.to, typed: String(long.prefix(40)))], "Kept short")
    }

    func testALastDayBeforeTheFirstLeavesBothOut() {
        let result = sut.query(from: .init(from: "2026-11-23", to: "2026-11-22"))
        XCTAssertEqual(result.problems, [.toBeforeFrom])
        XCTAssertNil(result.query.createdFrom)
        XCTAssertNil(result.query.createdBefore)
    }

    func testTheFiltersParametersAreTheCanonicalURLState() {
        let result = sut.query(from: .init(text: " jo ", shipping: "1", from: "11/1/2026", to: "2026-11-30", sort: "-date"))
        XCTAssertEqual(
            result.filters.parameters.map { "\($0.name)=\($0.value)" }, ["q=jo", "shipping=1", "from=2026-11-01", "to=2026-11-30"],
            "Trimmed, ISO days, the default sort left out")
        XCTAssertEqual(sut.query(from: .init(sort: "total")).filters.parameters.map { "\($0.name)=\($0.value)" }, ["sort=total"])
    }
}
