import Foundation

/// The rules of the item forms of a new order's page: what each form asks for, read as typed, and
/// the change it makes (`DraftChange`'s line cases), or what is wrong with it, field by field. What
/// the order's state allows (new only, its version, stock, a tax rate) is the store's to decide
/// (`OrderLineWrites.itemsChanged`). Not final: tests subclass it into a spy.
class ChangeOrderItemsWorker {
    /// Longest reason for a typed price.
    static let reasonMaximumLength = 200

    enum Checked: Equatable {
        case valid(DraftChange)
        case invalid([ChangeOrderItems.FieldError])
    }

    let catalog: any CatalogLookup

    init(catalog: any CatalogLookup) {
        self.catalog = catalog
    }

    /// The change `form` asks of `order` as stored, or its field errors. Throws when the catalog
    /// cannot be read.
    func check(_ form: ChangeOrderItems.Form, on order: Order) async throws -> Checked {
        switch form {
        case .addLine(let fields): return try await checkAddLine(fields, on: order)
        case .quantities(let fields):
            var quantities: [String: Int] = [:]
            var errors: [ChangeOrderItems.FieldError] = []
            // The order's lines in its order: errors are listed as the page shows the boxes.
            for line in order.lines {
                guard let typed = fields.line[line.key] else { continue }
                if let quantity = Self.quantity(typed.quantity) {
                    quantities[line.key] = quantity
                } else {
                    errors.append(.init(field: ChangeOrderItems.QuantitiesFields.id(key: line.key), problem: .quantity))
                }
            }
            // A key not on the order is the store's to refuse (`.lineNotFound`), as it is told.
            for (key, typed) in fields.line where !order.lines.contains(where: { $0.key == key }) {
                quantities[key] = Self.quantity(typed.quantity) ?? 0
            }
            return errors.isEmpty ? .valid(.quantities(quantities)) : .invalid(errors)
        case .remove(let key, _):
            return .valid(.removeLine(key: key))
        case .price(let key, let fields):
            return checkPrice(fields, key: key, on: order)
        }
    }

    private func checkAddLine(_ fields: ChangeOrderItems.AddLineFields, on order: Order) async throws -> Checked {
        var errors: [ChangeOrderItems.FieldError] = []
        let sku = Product.normalizedSKU(fields.sku)
        var product: Product?
        if sku.isEmpty {
            errors.append(.init(field: "sku", problem: .skuMissing))
        } else if let found = try await catalog.product(sku: sku) {
            if found.active { product = found } else { errors.append(.init(field: "sku", problem: .archived(found.sku))) }
        } else {
            errors.append(.init(field: "sku", problem: .unknownSKU(sku)))
        }
        let quantity = Self.quantity(fields.quantity)
        if quantity == nil { errors.append(.init(field: "quantity", problem: .quantity)) }
        guard errors.isEmpty, let product, let quantity else { return .invalid(errors) }
        let line = OrderLine(
            key: "", productID: product.id, sku: product.sku, name: product.name, catalogPriceCents: product.priceCents,
            quantity: quantity, taxable: product.taxable)
        // The 100 lines and a quantity added to a line already there, as `DraftWrites` decides
        // them for drafts and orders alike: asked here too, so that they are field errors.
        let draft = Draft(ref: order.id ?? "", lines: order.lines, nextLineNumber: order.nextLineNumber, createdAt: order.date)
        do {
            _ = try DraftWrites.applied(.addLine(line), to: draft, by: nil, at: order.date)
        } catch .tooManyLines {
            return .invalid([.init(field: "sku", problem: .tooManyLines)])
        } catch .quantityOutOfRange {
            return .invalid([.init(field: "quantity", problem: .quantity)])
        } catch {
            return .valid(.addLine(line))
        }
        return .valid(.addLine(line))
    }

    private func checkPrice(_ fields: ChangeOrderItems.PriceFields, key: String, on order: Order) -> Checked {
        var errors: [ChangeOrderItems.FieldError] = []
        let cents = Money.cents(from: fields.price)
        if cents == nil { errors.append(.init(field: "price", problem: .price)) }
        let catalogPrice = order.lines.first { $0.key == key }?.catalogPriceCents
        // The catalog's price again needs no reason (the line goes back to it); any other does.
        var reason: String?
        if cents == nil || cents != catalogPrice {
            switch FreeTextRule.check(fields.reason, maximumLength: Self.reasonMaximumLength) {
            case .valid(let text): reason = text
            case .invalid(let problem): errors.append(.init(field: "reason", problem: .reason(problem)))
            }
        }
        guard errors.isEmpty, let cents else { return .invalid(errors) }
        return .valid(.price(key: key, cents: cents, reason: cents == catalogPrice ? nil : reason))
    }

    /// A quantity as typed: digits only (spaces around ignored), 1 to 9,999; nil otherwise.
    static func quantity(_ typed: String) -> Int? {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 4, text.allSatisfy(\.isASCIIDigit), let value = Int(text),
            OrderLine.quantities.contains(value)
        else { return nil }
        return value
    }
}
