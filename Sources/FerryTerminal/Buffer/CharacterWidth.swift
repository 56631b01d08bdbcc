/// Column widths of characters as terminals draw them: East Asian wide and fullwidth characters and
/// emoji take two columns, combining marks and format characters none, everything else one.
///
/// Self-contained (no `wcwidth`), so it does not depend on the process locale.
public enum CharacterWidth {
    // MARK: - API

    /// The columns `character` takes on a terminal: 0, 1 or 2.
    public static func columns(of character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Fast path for the common single-scalar narrow characters: Latin, Greek, Cyrillic, box drawing.
        let value = first.value
        if (0xA0..<0x300).contains(value) || (0x370..<0x483).contains(value) || (0x2500..<0x25A0).contains(value) {
            if value != 0xAD && scalars.index(after: scalars.startIndex) == scalars.endIndex { return 1 }
        }
        if first.properties.isEmojiPresentation { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        return columns(of: first)
    }

    /// The columns a single scalar takes when it starts a grapheme: 0, 1 or 2.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// The columns `text` takes when drawn on one line.
    public static func columns(of text: some StringProtocol) -> Int {
        if let length = printableASCIILength(of: text) { return length }
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    // MARK: - Internals

    /// The length of `text` when every byte of it is printable ASCII (a column each, nothing to escape), else
    /// `nil`: a scan of its bytes, much cheaper than breaking it into characters.
    static func printableASCIILength(of text: some StringProtocol) -> Int? {
        var length = 0
        for byte in text.utf8 {
            guard isPrintableASCII(byte) else { return nil }
            length += 1
        }
        return length
    }

    /// Whether `byte` is a printable ASCII character (space to `~`).
    static func isPrintableASCII(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), excluding emoji covered by `isEmojiPresentation`.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
