// MARK: - Tape entries

extension JSONDocument {
    /// One value of the document, 20 bytes, stored in document order (a node's descendants follow it).
    ///
    /// Offsets point into the original bytes, so no string or number is copied while parsing. A container's
    /// end offset is not stored: it is found from its last descendant (see ``JSONDocument/end(of:)``).
    struct Node: Sendable {
        /// The offset of the value's first byte (the opening quote of a string).
        var start: UInt32
        /// For an object member, the offset of its key's opening quote; for an array element, its index.
        var keyOrIndex: UInt32
        /// The index of the parent node, or `UInt32.max` for the root.
        var parent: UInt32
        /// A scalar's end offset (just past its last byte); a container's subtree size, itself included,
        /// so that its next sibling is at `index + extent`.
        var extent: UInt32
        /// Kind (3 bits), ``Flags`` (4 bits), depth (14 bits), and the child count when below
        /// ``largeChildCount`` (11 bits).
        var info: UInt32

        init(
            start: UInt32, keyOrIndex: UInt32, parent: UInt32, extent: UInt32, kind: JSONNodeKind, flags: UInt8,
            depth: Int
        ) {
            self.start = start
            self.keyOrIndex = keyOrIndex
            self.parent = parent
            self.extent = extent
            info = UInt32(kind.rawValue) | UInt32(flags) << 3 | UInt32(truncatingIfNeeded: depth) << 7
        }

        /// The kind.
        @inline(__always) var kind: JSONNodeKind { JSONNodeKind(rawValue: UInt8(info & 7)) ?? .null }
        /// Whether the node is an array or an object.
        @inline(__always) var isContainer: Bool { info & 7 >= JSONNodeKind.array.rawValue }
        /// The ``Flags`` bits.
        @inline(__always) var flags: UInt8 { UInt8(info >> 3 & 0xF) }
        /// The nesting depth: 0 for the root.
        @inline(__always) var depth: Int { Int(info >> 7 & 0x3FFF) }
        /// The child count, or ``largeChildCount`` when it is kept in ``JSONDocument/largeChildCounts``.
        @inline(__always) var smallChildCount: UInt32 { info >> 21 }
        /// The number of nodes in the subtree.
        @inline(__always) var subtreeCount: Int { isContainer ? Int(extent) : 1 }

        /// Stores a child count that fits in 11 bits, or the marker for a larger one.
        mutating func setSmallChildCount(_ count: UInt32) {
            info = info & 0x1F_FFFF | min(count, largeChildCount) << 21
        }
    }

    /// The marker in ``Node/smallChildCount`` for a count kept in ``JSONDocument/largeChildCounts``.
    static let largeChildCount: UInt32 = 0x7FF

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
