/// A bordered pane with an optional title; other widgets draw inside `inner(_:)`.
///
/// A focused block draws its border with `focusedBorderType` and `focusedBorderStyle`, so the pane that
/// has the keyboard stands out.
///
/// ```swift
/// let block = Block(title: "Response", isFocused: true)
/// block.render(into: &buffer, area: pane)
/// Paragraph(text: body).render(into: &buffer, area: block.inner(pane))
/// ```
public struct Block: Widget, Hashable, Sendable {
    /// The title drawn on the top border.
    public var title: Line?
    /// Where the title sits on the top border.
    public var titleAlignment: Alignment
    /// The sides that have a border.
    public var borders: Borders
    /// The line characters when not focused.
    public var borderType: BorderType
    /// The line characters when focused.
    public var focusedBorderType: BorderType
    /// The border's style when not focused.
    public var borderStyle: Style
    /// The border's style when focused.
    public var focusedBorderStyle: Style
    /// The style of the whole area (border and inside), drawn first.
    public var style: Style
    /// Whether the pane has the keyboard.
    public var isFocused: Bool

    /// Creates a block.
    public init(
        title: Line? = nil, titleAlignment: Alignment = .left, borders: Borders = .all, borderType: BorderType = .plain,
        focusedBorderType: BorderType = .thick, borderStyle: Style = .plain,
        focusedBorderStyle: Style = Style(modifiers: .bold), style: Style = .plain, isFocused: Bool = false
    ) {
        self.title = title
        self.titleAlignment = titleAlignment
        self.borders = borders
        self.borderType = borderType
        self.focusedBorderType = focusedBorderType
        self.borderStyle = borderStyle
        self.focusedBorderStyle = focusedBorderStyle
        self.style = style
        self.isFocused = isFocused
    }

    /// Creates a block titled with plain text.
    public init(title: String, isFocused: Bool = false) {
        self.init(title: Line(title), isFocused: isFocused)
    }

    // MARK: - Geometry

    /// The area inside the borders.
    public func inner(_ area: Rect) -> Rect {
        let left = borders.contains(.left) && area.width > 0 ? 1 : 0
        let right = borders.contains(.right) && area.width > left ? 1 : 0
        let top = (borders.contains(.top) || title != nil) && area.height > 0 ? 1 : 0
        let bottom = borders.contains(.bottom) && area.height > top ? 1 : 0
        return Rect(
            x: area.x + left, y: area.y + top, width: area.width - left - right, height: area.height - top - bottom)
    }

    // MARK: - Drawing

    /// Draws the background, borders and title into `area`.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let area = buffer.blankedWidgetArea(area, style: style) else { return }
        let lineStyle = style.patched(with: isFocused ? focusedBorderStyle : borderStyle)
        let symbols = (isFocused ? focusedBorderType : borderType).symbols
        let lastX = area.right - 1
        let lastY = area.bottom - 1
        if borders.contains(.top) {
            for x in area.x...lastX {
                buffer.set(Cell(symbols.horizontal, style: lineStyle), at: Position(x: x, y: area.y))
            }
        }
        if borders.contains(.bottom) {
            for x in area.x...lastX {
                buffer.set(Cell(symbols.horizontal, style: lineStyle), at: Position(x: x, y: lastY))
            }
        }
        if borders.contains(.left) {
            for y in area.y...lastY {
                buffer.set(Cell(symbols.vertical, style: lineStyle), at: Position(x: area.x, y: y))
            }
        }
        if borders.contains(.right) {
            for y in area.y...lastY {
                buffer.set(Cell(symbols.vertical, style: lineStyle), at: Position(x: lastX, y: y))
            }
        }
        let corners: [(Borders, Character, Position)] = [
            ([.top, .left], symbols.topLeft, Position(x: area.x, y: area.y)),
            ([.top, .right], symbols.topRight, Position(x: lastX, y: area.y)),
            ([.bottom, .left], symbols.bottomLeft, Position(x: area.x, y: lastY)),
            ([.bottom, .right], symbols.bottomRight, Position(x: lastX, y: lastY)),
        ]
        for (sides, symbol, position) in corners where borders.isSuperset(of: sides) {
            buffer.set(Cell(symbol, style: lineStyle), at: position)
        }
        if let title {
            let left = area.x + (borders.contains(.left) ? 1 : 0)
            let right = area.right - (borders.contains(.right) ? 1 : 0)
            var titleLine = title
            titleLine.style = lineStyle.patched(with: title.style)
            titleLine.render(
                into: &buffer, area: Rect(x: left, y: area.y, width: right - left, height: 1),
                alignment: titleAlignment)
        }
    }
}
