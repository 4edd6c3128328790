import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditProductInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditProductInteractor!
    var presenterSpy: EditProductPresentationLogicSpy!
    var workerSpy: EditProductWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = EditProductWorkerSpy()
        sut = EditProductInteractor(worker: workerSpy)
        presenterSpy = EditProductPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class EditProductPresentationLogicSpy: EditProductPresentationLogic {
        var formResponse: EditProduct.ShowForm.Response?
        var saveResponse: EditProduct.SaveProduct.Response?
        var activeResponse: EditProduct.ChangeActive.Response?
        func presentForm(response: EditProduct.ShowForm.Response) { formResponse = response }
        func presentSavedProduct(response: EditProduct.SaveProduct.Response) { saveResponse = response }
        func presentChangedActive(response: EditProduct.ChangeActive.Response) { activeResponse = response }
    }

    /// The form's rules as they are; the store's answers as set.
    final class EditProductWorkerSpy: EditProductWorker {
        var stored: Product? = EditProductInteractorTests.mug
        var failure: ProductsStoreError?
        var created: [Product] = []
        var updated: [Product] = []
        var by: AccountName?
        var setActive: [(id: Int64, active: Bool, expectedVersion: Int)] = []

        init() { super.init(products: ProductsMemStore(), logger: Logger(label: "test"), now: { Seeds.june30 }) }

        override func fetchProduct(id: Int64) async throws(ProductsStoreError) -> Product? {
            if let failure { throw failure }
            return stored?.id == id ? stored : nil
        }

        override func createProduct(_ product: Product, by: AccountName?) async throws(ProductsStoreError) -> Product {
            if let failure { throw failure }
            created.append(product)
            self.by = by
            var saved = product
            saved.id = 7
            saved.version = 1
            return saved
        }

        override func setActive(id: Int64, active: Bool, expectedVersion: Int, by: AccountName?) async throws(ProductsStoreError) -> Product {
            if let failure { throw failure }
            setActive.append((id, active, expectedVersion))
            var saved = EditProductInteractorTests.mug
            saved.active = active
            saved.version = expectedVersion + 1
            return saved
        }

        override func updateProduct(_ product: Product, by: AccountName?) async throws(ProductsStoreError) -> Product {
            if let failure { throw failure }
            updated.append(product)
            self.by = by
            var saved = product
            saved.version += 1
            return saved
        }
    }

    /// Product 3, version 2, 5 on hand of which 2 committed.
    static let mug = Product(
        id: 3, sku: "MUG-01", name: "Mug", priceCents: 1200, stock: Product.Stock(onHand: 5, committed: 2), version: 2, createdAt: Seeds.june29)
    static let mugForm = EditProduct.ProductFormFields(
        sku: "MUG-01", name: "Mug", price: "12.50", taxable: "on", trackStock: "on", onHand: "5", version: "2")

    // MARK: Show form

    func testANewProductsFormIsTaxedAndEmpty() async {
        await sut.showForm(request: .init(id: nil))
        XCTAssertEqual(presenterSpy.formResponse, .form(id: nil, .init(taxable: "on"), committed: nil))
    }

    func testAStoredProductsFormHoldsItAndItsCommittedCount() async {
        await sut.showForm(request: .init(id: 3))
        XCTAssertEqual(
            presenterSpy.formResponse,
            .form(id: 3, .init(sku: "MUG-01", name: "Mug", price: "12.00", taxable: "on", trackStock: "on", onHand: "5", version: "2"), committed: 2))
        XCTAssertEqual(sut.product, Self.mug)
    }

    func testNoSuchProductOrNoStore() async {
        await sut.showForm(request: .init(id: 4))
        XCTAssertEqual(presenterSpy.formResponse, .notFound)
        workerSpy.failure = .unavailable("down")
        await sut.showForm(request: .init(id: 3))
        XCTAssertEqual(presenterSpy.formResponse, .unavailable)
    }

    // MARK: Save product

    func testAValidNewProductIsCreatedByWhoeverAsks() async {
        let fields = EditProduct.ProductFormFields(sku: "cup-1", name: "Cup", price: "$3", taxable: "on")
        await sut.saveProduct(request: .init(id: nil, fields: fields, by: ProductSeeds.sue))
        XCTAssertEqual(workerSpy.created.map(\.sku), ["CUP-1"])
        XCTAssertEqual(workerSpy.by, ProductSeeds.sue)
        XCTAssertEqual(presenterSpy.saveResponse, .saved(sut.product!, isNew: true))
        XCTAssertEqual(sut.product?.id, 7)
    }

    func testAValidChangeIsAnUpdateAtTheFormsVersion() async {
        await sut.saveProduct(request: .init(id: 3, fields: Self.mugForm, by: nil))
        XCTAssertEqual(workerSpy.updated.map(\.id), [3])
        XCTAssertEqual(workerSpy.updated.map(\.version), [2])
        XCTAssertEqual(workerSpy.updated.map(\.priceCents), [1250])
        XCTAssertEqual(presenterSpy.saveResponse, .saved(sut.product!, isNew: false))
    }

    func testAnInvalidFormReachesNoStore() async {
        let fields = EditProduct.ProductFormFields(sku: "", name: "Cup", price: "3")
        await sut.saveProduct(request: .init(id: nil, fields: fields, by: nil))
        XCTAssertEqual(presenterSpy.saveResponse, .invalid(id: nil, fields, [.init(field: .sku, message: "The SKU is missing")]))
        XCTAssertEqual(workerSpy.created, [])
    }

    func testTheStoresRefusalsAreAnswers() async {
        let other = Product(id: 8, sku: "MUG-01", name: "Other mug", priceCents: 1, createdAt: Seeds.june29)
        for (failure, expected) in [
            (ProductsStoreError.skuTaken(existing: other),
             EditProduct.SaveProduct.Response.invalid(
                id: 3, Self.mugForm, [.init(field: .sku, message: "MUG-01 is the SKU of Other mug already: choose another")])),
            (.conflict(current: Self.mug), .conflict(current: Self.mug, typed: Self.mugForm)),
            (.notFound(id: 3), .notFound),
            (.unavailable("down"), .unavailable(id: 3, Self.mugForm)),
        ] {
            workerSpy.failure = failure
            await sut.saveProduct(request: .init(id: 3, fields: Self.mugForm, by: nil))
            XCTAssertEqual(presenterSpy.saveResponse, expected, "\(failure)")
        }
    }

    // MARK: Archive and restore

    func testArchivingAtTheShownVersion() async {
        await sut.changeActive(request: .init(id: 3, active: false, version: "2", by: ProductSeeds.sue))
        XCTAssertEqual(workerSpy.setActive.map(\.id), [3])
        XCTAssertEqual(workerSpy.setActive.map(\.active), [false])
        XCTAssertEqual(workerSpy.setActive.map(\.expectedVersion), [2])
        XCTAssertEqual(presenterSpy.activeResponse, .changed(sut.product!))
        XCTAssertEqual(sut.product?.active, false)
        await sut.changeActive(request: .init(id: 3, active: true, version: "no", by: nil))
        XCTAssertEqual(workerSpy.setActive.last?.expectedVersion, 0, "a version that is no number is no version")
    }

    func testArchivingRefusals() async {
        for (failure, expected) in [
            (ProductsStoreError.conflict(current: Self.mug), EditProduct.ChangeActive.Response.conflict(current: Self.mug, wanted: false)),
            (.notFound(id: 3), .notFound), (.unavailable("down"), .unavailable),
        ] {
            workerSpy.failure = failure
            await sut.changeActive(request: .init(id: 3, active: false, version: "1", by: nil))
            XCTAssertEqual(presenterSpy.activeResponse, expected, "\(failure)")
        }
    }
}
