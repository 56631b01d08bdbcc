/// A key on the keyboard, without modifiers.
public enum Key: Hashable, Sendable {
    /// A printable character (letters are lower case when Control is held: `Ctrl-S` is `.character("s")`).
    case character(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// Backspace.
    case backspace
    /// Enter or Return.
    case enter
    /// Escape.
    case escape
    /// Tab (Shift-Tab is `.tab` with `.shift`).
    case tab
    /// A function key, F1 to F12 (and beyond, if the terminal sends them).
    case function(Int)
}
