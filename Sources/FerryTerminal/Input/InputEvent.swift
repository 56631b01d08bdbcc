/// Everything the terminal can tell the app: keys, mouse, pasted text and size changes.
///
/// Backends decode their input into this type; tests feed it directly (`InMemoryBackend.enqueue`).
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse action.
    case mouse(MouseEvent)
    /// Text pasted in one piece (bracketed paste); never to be read as key presses.
    case paste(String)
    /// The terminal now has this size.
    case resize(Size)

    /// A plain character key press.
    public static func character(_ character: Character) -> InputEvent { .key(KeyEvent(.character(character))) }

    /// A key press of `key` with `modifiers`.
    public static func key(_ key: Key, modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyEvent(key, modifiers: modifiers))
    }

    /// The events of typing `text` character by character.
    public static func typing(_ text: String) -> [InputEvent] {
        text.map { character in
            switch character {
            case "\n", "\r": return .key(.enter)
            case "\t": return .key(.tab)
            default: return .character(character)
            }
        }
    }
}
