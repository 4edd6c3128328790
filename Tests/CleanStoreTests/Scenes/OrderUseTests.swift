import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The one rule of who may do what with orders, and the status form's reading of what it asks.
final class OrderUseTests: XCTestCase {
    func testEachUseNeedsItsPermission() {
        let table: [(OrderUse, Permission)] = [
            (.view, .viewOrders), (.create, .changeOrders), (.edit, .changeOrders), (.addNote, .changeOrders),
            (.changeStatus(.markPaid), .changeOrders), (.changeStatus(.markPacked), .changeOrders),
            (.changeStatus(.markShipped), .changeOrders), (.changeStatus(nil), .changeOrders),
            // The status form's door lets in whoever may cancel some order: a clerk, a new one.
            (.changeStatus(.cancel), .changeOrders), (.cancel(from: .new), .changeOrders), (.cancel(from: .paid), .cancelOrders),
            (.cancel(from: .packed), .cancelOrders), (.requestCancellation, .changeOrders), (.decideCancellation, .cancelOrders),
            (.delete, .deleteOrders), (.viewDeletedHistory, .deleteOrders),
            (.export, .exportOrders), (.viewCatalog, .viewOrders), (.viewTaxRates, .viewOrders), (.changeTaxRates, .changeTaxRates), (.changeCatalog, .changeCatalog),
            (.viewCustomers, .viewOrders), (.changeCustomers, .changeOrders), (.mergeCustomers, .manageCustomers),
            (.manageWebhooks, .manageAccounts),
        ]
        for (use, permission) in table {
            XCTAssertEqual(use.permission, permission, "\(use)")
            for role in AccountRole.allCases {
                XCTAssertEqual(SignedIn(name: testAccount.name, role: role).may(use), role.may(permission), "\(role) \(use)")
            }
            XCTAssertFalse(SignedIn?.none.may(use), "No one signed in may \(use)")
        }
    }

    /// Supervisors alone merge customers; clerks and viewers may not.
    func testOnlySupervisorsMayMergeCustomers() {
        XCTAssertEqual(AccountRole.allCases.filter { $0.may(.manageCustomers) }, [.supervisor])
    }

    func testTheStatusFormAsksForItsActionOrForNoKnownChange() {
        typealias Fields = ChangeOrderStatus.StatusFormFields
        for action in OrderStatus.Action.allCases {
            let fields = Fields(action: action.rawValue, version: "3")
            XCTAssertEqual(fields.use, .changeStatus(action))
            XCTAssertEqual(fields.change?.action, action)
            XCTAssertEqual(fields.change?.version, 3)
        }
        // A form that is none of ours asks for no known change: the scene answers it 400.
        for fields in [
            Fields(), Fields(action: "fly", version: "1"), Fields(action: "cancel"), Fields(action: "cancel", version: "x"),
            Fields(action: "CANCEL", version: "1"),
        ] {
            XCTAssertEqual(fields.use, .changeStatus(nil), "\(fields)")
            XCTAssertNil(fields.change, "\(fields)")
        }
    }
}
