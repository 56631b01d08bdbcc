/// A way to move the cursor of a `TextEditorState`.
public enum TextMotion: Hashable, Sendable {
    /// One character left (to the end of the previous line at a line start).
    case left
    /// One character right (to the start of the next line at a line end).
    case right
    /// To the start of the word before the cursor.
    case wordLeft
    /// To the end of the word after the cursor.
    case wordRight
    /// To the start of the line.
    case lineStart
    /// To the end of the line.
    case lineEnd
    /// One line up, keeping the display column.
    case up
    /// One line down, keeping the display column.
    case down
    /// One viewport height up.
    case pageUp
    /// One viewport height down.
    case pageDown
    /// To the start of the text.
    case documentStart
    /// To the end of the text.
    case documentEnd
}
