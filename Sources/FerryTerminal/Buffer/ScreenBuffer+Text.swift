extension ScreenBuffer {
    // MARK: - Writing text

    /// The tab stop distance used when text holds tab characters.
    public static let tabWidth = 4

    /// Draws `string` on one row starting at `position`, clipped to `area` (and the buffer), and
    /// returns the column after the last one drawn.
    ///
    /// This is where text from the network is made safe: control and format characters are drawn as
    /// visible escapes (`\x1b`, `^M`, `<U+202E>`, see `SafeText`), never passed to the terminal. Tabs
    /// advance to the next multiple of `tabWidth` counted from `position.x`. A wide character that would
    /// straddle the clip edge is drawn as a blank.
    @discardableResult
    public mutating func set(
        string: some StringProtocol, at position: Position, style: Style = .plain, clippedTo area: Rect? = nil
    ) -> Int {
        let clip = (area ?? self.area).intersection(self.area)
        guard position.y >= clip.y, position.y < clip.bottom else { return position.x }
        var x = position.x
        let right = clip.right
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII: one cell per byte; only the run's two ends can cut a wide pair.
            let start = max(x, clip.x)
            let end = min(x + string.utf8.count, right)
            guard start < end else { return min(x + string.utf8.count, max(x, right)) }
            writeASCIIRun(
                string.utf8.dropFirst(start - x).prefix(end - start), row: position.y, from: start, style: style)
            return end < x + string.utf8.count ? end : x + string.utf8.count
        }
        for character in string {
            if x >= right { break }
            if character == "\t" {
                let next = position.x + ((x - position.x) / Self.tabWidth + 1) * Self.tabWidth
                while x < next && x < right {
                    if x >= clip.x { put(" ", width: 1, style: style, at: Position(x: x, y: position.y)) }
                    x += 1
                }
                continue
            }
            if let escaped = SafeText.escape(character) {
                for visible in escaped {
                    if x >= right { break }
                    x = draw(visible, style: style, x: x, y: position.y, clip: clip)
                }
                continue
            }
            x = draw(character, style: style, x: x, y: position.y, clip: clip)
        }
        return x
    }

    /// The printable ASCII characters, made once (building a `Character` per cell shows in the frame time).
    private static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// Writes printable ASCII `bytes` on `row` from column `start` (already clipped).
    private mutating func writeASCIIRun(_ bytes: some Collection<UInt8>, row: Int, from start: Int, style: Style) {
        let end = start + bytes.count
        repairEdges(of: Rect(x: start, y: row, width: end - start, height: 1))
        var index = row * size.width + start
        for byte in bytes {
            cells[index] = Cell(Self.asciiCharacters[Int(byte)], style: style)
            index += 1
        }
    }

    /// Draws a safe character clipped to `clip` and returns the next column.
    private mutating func draw(_ character: Character, style: Style, x: Int, y: Int, clip: Rect) -> Int {
        let width = max(1, CharacterWidth.columns(of: character))
        if x < clip.x {
            // Partly left of the clip: blank the visible half of a wide character.
            if x + width > clip.x { put(" ", width: 1, style: style, at: Position(x: clip.x, y: y)) }
            return x + width
        }
        return x + put(character, width: width, style: style, at: Position(x: x, y: y), limit: clip.right)
    }
}
