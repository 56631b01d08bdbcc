/// A value type that keeps its fields in a shared copy-on-write box, as the tests of `ValueSemanticsChecks`
/// see it: a base value, one change per stored property, and the stored properties read one by one.
protocol CopyOnWriteSubject: Hashable {
    /// A value with something in every reference-counted field, built anew on each call.
    static func testBase() -> Self
    /// Changes that each alter one stored property; together they alter all of them.
    static var testChanges: [ValueChange<Self>] { get }
    /// Every stored property, in declaration order, to compare without the type's own `==`.
    var storedProperties: [AnyHashable] { get }
    /// The hash a synthesized `hash(into:)` gives: every stored property combined in declaration order.
    var synthesizedHash: Int { get }
}
