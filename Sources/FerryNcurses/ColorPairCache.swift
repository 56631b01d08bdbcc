import CNcurses
import FerryTerminal

/// Maps foreground/background pairs to ncurses colour pairs, creating each pair once
/// (`init_extended_pair`, so more than 32,767 pairs work where the terminal has them).
///
/// When the terminal's pairs (`COLOR_PAIRS`: 64 on `screen` or `xterm`) are all used, `pair(for:depth:)`
/// answers `nil`: the owner calls `reset()`, which hands the numbers out again from 1, and repaints every
/// cell on screen with its new pair, since a number reused now means other colours.
struct ColorPairCache {
    private struct Key: Hashable {
        var fg: Color
        var bg: Color
    }

    private var pairs: [Key: Int32] = [:]
    private var nextPair: Int32 = 1

    /// The pair for `style`'s colours fitted to `depth`: 0 (the default pair) when colours are off or
    /// ncurses refused the pair; `nil` when the terminal has no pairs left (see `reset()`).
    mutating func pair(for style: Style, depth: ColorDepth) -> Int32? {
        if style.fg == .default && style.bg == .default { return 0 }
        if depth == .monochrome { return 0 }
        let key = Key(fg: style.fg, bg: style.bg)
        if let known = pairs[key] { return known }
        guard nextPair < ferry_color_pairs() else { return nil }
        let pair = nextPair
        guard
            init_extended_pair(
                pair, Self.number(for: style.fg, depth: depth), Self.number(for: style.bg, depth: depth)) == OK
        else {
            pairs[key] = 0
            return 0
        }
        nextPair += 1
        pairs[key] = pair
        return pair
    }

    /// Forgets every pair, so numbers are handed out again from 1 (each redefined when next asked for).
    mutating func reset() {
        pairs.removeAll(keepingCapacity: true)
        nextPair = 1
    }

    /// The ncurses colour number: -1 for the default, the palette index, or 0xRRGGBB on direct-colour
    /// terminals.
    static func number(for color: Color, depth: ColorDepth) -> Int32 {
        switch color.degraded(to: depth) {
        case .default: return -1
        case .ansi(let ansi): return Int32(ansi.rawValue)
        case .indexed(let index): return Int32(index)
        case .rgb(let red, let green, let blue): return Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
        }
    }
}
