/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(MouseButton)
        /// A button went up.
        case release(MouseButton)
        /// The wheel turned up (content moves down).
        case scrollUp
        /// The wheel turned down.
        case scrollDown
        /// The pointer moved (with a button held, when the terminal reports it).
        case move
    }

    /// What the mouse did.
    public var kind: Kind
    /// The cell under the pointer.
    public var position: Position
    /// Modifier keys held.
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    public init(_ kind: Kind, at position: Position, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    /// The primary (left) button.
    case left
    /// The middle button.
    case middle
    /// The secondary (right) button.
    case right
}
