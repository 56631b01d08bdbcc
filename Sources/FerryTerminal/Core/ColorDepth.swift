/// How many colours a terminal can show, from none (`NO_COLOR` or a monochrome terminal) to 24-bit.
public enum ColorDepth: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// No colours: everything in the terminal's default colours (modifiers still apply).
    case monochrome = 0
    /// The 8 basic ANSI colours.
    case ansi8 = 8
    /// The 16 ANSI colours.
    case ansi16 = 16
    /// The xterm 256-colour palette.
    case indexed256 = 256
    /// 24-bit colour.
    case trueColor = 16_777_216

    /// The depth for a terminal reporting `colors` colours (ncurses' `COLORS`).
    public init(colorCount colors: Int) {
        switch colors {
        case ..<8: self = .monochrome
        case ..<16: self = .ansi8
        case ..<256: self = .ansi16
        case ..<16_777_216: self = .indexed256
        default: self = .trueColor
        }
    }

    /// Orders depths by the number of colours.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}
