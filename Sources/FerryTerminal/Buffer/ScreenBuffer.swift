/// A grid of cells that views draw into; each frame is diffed against the last (see `changes(from:)`).
///
/// Wide characters take two cells (the second a continuation cell); writing over half of one blanks the
/// other half so the grid never holds a broken pair. Text is made safe here: see `set(string:at:style:clippedTo:)`.
///
/// ```swift
/// var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
/// buffer.set(string: "GET /users", at: Position(x: 1, y: 0), style: Style(fg: .green))
/// Block(title: "Request").render(into: &buffer, area: buffer.area)
/// ```
public struct ScreenBuffer: Hashable, Sendable {
    /// The size in cells.
    public private(set) var size: Size
    /// The cells, row by row.
    public internal(set) var cells: [Cell]

    /// Creates a buffer of `size` filled with `cell`.
    public init(size: Size, filledWith cell: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: cell, count: size.area)
    }

    /// Creates a buffer of `width` × `height` blank cells.
    public init(width: Int, height: Int) {
        self.init(size: Size(width: width, height: height))
    }

    // MARK: - Reading

    /// The whole buffer as a rectangle at the origin.
    public var area: Rect { Rect(origin: .zero, size: size) }

    /// The cell at column `x`, row `y`; a blank cell outside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    /// The cell at `position`, or `nil` outside the buffer.
    public func cell(at position: Position) -> Cell? {
        guard area.contains(position) else { return nil }
        return cells[position.y * size.width + position.x]
    }

    /// Row `y` as text, continuation cells skipped, trailing spaces kept.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        text.reserveCapacity(size.width)
        let start = y * size.width
        for cell in cells[start..<start + size.width] where !cell.isContinuation {
            text.append(cell.character)
        }
        return text
    }

    /// Every row as text (see `line(_:)`).
    public var lines: [String] { (0..<size.height).map(line) }

    // MARK: - Writing cells

    /// Writes `cell` at `position`, taking two columns when its character is wide.
    ///
    /// A wide character that does not fit before the right edge is drawn as a blank. Positions outside
    /// the buffer are ignored. The cell's character is drawn as given: use `set(string:at:style:clippedTo:)`
    /// for text that may hold control characters.
    public mutating func set(_ cell: Cell, at position: Position) {
        if cell.isContinuation { return }
        put(cell.character, width: CharacterWidth.columns(of: cell.character), style: cell.style, at: position)
    }

    /// Fills `area` (clipped to the buffer) with `cell`.
    public mutating func fill(_ area: Rect, with cell: Cell = .blank) {
        let clipped = area.intersection(self.area)
        guard !clipped.isEmpty else { return }
        let width = CharacterWidth.columns(of: cell.character)
        if width == 1 && !cell.isContinuation {
            repairEdges(of: clipped)
            for y in clipped.y..<clipped.bottom {
                let start = y * size.width
                for index in (start + clipped.x)..<(start + clipped.right) { cells[index] = cell }
            }
            return
        }
        for y in clipped.y..<clipped.bottom {
            var x = clipped.x
            while x < clipped.right {
                put(
                    cell.character, width: max(1, width), style: cell.style, at: Position(x: x, y: y),
                    limit: clipped.right)
                x += max(1, width)
            }
        }
    }

    /// Lays `style` over every cell of `area` (see `Style.patched(with:)`), keeping the characters.
    public mutating func setStyle(_ style: Style, in area: Rect) {
        let clipped = area.intersection(self.area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.bottom {
            let start = y * size.width
            for index in (start + clipped.x)..<(start + clipped.right) {
                cells[index].style = cells[index].style.patched(with: style)
            }
        }
    }

    /// Gives every cell of `area` that uses the terminal's default foreground or background `style`'s
    /// colours instead (and adds its modifiers), keeping the characters and every colour a widget chose:
    /// how a theme's screen background and default text reach cells drawn in `.plain` or fg-only styles.
    public mutating func setBaseStyle(_ style: Style, in area: Rect) {
        let clipped = area.intersection(self.area)
        guard !clipped.isEmpty, style != .plain else { return }
        for y in clipped.y..<clipped.bottom {
            let start = y * size.width
            for index in (start + clipped.x)..<(start + clipped.right) {
                cells[index].style = style.patched(with: cells[index].style)
            }
        }
    }

    /// Blanks every cell.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    /// Changes the size; the content is cleared.
    public mutating func resize(to newSize: Size) {
        size = newSize
        cells = Array(repeating: .blank, count: newSize.area)
    }

    // MARK: - Internals

    /// Writes `character` of `width` columns at `position`, keeping wide pairs whole.
    ///
    /// Returns the number of columns used: `width`, or 1 when a wide character met the edge (`limit`).
    @discardableResult
    mutating func put(_ character: Character, width: Int, style: Style, at position: Position, limit: Int? = nil)
        -> Int
    {
        let x = position.x
        let y = position.y
        guard y >= 0, y < size.height, x >= 0, x < size.width else { return 0 }
        let right = min(limit ?? size.width, size.width)
        let row = y * size.width
        if width >= 2 && x + 1 >= right {
            put(" ", width: 1, style: style, at: position, limit: limit)
            return 1
        }
        let span = width >= 2 ? 2 : 1
        if cells[row + x].isContinuation && x > 0 {
            cells[row + x - 1] = .blank(cells[row + x - 1].style)
        }
        if x + span < size.width && cells[row + x + span].isContinuation {
            cells[row + x + span] = .blank(cells[row + x + span].style)
        }
        cells[row + x] = Cell(character, style: style)
        if span == 2 { cells[row + x + 1] = .continuation(style) }
        return span
    }

    /// Blanks the outside halves of wide characters cut by the edges of `area`, before it is overwritten.
    mutating func repairEdges(of area: Rect) {
        for y in area.y..<area.bottom {
            let row = y * size.width
            if area.x > 0 && cells[row + area.x].isContinuation {
                cells[row + area.x - 1] = .blank(cells[row + area.x - 1].style)
            }
            if area.right < size.width && cells[row + area.right].isContinuation {
                cells[row + area.right] = .blank(cells[row + area.right].style)
            }
        }
    }
}
