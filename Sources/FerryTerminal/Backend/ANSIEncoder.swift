/// Turns cell changes into the bytes an xterm-compatible terminal needs: cursor moves (`CSI row;col H`,
/// skipped when the cursor is already there), SGR attributes (only when the style changes) and UTF-8 text.
///
/// It is the cost model for the diff: `make bench` counts its bytes per keystroke. It is not a backend
/// (ncurses draws the real terminal) but produces comparable output.
///
/// ```swift
/// var encoder = ANSIEncoder()
/// let bytes = encoder.encode(frame.changes(from: lastFrame))
/// ```
public struct ANSIEncoder: Sendable {
    private var cursorX = -1
    private var cursorY = -1
    private var style: Style?

    /// Creates an encoder that assumes nothing about the cursor or attributes.
    public init() {}

    /// The bytes that draw `changes`, continuing from the cursor and style left by the previous call.
    public mutating func encode(_ changes: some Sequence<CellChange>) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(Array(changes), into: &bytes)
        return bytes
    }

    /// Appends the bytes that draw `changes` to `bytes`.
    public mutating func encode(_ changes: some Sequence<CellChange>, into bytes: inout [UInt8]) {
        encode(Array(changes), into: &bytes)
    }

    /// Appends the bytes that draw `changes` to `bytes` (the concrete form: no generic dispatch per cell).
    public mutating func encode(_ changes: [CellChange], into bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + changes.underestimatedCount * 2)
        for change in changes where !change.cell.isContinuation {
            if cursorX != change.position.x || cursorY != change.position.y {
                bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
                appendNumber(change.position.y + 1, to: &bytes)
                bytes.append(UInt8(ascii: ";"))
                appendNumber(change.position.x + 1, to: &bytes)
                bytes.append(UInt8(ascii: "H"))
            }
            if style != change.cell.style {
                appendSGR(change.cell.style, to: &bytes)
                style = change.cell.style
            }
            let utf8 = change.cell.character.utf8
            if utf8.count == 1, let byte = utf8.first {
                bytes.append(byte)
                cursorX = change.position.x + 1
            } else {
                bytes.append(contentsOf: utf8)
                cursorX = change.position.x + change.cell.width
            }
            cursorY = change.position.y
        }
    }

    // MARK: - Internals

    private func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private func appendSGR(_ style: Style, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0")])
        let codes: [(Modifiers, Int)] = [(.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7)]
        for (modifier, code) in codes where style.modifiers.contains(modifier) {
            bytes.append(UInt8(ascii: ";"))
            appendNumber(code, to: &bytes)
        }
        appendColor(style.fg, base: 30, to: &bytes)
        appendColor(style.bg, base: 40, to: &bytes)
        bytes.append(UInt8(ascii: "m"))
    }

    private func appendColor(_ color: Color, base: Int, to bytes: inout [UInt8]) {
        switch color {
        case .default: return
        case .ansi(let ansi):
            bytes.append(UInt8(ascii: ";"))
            appendNumber(ansi.rawValue < 8 ? base + Int(ansi.rawValue) : base + 60 + Int(ansi.rawValue) - 8, to: &bytes)
        case .indexed(let index):
            bytes.append(UInt8(ascii: ";"))
            appendNumber(base + 8, to: &bytes)
            bytes.append(contentsOf: Array(";5;".utf8))
            appendNumber(Int(index), to: &bytes)
        case .rgb(let red, let green, let blue):
            bytes.append(UInt8(ascii: ";"))
            appendNumber(base + 8, to: &bytes)
            bytes.append(contentsOf: Array(";2;".utf8))
            appendNumber(Int(red), to: &bytes)
            bytes.append(UInt8(ascii: ";"))
            appendNumber(Int(green), to: &bytes)
            bytes.append(UInt8(ascii: ";"))
            appendNumber(Int(blue), to: &bytes)
        }
    }
}
