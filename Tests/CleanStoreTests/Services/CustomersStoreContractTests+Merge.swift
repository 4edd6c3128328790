import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Merging two customers, on every store: one transaction, version-checked on both, the merged
/// one's orders moved, nothing deleted, both histories.
extension CustomersStoreContractTests {
    /// Two Janes with an order each: Jane (2) is merged into Jane (1), taking her email from her.
    private func twoJanes(_ stores: CustomerStores.Pair) async throws -> (survivor: Customer, merged: Customer, orders: [String]) {
        let first = CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com")
        let second = CustomerSeeds.order("Jane", "Doe", phone: "", email: "jdoe@example.net", street: "9 Elm St", day: 1)
        var orders: [String] = []
        for order in [first, second] {
            orders.append(try await stores.orders.createOrder(orderToCreate: order, by: nil, at: order.date).id!)
        }
        _ = try await stores.customers.linkOrders(limit: 10, at: now)
        let found = try await stores.customers.fetchCustomers(matching: "doe", after: nil, limit: 5)
        XCTAssertEqual(found.count, 2, stores.name)
        return (found[0], found[1], orders)
    }

    func testAMergeMovesTheOrdersKeepsTheMergedOneAndRecordsItInBothHistories() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let (survivor, other, orders) = try await twoJanes(stores)
            let survivorID = try XCTUnwrap(survivor.id)
            let otherID = try XCTUnwrap(other.id)
            let chosen = CustomerMergeField.taking([.email], from: other, into: survivor)
            let merge = try await stores.customers.mergeCustomers(chosen, merging: otherID, mergedVersion: other.version, by: sue, at: later)

            var expectedSurvivor = survivor
            expectedSurvivor.email = "jdoe@example.net"
            expectedSurvivor.version = survivor.version + 1
            expectedSurvivor.updatedAt = later
            expectedSurvivor.updatedBy = sue
            var expectedMerged = other
            expectedMerged.mergedInto = survivorID
            expectedMerged.version = other.version + 1
            expectedMerged.updatedAt = later
            expectedMerged.updatedBy = sue
            XCTAssertEqual(merge.survivor, expectedSurvivor, name)
            XCTAssertEqual(merge.merged, expectedMerged, name)
            let fetchedSurvivor = try await stores.customers.fetchCustomer(id: survivorID)
            XCTAssertEqual(fetchedSurvivor, expectedSurvivor, name)
            let fetchedMerged = try await stores.customers.fetchCustomer(id: otherID)
            XCTAssertEqual(fetchedMerged, expectedMerged, "\(name): kept, pointing to the survivor")

            let moved = try await stores.customers.fetchOrders(customerID: survivorID, limit: 10)
            XCTAssertEqual(moved.map(\.id), [orders[1], orders[0]], "\(name): both orders are the survivor's")
            let left = try await stores.customers.fetchOrders(customerID: otherID, limit: 10)
            XCTAssertEqual(left, [], name)
            let summaries = try await stores.customers.fetchSummaries(customerIDs: [survivorID, otherID])
            XCTAssertEqual(summaries.keys.sorted(), [survivorID], name)
            XCTAssertEqual(summaries[survivorID]?.count, 2, name)

            let survivorHistory = try await stores.customers.fetchHistory(customerID: survivorID)
            XCTAssertEqual(
                survivorHistory.first,
                CustomerEvent(
                    customerID: survivorID, kind: .merged, by: sue, at: later,
                    changes: [
                        OrderChange(field: "Merged with", old: "", new: "Jane Doe (customer \(otherID))"),
                        OrderChange(field: "Email", old: "jane@example.com", new: "jdoe@example.net"),
                    ]), name)
            let mergedHistory = try await stores.customers.fetchHistory(customerID: otherID)
            XCTAssertEqual(
                mergedHistory.first,
                CustomerEvent(
                    customerID: otherID, kind: .mergedInto, by: sue, at: later,
                    changes: [OrderChange(field: "Merged into", old: "", new: "Jane Doe (customer \(survivorID))")]), name)

            // Found by no search, and shares its contact with no one; the survivor is found by what it took
            let all = try await stores.customers.fetchCustomers(matching: "", after: nil, limit: 10)
            XCTAssertEqual(all, [expectedSurvivor], name)
            let byOldEmail = try await stores.customers.fetchCustomers(matching: "jdoe@example.net", after: nil, limit: 10)
            XCTAssertEqual(byOldEmail, [expectedSurvivor], name)
            let byOrder = try await stores.customers.fetchCustomers(matching: "#\(orders[1])", after: nil, limit: 10)
            XCTAssertEqual(byOrder, [expectedSurvivor], "\(name): the merged one's order finds the survivor")
            let back = try await stores.customers.fetchCustomers(matching: "", before: CustomersCursor(sortName: "zzz", id: 0), limit: 10)
            XCTAssertEqual(back, [expectedSurvivor], name)
            var newcomer = CustomerSeeds.ann
            newcomer.email = "JDOE@example.net"
            let sharing = try await stores.customers.fetchCustomers(sharingContactWith: newcomer)
            XCTAssertEqual(sharing, [expectedSurvivor], name)
        }
    }

    /// A draft started from the merged customer points to the survivor once they are merged (the
    /// draft's copied details and version as they were); a draft of anyone else is left alone. Each
    /// order moved gets one entry in its own history, the order itself not saved again.
    func testAMergeRePointsOpenDraftsAndTellsEachMovedOrdersHistory() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let drafts = try XCTUnwrap(stores.drafts)
            let events = try XCTUnwrap(stores.events)
            let (survivor, other, orders) = try await twoJanes(stores)
            let survivorID = try XCTUnwrap(survivor.id)
            let otherID = try XCTUnwrap(other.id)
            let ann = try await stores.customers.createCustomer(CustomerSeeds.ann, by: sue, at: now)
            let fromOther = try await drafts.updateDraft(
                ref: try await drafts.createDraft(by: sue, at: now).ref, change: .useCustomer(other), by: sue, at: now)
            let fromAnn = try await drafts.updateDraft(
                ref: try await drafts.createDraft(by: sue, at: now).ref, change: .useCustomer(ann), by: sue, at: now)
            XCTAssertEqual(fromOther.customerID, otherID, name)
            let movedBefore = try await stores.orders.fetchOrder(id: orders[1])
            let historyBefore = try await events.fetchEvents(orderID: orders[1])

            let merge = try await stores.customers.mergeCustomers(survivor, merging: otherID, mergedVersion: other.version, by: sue, at: later)

            var expectedDraft = fromOther
            expectedDraft.customerID = survivorID
            let draft = try await drafts.fetchDraft(ref: fromOther.ref)
            XCTAssertEqual(draft, expectedDraft, "\(name): the draft points to the survivor, nothing else changed")
            let annsDraft = try await drafts.fetchDraft(ref: fromAnn.ref)
            XCTAssertEqual(annsDraft, fromAnn, name)

            let entry = OrderEvent(
                orderID: orders[1], kind: .updated, by: sue, at: later,
                changes: [
                    OrderChange(field: "Customer merged", old: "Jane Doe (customer \(otherID))", new: "Jane Doe (customer \(survivorID))")
                ])
            XCTAssertEqual(merge.orderEvent(orderID: orders[1]), entry, name)
            let history = try await events.fetchEvents(orderID: orders[1])
            XCTAssertEqual(history.filter { $0 == entry }.count, 1, "\(name): one entry")
            XCTAssertEqual(history.filter { $0 != entry }, historyBefore, "\(name): and nothing else")
            let moved = try await stores.orders.fetchOrder(id: orders[1])
            var expectedOrder = try XCTUnwrap(movedBefore)
            expectedOrder.customerID = survivorID
            XCTAssertEqual(moved, expectedOrder, "\(name): the order is the survivor's, its version as it was")
            let survivorsOwn = try await events.fetchEvents(orderID: orders[0])
            XCTAssertFalse(survivorsOwn.contains { $0.changes.contains { $0.field == OrderChange.customerMergedField } }, name)
        }
    }

    /// A merge made from a preview older than either customer changes nothing: the conflict names
    /// the one that changed. A merged customer, or a customer merged with itself, cannot be merged.
    func testAMergeIsVersionCheckedOnBothAndWritesNothingWhenRefused() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let (survivor, other, orders) = try await twoJanes(stores)
            let survivorID = try XCTUnwrap(survivor.id)
            let otherID = try XCTUnwrap(other.id)
            var changedOther = other
            changedOther.note = "Changed meanwhile"
            let savedOther = try await stores.customers.updateCustomer(changedOther, by: sue, at: later)
            do {
                _ = try await stores.customers.mergeCustomers(survivor, merging: otherID, mergedVersion: other.version, by: sue, at: later)
                XCTFail("\(name): merged from a stale preview of the other")
            } catch {
                XCTAssertEqual(error, .conflict(current: savedOther), name)
            }
            var stale = survivor
            stale.version = survivor.version - 1
            do {
                _ = try await stores.customers.mergeCustomers(stale, merging: otherID, mergedVersion: savedOther.version, by: sue, at: later)
                XCTFail("\(name): merged from a stale preview of the survivor")
            } catch {
                XCTAssertEqual(error, .conflict(current: survivor), name)
            }
            do {
                _ = try await stores.customers.mergeCustomers(survivor, merging: survivorID, mergedVersion: survivor.version, by: sue, at: later)
                XCTFail("\(name): merged a customer with itself")
            } catch {
                XCTAssertEqual(error, .conflict(current: survivor), name)
            }
            do {
                _ = try await stores.customers.mergeCustomers(survivor, merging: 999, mergedVersion: 1, by: sue, at: later)
                XCTFail("\(name): merged no customer")
            } catch {
                XCTAssertEqual(error, .notFound(id: 999), name)
            }
            // Nothing was written by the refusals
            let unchanged = try await stores.customers.fetchCustomer(id: survivorID)
            XCTAssertEqual(unchanged, survivor, name)
            let stillTheirs = try await stores.customers.fetchOrders(customerID: otherID, limit: 10)
            XCTAssertEqual(stillTheirs.map(\.id), [orders[1]], name)
            let history = try await stores.customers.fetchHistory(customerID: survivorID)
            XCTAssertFalse(history.contains { $0.kind == .merged }, name)

            // Merged once; then neither the merged one nor anyone into it can be merged again
            let merge = try await stores.customers.mergeCustomers(
                survivor, merging: otherID, mergedVersion: savedOther.version, by: sue, at: later)
            do {
                _ = try await stores.customers.mergeCustomers(
                    merge.merged, merging: survivorID, mergedVersion: merge.survivor.version, by: sue, at: later)
                XCTFail("\(name): a merged customer survived a merge")
            } catch {
                XCTAssertEqual(error, .conflict(current: merge.merged), name)
            }
            do {
                _ = try await stores.customers.mergeCustomers(
                    merge.survivor, merging: otherID, mergedVersion: merge.merged.version, by: sue, at: later)
                XCTFail("\(name): a merged customer was merged again")
            } catch {
                XCTAssertEqual(error, .conflict(current: merge.merged), name)
            }
            // An edit of the merged one keeps where it went
            var edit = merge.merged
            edit.mergedInto = nil
            edit.note = "Still merged"
            let edited = try await stores.customers.updateCustomer(edit, by: sue, at: later)
            XCTAssertEqual(edited.mergedInto, survivorID, name)
            let fetched = try await stores.customers.fetchCustomer(id: otherID)
            XCTAssertEqual(fetched?.mergedInto, survivorID, name)
        }
    }
}
