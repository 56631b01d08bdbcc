/// Text attributes a terminal can draw: bold, dim, italic, underline and reverse video.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text.
    public static let bold = Modifiers(rawValue: 1 << 0)
    /// Dim (faint) text.
    public static let dim = Modifiers(rawValue: 1 << 1)
    /// Italic text.
    public static let italic = Modifiers(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = Modifiers(rawValue: 1 << 3)
    /// Foreground and background swapped.
    public static let reverse = Modifiers(rawValue: 1 << 4)
}
