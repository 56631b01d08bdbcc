/// A terminal colour: the terminal's default, one of the 16 ANSI colours, a 256-colour index or 24-bit RGB.
///
/// ```swift
/// let accent = Color.rgb(0x61, 0xAF, 0xEF)
/// let warning = Color.yellow
/// ```
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// One of the 16 standard ANSI colours.
    case ansi(ANSIColor)
    /// An entry of the xterm 256-colour palette.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    // MARK: - Named colours

    /// ANSI black.
    public static let black = Color.ansi(.black)
    /// ANSI red.
    public static let red = Color.ansi(.red)
    /// ANSI green.
    public static let green = Color.ansi(.green)
    /// ANSI yellow.
    public static let yellow = Color.ansi(.yellow)
    /// ANSI blue.
    public static let blue = Color.ansi(.blue)
    /// ANSI magenta.
    public static let magenta = Color.ansi(.magenta)
    /// ANSI cyan.
    public static let cyan = Color.ansi(.cyan)
    /// ANSI white (light grey on most terminals).
    public static let white = Color.ansi(.white)
    /// ANSI bright black (dark grey).
    public static let gray = Color.ansi(.brightBlack)
    /// ANSI bright white.
    public static let brightWhite = Color.ansi(.brightWhite)
}

/// The 16 standard ANSI colours, numbered as terminals number them (0–15).
public enum ANSIColor: UInt8, CaseIterable, Hashable, Sendable {
    /// Colour 0.
    case black = 0
    /// Colour 1.
    case red
    /// Colour 2.
    case green
    /// Colour 3.
    case yellow
    /// Colour 4.
    case blue
    /// Colour 5.
    case magenta
    /// Colour 6.
    case cyan
    /// Colour 7.
    case white
    /// Colour 8.
    case brightBlack
    /// Colour 9.
    case brightRed
    /// Colour 10.
    case brightGreen
    /// Colour 11.
    case brightYellow
    /// Colour 12.
    case brightBlue
    /// Colour 13.
    case brightMagenta
    /// Colour 14.
    case brightCyan
    /// Colour 15.
    case brightWhite
}
