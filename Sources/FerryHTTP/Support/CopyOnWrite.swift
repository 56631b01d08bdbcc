/// A value kept in one heap box shared by copies until one of them changes: for the large value types that
/// are handed on several times per request (``HTTPRequest``, ``HTTPResponse``), so that each copy retains
/// one reference instead of every field.
///
/// `==` and `hash(into:)` are the value's (the same box is always equal to itself).
struct CopyOnWrite<Value: Sendable & Hashable>: Sendable, Hashable {
    private var box: Box

    init(_ value: Value) { box = Box(value) }

    /// The value, read in place (a field read does not copy the others); changing it first copies the box
    /// when another copy shares it.
    var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || lhs.box.value == rhs.box.value }

    func hash(into hasher: inout Hasher) { hasher.combine(box.value) }

    /// `@unchecked Sendable`: a box shared by several copies is only read. It is written only through
    /// ``CopyOnWrite/value``'s `_modify`, after making sure this copy is its one owner; a mutation has
    /// exclusive access to that copy, so no other thread can see the box it writes to.
    private final class Box: @unchecked Sendable {
        var value: Value

        init(_ value: Value) { self.value = value }
    }
}
