/// A postal address in the United States.
public struct Address: Equatable, Sendable {
    public var street1: String
    public var street2: String
    public var city: String
    public var state: String
    public var zip: String

    public init(street1: String, street2: String = "", city: String, state: String, zip: String) {
        self.street1 = street1
        self.street2 = street2
        self.city = city
        self.state = state
        self.zip = zip
    }
}
