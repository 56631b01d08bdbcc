// MARK: - Tape entries

extension JSONDocument {
    /// One value of the document, 28 bytes, stored in document order (a node's descendants follow it).
    ///
    /// Offsets point into the original bytes, so no string or number is copied while parsing.
    struct Node: Sendable {
        /// The offset of the value's first byte (the opening quote of a string).
        var start: UInt32
        /// The offset just past the value's last byte.
        var end: UInt32
        /// For an object member, the offset of its key's opening quote; for an array element, its index.
        var keyOrIndex: UInt32
        /// The index of the parent node, or `UInt32.max` for the root.
        var parent: UInt32
        /// The number of nodes in this subtree, the node itself included: the next sibling is at `index + subtreeCount`.
        var subtreeCount: UInt32
        /// The number of direct children.
        var childCount: UInt32
        /// Nesting depth: 0 for the root.
        var depth: UInt16
        /// ``JSONNodeKind`` raw value.
        var kind: UInt8
        /// ``Flags``.
        var flags: UInt8
    }

    /// Bits of ``Node/flags``.
    enum Flags {
        /// The string value contains backslash escapes.
        static let valueHasEscapes: UInt8 = 1
        /// The key contains backslash escapes.
        static let keyHasEscapes: UInt8 = 2
        /// The number has no fraction and no exponent.
        static let isInteger: UInt8 = 4
        /// The boolean is `true`.
        static let isTrue: UInt8 = 8
    }

    /// The parent value of no node.
    static let noParent = UInt32.max
}
