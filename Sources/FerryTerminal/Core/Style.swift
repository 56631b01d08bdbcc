/// How a cell is drawn: foreground and background colours plus text modifiers.
///
/// ```swift
/// let selected = Style(fg: .black, bg: .cyan, modifiers: .bold)
/// let merged = Style(fg: .white).patched(with: Style(modifiers: .underline))
/// ```
///
/// Colours are stored packed in 32-bit words, so comparing styles (once per cell per frame in the diff)
/// is two integer compares.
public struct Style: Hashable, Sendable {
    @usableFromInline var packedForeground: UInt32
    @usableFromInline var packedBackground: UInt32
    /// Bold, dim, italic, underline and reverse.
    public var modifiers: Modifiers

    /// Creates a style; every part defaults to the terminal's own.
    public init(fg: Color = .default, bg: Color = .default, modifiers: Modifiers = []) {
        self.packedForeground = fg.packed
        self.packedBackground = bg.packed
        self.modifiers = modifiers
    }

    /// The terminal's default style.
    public static let plain = Style()

    /// The foreground (text) colour.
    public var fg: Color {
        get { Color(packed: packedForeground) }
        set { packedForeground = newValue.packed }
    }

    /// The background colour.
    public var bg: Color {
        get { Color(packed: packedBackground) }
        set { packedBackground = newValue.packed }
    }

    /// Whether two styles draw the same.
    @inlinable
    public static func == (lhs: Style, rhs: Style) -> Bool {
        lhs.packedForeground == rhs.packedForeground && lhs.packedBackground == rhs.packedBackground
            && lhs.modifiers == rhs.modifiers
    }

    /// Hashes the packed colours and modifiers.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(packedForeground)
        hasher.combine(packedBackground)
        hasher.combine(modifiers)
    }

    // MARK: - Combining

    /// This style with `other` laid over it: its non-default colours win and its modifiers are added.
    public func patched(with other: Style) -> Style {
        var result = self
        if other.packedForeground != 0 { result.packedForeground = other.packedForeground }
        if other.packedBackground != 0 { result.packedBackground = other.packedBackground }
        result.modifiers.formUnion(other.modifiers)
        return result
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

extension Color {
    /// The colour in one word: kind in the top byte (0 default, 1 ANSI, 2 indexed, 3 RGB), value below.
    @usableFromInline var packed: UInt32 {
        switch self {
        case .default: return 0
        case .ansi(let color): return 0x0100_0000 | UInt32(color.rawValue)
        case .indexed(let index): return 0x0200_0000 | UInt32(index)
        case .rgb(let red, let green, let blue):
            return 0x0300_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    /// The colour a packed word stands for (see `packed`).
    @usableFromInline init(packed: UInt32) {
        let value = UInt8(truncatingIfNeeded: packed)
        switch packed >> 24 {
        case 1: self = .ansi(ANSIColor(rawValue: value & 0x0F) ?? .white)
        case 2: self = .indexed(value)
        case 3: self = .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), value)
        default: self = .default
        }
    }
}
