import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The tax table, one contract on every store (memory, SQLite, PostgreSQL): `TaxRatesStoreProtocol`'s
/// doc comment, with the rules of `TaxRateWrites`.
final class TaxRatesStoreContractTests: TemporaryDirectoryTestCase {
    /// Fresh, empty stores of every kind, by name.
    func makeStores() async throws -> [(String, any TaxRatesStoreProtocol)] {
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("tax-\(UUID().uuidString).sqlite").path)
        let postgres = try await TestPostgres.makeStore(for: self)
        return [
            ("memory", TaxRatesMemStore()),
            ("SQLite", TaxRatesSQLiteStore(database: sqlite.database)),
            ("PostgreSQL", TaxRatesPostgresStore(database: postgres.database)),
        ]
    }

    static let sue = AccountSeeds.sue.name
    static let t1 = Seeds.june29
    static let t2 = Seeds.june30

    static func day(_ text: String) -> ShopDay { ShopDay(text)! }

    static func rate(
        _ region: String, _ prefix: String = "", ppm: Int64, collect: Bool = true, shipping: Bool = false, from: String = "2020-01-01",
        to: String? = nil
    ) -> TaxRate {
        TaxRate(
            region: region, postalPrefix: prefix, ratePPM: ppm, collect: collect, shippingTaxable: shipping, effectiveFrom: day(from),
            effectiveTo: to.map(day))
    }

    // MARK: Tests

    func testARateIsKeptAsGivenAndListedByRegionPrefixAndFirstDay() async throws {
        for (name, store) in try await makeStores() {
            // Given: rates added out of order
            let nyc = try await store.createRate(Self.rate("NY", "100", ppm: 88_750, shipping: true), by: Self.sue, at: Self.t1)
            let oregon = try await store.createRate(Self.rate("OR", ppm: 0, collect: false), by: nil, at: Self.t1)
            let ny2026 = try await store.createRate(Self.rate("NY", ppm: 41_000, from: "2026-01-01"), by: Self.sue, at: Self.t1)
            let ny = try await store.createRate(Self.rate("NY", ppm: 40_000, from: "2020-01-01", to: "2025-12-31"), by: Self.sue, at: Self.t1)

            // Then: each as given, version 1, an id of its own
            var expected = Self.rate("NY", "100", ppm: 88_750, shipping: true)
            expected.id = nyc.id
            XCTAssertEqual(nyc, expected, name)
            XCTAssertEqual(Set([nyc.id, oregon.id, ny2026.id, ny.id].compactMap { $0 }).count, 4, name)
            XCTAssertEqual([nyc, oregon, ny2026, ny].map(\.version), [1, 1, 1, 1], name)
            XCTAssertEqual(ny.effectiveTo, Self.day("2025-12-31"), name)
            XCTAssertFalse(oregon.collect, name)

            // And: listed by region, prefix and first day
            let all = try await store.fetchRates()
            XCTAssertEqual(all, [ny, ny2026, nyc, oregon], name)
            let newYork = try await store.fetchRates(region: "NY")
            XCTAssertEqual(newYork, [ny, ny2026, nyc], name)
            let none = try await store.fetchRates(region: "TX")
            XCTAssertEqual(none, [], name)
            let fetched = try await store.fetchRate(id: try XCTUnwrap(nyc.id))
            XCTAssertEqual(fetched, nyc, name)
            let missing = try await store.fetchRate(id: 999_999)
            XCTAssertNil(missing, name)
        }
    }

    func testOneRatePerRegionPrefixAndFirstDay() async throws {
        for (name, store) in try await makeStores() {
            let first = try await store.createRate(Self.rate("CA", "94", ppm: 86_250), by: nil, at: Self.t1)
            do {
                _ = try await store.createRate(Self.rate("CA", "94", ppm: 90_000), by: nil, at: Self.t2)
                XCTFail("\(name): a second rate at the same place")
            } catch {
                XCTAssertEqual(error, .placeTaken(existing: first), name)
            }
            // Another first day, another prefix or another state is another place
            _ = try await store.createRate(Self.rate("CA", "94", ppm: 90_000, from: "2026-07-01"), by: nil, at: Self.t2)
            _ = try await store.createRate(Self.rate("CA", "941", ppm: 90_000), by: nil, at: Self.t2)
            _ = try await store.createRate(Self.rate("NV", "94", ppm: 90_000), by: nil, at: Self.t2)
            let count = try await store.fetchRates().count
            XCTAssertEqual(count, 4, name)
        }
    }

    func testARateThatBreaksTheRulesIsRefusedWithEveryProblem() async throws {
        let refused: [(TaxRate, [TaxRateProblem])] = [
            (Self.rate("ny", ppm: 40_000), [.region]),
            (Self.rate("XX", ppm: 40_000), [.region]),
            (Self.rate("N", ppm: 40_000), [.region]),
            (Self.rate("NY", "100001", ppm: 40_000), [.postalPrefix]),
            (Self.rate("NY", "10a", ppm: 40_000), [.postalPrefix]),
            (Self.rate("NY", "１００", ppm: 40_000), [.postalPrefix]),
            (Self.rate("NY", ppm: 1_000_001), [.rate]),
            (Self.rate("NY", ppm: -1), [.rate]),
            (Self.rate("NY", ppm: 40_000, from: "2026-01-02", to: "2026-01-01"), [.effectiveTo]),
            (Self.rate("Q1", "1-2", ppm: -5, from: "2026-01-02", to: "2026-01-01"), [.region, .postalPrefix, .rate, .effectiveTo]),
        ]
        for (name, store) in try await makeStores() {
            for (rate, problems) in refused {
                do {
                    _ = try await store.createRate(rate, by: nil, at: Self.t1)
                    XCTFail("\(name): \(rate) stored")
                } catch {
                    XCTAssertEqual(error, .invalid(problems), "\(name): \(rate)")
                }
            }
            // The bounds are kept: 0 % and 100 %, five digits, one day
            _ = try await store.createRate(Self.rate("PR", "00901", ppm: 1_000_000, from: "2026-01-01", to: "2026-01-01"), by: nil, at: Self.t1)
            _ = try await store.createRate(Self.rate("DC", ppm: 0), by: nil, at: Self.t1)
            let all = try await store.fetchRates()
            XCTAssertEqual(all.map(\.region), ["DC", "PR"], name)
        }
    }

    func testAnUpdateIsVersionChecked() async throws {
        for (name, store) in try await makeStores() {
            // Given: a rate two supervisors open at version 1
            let stored = try await store.createRate(Self.rate("TX", ppm: 62_500), by: nil, at: Self.t1)

            // When: one saves a change
            var first = stored
            first.ratePPM = 63_000
            first.shippingTaxable = true
            let saved = try await store.updateRate(first, by: Self.sue, at: Self.t2)
            XCTAssertEqual(saved.version, 2, name)
            XCTAssertEqual(saved.id, stored.id, name)
            XCTAssertEqual(saved.ratePPM, 63_000, name)
            let fetched = try await store.fetchRate(id: stored.id!)
            XCTAssertEqual(fetched, saved, name)

            // Then: the other's save from version 1 is refused with the rate as stored
            var second = stored
            second.ratePPM = 70_000
            do {
                _ = try await store.updateRate(second, by: nil, at: Self.t2)
                XCTFail("\(name): a stale save went through")
            } catch {
                XCTAssertEqual(error, .conflict(current: saved), name)
            }
            let after = try await store.fetchRate(id: stored.id!)
            XCTAssertEqual(after, saved, name)
        }
    }

    func testAnUpdateOfNoRateOrToATakenPlaceOrBreakingTheRulesIsRefused() async throws {
        for (name, store) in try await makeStores() {
            let state = try await store.createRate(Self.rate("WA", ppm: 65_000), by: nil, at: Self.t1)
            let seattle = try await store.createRate(Self.rate("WA", "981", ppm: 103_500), by: nil, at: Self.t1)

            var ghost = state
            ghost.id = 999_999
            do {
                _ = try await store.updateRate(ghost, by: nil, at: Self.t2)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .notFound(id: 999_999), name)
            }

            var moved = seattle
            moved.postalPrefix = ""
            do {
                _ = try await store.updateRate(moved, by: nil, at: Self.t2)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .placeTaken(existing: state), name)
            }

            var broken = seattle
            broken.ratePPM = 2_000_000
            do {
                _ = try await store.updateRate(broken, by: nil, at: Self.t2)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .invalid([.rate]), name)
            }

            // Moving a rate to a free place (another first day) keeps its id
            var later = seattle
            later.effectiveFrom = Self.day("2026-04-01")
            let saved = try await store.updateRate(later, by: nil, at: Self.t2)
            XCTAssertEqual(saved.id, seattle.id, name)
            let all = try await store.fetchRates()
            XCTAssertEqual(all, [state, saved], name)
        }
    }

    func testAnImportAddsOrReplacesByPlaceAndLeavesTheSameAlone() async throws {
        for (name, store) in try await makeStores() {
            // Given: a table with NY's state rate and NYC's
            let ny = try await store.createRate(Self.rate("NY", ppm: 40_000), by: nil, at: Self.t1)
            let nyc = try await store.createRate(Self.rate("NY", "100", ppm: 88_750), by: nil, at: Self.t1)

            // When: a file holds NY as it is, NYC changed, and two new rates
            let counts = try await store.importRates(
                [Self.rate("NY", ppm: 40_000), Self.rate("NY", "100", ppm: 88_875, shipping: true), Self.rate("TX", ppm: 62_500),
                 Self.rate("OR", ppm: 0, collect: false)],
                by: Self.sue, at: Self.t2)

            // Then
            XCTAssertEqual(counts.added, 2, name)
            XCTAssertEqual(counts.updated, 1, name)
            let all = try await store.fetchRates()
            XCTAssertEqual(all.map(\.region), ["NY", "NY", "OR", "TX"], name)
            XCTAssertEqual(all[0], ny, "\(name): the same rate is left alone, its version too")
            var replaced = Self.rate("NY", "100", ppm: 88_875, shipping: true)
            replaced.id = nyc.id
            replaced.version = 2
            XCTAssertEqual(all[1], replaced, name)
            XCTAssertEqual(all[2].version, 1, name)
        }
    }

    func testAnImportWithOneBadRowChangesNothing() async throws {
        for (name, store) in try await makeStores() {
            let ny = try await store.createRate(Self.rate("NY", ppm: 40_000), by: nil, at: Self.t1)
            do {
                _ = try await store.importRates(
                    [Self.rate("NY", ppm: 45_000), Self.rate("TX", ppm: 62_500), Self.rate("ZZ", ppm: 1)], by: nil, at: Self.t2)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .invalid([.region]), name)
            }
            let all = try await store.fetchRates()
            XCTAssertEqual(all, [ny], "\(name): the rows before the bad one were rolled back")
        }
    }

    func testAtOnceOnlyOneRateTakesAPlaceAndOneSaveWinsAVersion() async throws {
        for (name, store) in try await makeStores() {
            // Given: 8 supervisors adding a rate at the same place at the same instant
            let created = await withTaskGroup(of: Result<TaxRate, TaxRatesStoreError>.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        do throws(TaxRatesStoreError) {
                            return .success(try await store.createRate(Self.rate("FL", ppm: 60_000 + Int64(index)), by: nil, at: Self.t1))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                var results: [Result<TaxRate, TaxRatesStoreError>] = []
                for await result in group { results.append(result) }
                return results
            }
            // Then: one is added, seven are told which rate holds the place
            let added = created.compactMap { try? $0.get() }
            XCTAssertEqual(added.count, 1, name)
            let winner = try XCTUnwrap(added.first)
            for case .failure(let error) in created {
                XCTAssertEqual(error, .placeTaken(existing: winner), name)
            }

            // When: 8 save a change from version 1 at once
            let saves = await withTaskGroup(of: Result<TaxRate, TaxRatesStoreError>.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        var edit = winner
                        edit.ratePPM = 70_000 + Int64(index)
                        do throws(TaxRatesStoreError) {
                            return .success(try await store.updateRate(edit, by: nil, at: Self.t2))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                var results: [Result<TaxRate, TaxRatesStoreError>] = []
                for await result in group { results.append(result) }
                return results
            }
            // Then: exactly one is saved (version 2); the others see it
            let saved = saves.compactMap { try? $0.get() }
            XCTAssertEqual(saved.count, 1, name)
            XCTAssertEqual(saved.first?.version, 2, name)
            let current = try XCTUnwrap(saved.first)
            for case .failure(let error) in saves {
                XCTAssertEqual(error, .conflict(current: current), name)
            }
        }
    }
}
