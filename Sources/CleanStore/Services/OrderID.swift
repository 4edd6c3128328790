/// Order ids as the database stores them: positive integer keys.
enum OrderID {
    /// The key an id names, or nil when it names no order (letters, signs, overflow, empty).
    static func rowID(_ id: String) -> Int64? {
        guard !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber), let value = Int64(id) else {
            return nil
        }
        return value
    }
}
