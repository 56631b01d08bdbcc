/// Which sides of a `Block` have a border.
public struct Borders: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = Borders(rawValue: 1 << 0)
    /// The right edge.
    public static let right = Borders(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = Borders(rawValue: 1 << 2)
    /// The left edge.
    public static let left = Borders(rawValue: 1 << 3)
    /// Every edge.
    public static let all: Borders = [.top, .right, .bottom, .left]
}

/// The line characters a border is drawn with.
public enum BorderType: Hashable, Sendable {
    /// `┌─┐`
    case plain
    /// `╭─╮`
    case rounded
    /// `╔═╗`
    case double
    /// `┏━┓`
    case thick

    /// The characters: horizontal, vertical, top-left, top-right, bottom-left, bottom-right.
    var symbols:
        (
            horizontal: Character, vertical: Character, topLeft: Character, topRight: Character,
            bottomLeft: Character, bottomRight: Character
        )
    {
        switch self {
        case .plain: return ("─", "│", "┌", "┐", "└", "┘")
        case .rounded: return ("─", "│", "╭", "╮", "╰", "╯")
        case .double: return ("═", "║", "╔", "╗", "╚", "╝")
        case .thick: return ("━", "┃", "┏", "┓", "┗", "┛")
        }
    }
}
