import Testing

/// One change to one stored property of a value (a request or a response), replacing it or mutating it in
/// place.
struct ValueChange<Value>: Sendable, CustomTestStringConvertible {
    /// The property changed, and how.
    let property: String
    /// Makes the change.
    let apply: @Sendable (inout Value) -> Void

    var testDescription: String { property }

    init(_ property: String, _ apply: @escaping @Sendable (inout Value) -> Void) {
        self.property = property
        self.apply = apply
    }
}
