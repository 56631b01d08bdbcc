/// One screen cell: a grapheme and the style it is drawn in.
///
/// A wide character (CJK, most emoji) occupies two cells: the first holds the character, the second is a
/// *continuation* cell that holds nothing of its own and is never drawn by itself.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn in this cell (a space for an empty cell).
    public var character: Character
    /// The colours and modifiers of the cell.
    public var style: Style
    /// Whether this cell is the right half of a wide character drawn in the cell to its left.
    public var isContinuation: Bool

    /// Creates a cell holding `character` in `style`.
    public init(_ character: Character, style: Style = .plain) {
        self.character = character
        self.style = style
        self.isContinuation = false
    }

    /// An empty cell in the default style.
    public static let blank = Cell(" ")

    /// An empty cell in `style`.
    public static func blank(_ style: Style) -> Cell { Cell(" ", style: style) }

    /// The right half of a wide character drawn in `style`.
    public static func continuation(_ style: Style) -> Cell {
        var cell = Cell(" ", style: style)
        cell.isContinuation = true
        return cell
    }

    /// Whether two cells draw the same; the cheap fields are compared before the character.
    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.isContinuation == rhs.isContinuation && lhs.style == rhs.style && lhs.character == rhs.character
    }

    /// How many columns the cell's character takes: 0 for a continuation, else 1 or 2.
    public var width: Int { isContinuation ? 0 : max(1, CharacterWidth.columns(of: character)) }
}
