/// How a cell is drawn: foreground and background colours plus text modifiers.
///
/// ```swift
/// let selected = Style(fg: .black, bg: .cyan, modifiers: .bold)
/// let merged = Style(fg: .white).patched(with: Style(modifiers: .underline))
/// ```
public struct Style: Hashable, Sendable {
    /// The foreground (text) colour.
    public var fg: Color
    /// The background colour.
    public var bg: Color
    /// Bold, dim, italic, underline and reverse.
    public var modifiers: Modifiers

    /// Creates a style; every part defaults to the terminal's own.
    public init(fg: Color = .default, bg: Color = .default, modifiers: Modifiers = []) {
        self.fg = fg
        self.bg = bg
        self.modifiers = modifiers
    }

    /// The terminal's default style.
    public static let plain = Style()

    // MARK: - Combining

    /// This style with `other` laid over it: its non-default colours win and its modifiers are added.
    public func patched(with other: Style) -> Style {
        Style(
            fg: other.fg == .default ? fg : other.fg,
            bg: other.bg == .default ? bg : other.bg,
            modifiers: modifiers.union(other.modifiers))
    }

    /// This style with a different foreground.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.fg = color
        return copy
    }

    /// This style with a different background.
    public func background(_ color: Color) -> Style {
        var copy = self
        copy.bg = color
        return copy
    }

    /// This style with `extra` modifiers added.
    public func adding(_ extra: Modifiers) -> Style {
        var copy = self
        copy.modifiers.formUnion(extra)
        return copy
    }
}
