/// A key press with its modifiers.
///
/// ```swift
/// KeyEvent(.character("s"), modifiers: .control)   // Ctrl-S
/// KeyEvent(.tab, modifiers: .shift)                // Shift-Tab
/// KeyEvent(.character("q"))
/// ```
public struct KeyEvent: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a key event.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Control held with a letter: `KeyEvent.control("c")`.
    public static func control(_ letter: Character) -> KeyEvent {
        KeyEvent(.character(Character(letter.lowercased())), modifiers: .control)
    }

    /// Alt held with a character: `KeyEvent.alt("x")`.
    public static func alt(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .alt) }
}
