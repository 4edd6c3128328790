import Foundation

/// The goods' schema versions (issue 26), after `ordersAndAccountsMigrations`: the catalog, the
/// tax table, order lines and drafts. A version, once released, never changes: add a new one.
extension PostgresAppDatabase {
    static let goodsMigrations: [Migration] = [
        Migration(
            version: 13, name: "products",
            // As SQLite's v14: the catalog and each product's history. `sku` stored trimmed and
            // upper-cased; money in integer cents; a product on an order is archived, never deleted.
            steps: [
                .sql(
                    """
                    CREATE TABLE products (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        sku TEXT NOT NULL,
                        name TEXT NOT NULL,
                        search_text TEXT NOT NULL DEFAULT '',
                        price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
                        taxable BOOLEAN NOT NULL DEFAULT TRUE,
                        track_stock BOOLEAN NOT NULL DEFAULT FALSE,
                        on_hand BIGINT NOT NULL DEFAULT 0,
                        committed BIGINT NOT NULL DEFAULT 0 CHECK (committed >= 0),
                        allow_backorder BOOLEAN NOT NULL DEFAULT FALSE,
                        active BOOLEAN NOT NULL DEFAULT TRUE,
                        version INTEGER NOT NULL DEFAULT 1,
                        created_at DOUBLE PRECISION NOT NULL,
                        created_by_username TEXT,
                        created_by_display_name TEXT,
                        updated_at DOUBLE PRECISION,
                        updated_by_username TEXT,
                        updated_by_display_name TEXT
                    )
                    """),
                .sql("CREATE UNIQUE INDEX products_by_sku ON products (sku)"),
                .sql(
                    """
                    CREATE TABLE product_events (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        product_id BIGINT NOT NULL REFERENCES products (id),
                        kind TEXT NOT NULL,
                        happened_at DOUBLE PRECISION NOT NULL,
                        by_username TEXT,
                        by_display_name TEXT,
                        changes TEXT NOT NULL
                    )
                    """),
                .sql("CREATE INDEX product_events_by_product ON product_events (product_id, happened_at DESC, id DESC)"),
            ]),
        Migration(
            version: 14, name: "tax rates",
            // As SQLite's v15: rates in parts per million, days as `YYYY-MM-DD` text (`ShopDay`).
            steps: [
                .sql(
                    """
                    CREATE TABLE tax_rates (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        region TEXT NOT NULL CHECK (length(region) = 2),
                        postal_prefix TEXT NOT NULL DEFAULT '',
                        rate_ppm BIGINT NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
                        collect BOOLEAN NOT NULL DEFAULT TRUE,
                        shipping_taxable BOOLEAN NOT NULL DEFAULT FALSE,
                        effective_from TEXT NOT NULL,
                        effective_to TEXT,
                        version INTEGER NOT NULL DEFAULT 1,
                        updated_at DOUBLE PRECISION,
                        updated_by_username TEXT,
                        updated_by_display_name TEXT
                    )
                    """),
                .sql("CREATE UNIQUE INDEX tax_rates_by_place ON tax_rates (region, postal_prefix, effective_from)"),
            ]),
        Migration(
            version: 15, name: "order lines and drafts",
            // As SQLite's v16: lines, totals in cents and the rate an order was taxed at; drafts
            // (no card data); the order-number counter, updated in the placing transaction (a
            // sequence would leave gaps when a placing rolls back).
            steps: [
                .sql(
                    """
                    ALTER TABLE orders
                        ADD COLUMN items_recorded BOOLEAN NOT NULL DEFAULT FALSE,
                        ADD COLUMN subtotal_cents BIGINT NOT NULL DEFAULT 0,
                        ADD COLUMN shipping_cents BIGINT NOT NULL DEFAULT 0,
                        ADD COLUMN tax_cents BIGINT NOT NULL DEFAULT 0,
                        ADD COLUMN shipping_tax_cents BIGINT NOT NULL DEFAULT 0,
                        ADD COLUMN tax_region TEXT,
                        ADD COLUMN tax_postal_prefix TEXT,
                        ADD COLUMN tax_rate_ppm BIGINT,
                        ADD COLUMN tax_collect BOOLEAN,
                        ADD COLUMN tax_shipping_taxable BOOLEAN,
                        ADD COLUMN item_count INTEGER NOT NULL DEFAULT 0,
                        ADD COLUMN next_line_number INTEGER NOT NULL DEFAULT 1
                    """),
                .sql("UPDATE orders SET shipping_cents = total_cents"),
                .sql(
                    """
                    CREATE TABLE order_lines (
                        order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
                        line_key TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        product_id BIGINT REFERENCES products (id),
                        sku TEXT NOT NULL,
                        name TEXT NOT NULL,
                        catalog_price_cents BIGINT NOT NULL,
                        unit_price_cents BIGINT NOT NULL,
                        price_reason TEXT,
                        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
                        taxable BOOLEAN NOT NULL,
                        tax_cents BIGINT NOT NULL DEFAULT 0,
                        stock_committed BIGINT NOT NULL DEFAULT 0,
                        PRIMARY KEY (order_id, line_key)
                    )
                    """),
                .sql("CREATE INDEX order_lines_by_product ON order_lines (product_id)"),
                .sql(
                    """
                    CREATE TABLE drafts (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        ref TEXT NOT NULL UNIQUE,
                        first_name TEXT NOT NULL DEFAULT '',
                        last_name TEXT NOT NULL DEFAULT '',
                        phone TEXT NOT NULL DEFAULT '',
                        email TEXT NOT NULL DEFAULT '',
                        shipment_street1 TEXT NOT NULL DEFAULT '',
                        shipment_street2 TEXT NOT NULL DEFAULT '',
                        shipment_city TEXT NOT NULL DEFAULT '',
                        shipment_state TEXT NOT NULL DEFAULT '',
                        shipment_zip TEXT NOT NULL DEFAULT '',
                        shipment_speed INTEGER NOT NULL DEFAULT 0,
                        billing_same BOOLEAN NOT NULL DEFAULT TRUE,
                        billing_street1 TEXT NOT NULL DEFAULT '',
                        billing_street2 TEXT NOT NULL DEFAULT '',
                        billing_city TEXT NOT NULL DEFAULT '',
                        billing_state TEXT NOT NULL DEFAULT '',
                        billing_zip TEXT NOT NULL DEFAULT '',
                        next_line_number INTEGER NOT NULL DEFAULT 1,
                        version INTEGER NOT NULL DEFAULT 1,
                        created_at DOUBLE PRECISION NOT NULL,
                        created_by_username TEXT,
                        created_by_display_name TEXT,
                        updated_at DOUBLE PRECISION NOT NULL,
                        updated_by_username TEXT,
                        updated_by_display_name TEXT
                    )
                    """),
                .sql("CREATE INDEX drafts_by_update ON drafts (updated_at DESC, id DESC)"),
                .sql(
                    """
                    CREATE TABLE draft_lines (
                        draft_id BIGINT NOT NULL REFERENCES drafts (id) ON DELETE CASCADE,
                        line_key TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        product_id BIGINT REFERENCES products (id),
                        sku TEXT NOT NULL,
                        name TEXT NOT NULL,
                        catalog_price_cents BIGINT NOT NULL,
                        unit_price_cents BIGINT NOT NULL,
                        price_reason TEXT,
                        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
                        taxable BOOLEAN NOT NULL,
                        PRIMARY KEY (draft_id, line_key)
                    )
                    """),
                .sql(
                    """
                    CREATE TABLE order_numbers (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        last_number BIGINT NOT NULL
                    )
                    """),
                .sql(
                    """
                    INSERT INTO order_numbers (id, last_number)
                    SELECT 1, GREATEST(COALESCE((SELECT max(id) FROM orders), 0),
                        COALESCE((SELECT last_value FROM pg_sequences
                            WHERE format('%I.%I', schemaname, sequencename) = pg_get_serial_sequence('orders', 'id')), 0))
                    """),
            ]),
    ]
}
