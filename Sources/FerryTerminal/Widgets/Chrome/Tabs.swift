/// A row of tab titles with one selected, such as `Body │ Headers │ Query`; hit-testable for mouse clicks.
///
/// When the titles do not fit, the row scrolls so the selected tab shows.
///
/// ```swift
/// let tabs = Tabs(titles: ["Body", "Headers", "Query"], selectedIndex: state.requestTab)
/// tabs.render(into: &buffer, area: tabRow)
/// if case .mouse(let mouse) = event, let index = tabs.index(at: mouse.position, in: tabRow) { select(index) }
/// ```
public struct Tabs: Widget, Hashable, Sendable {
    /// The titles, left to right.
    public var titles: [Line]
    /// The selected tab.
    public var selectedIndex: Int
    /// The style of the row and unselected titles.
    public var style: Style
    /// The style laid over the selected title.
    public var selectedStyle: Style
    /// Drawn between titles.
    public var divider: Span
    /// Blank columns on each side of a title.
    public var padding: Int

    /// Creates a tab row from styled titles.
    public init(
        titles: [Line], selectedIndex: Int = 0, style: Style = .plain,
        selectedStyle: Style = Style(modifiers: [.reverse, .bold]), divider: Span = Span("│"), padding: Int = 1
    ) {
        self.titles = titles
        self.selectedIndex = selectedIndex
        self.style = style
        self.selectedStyle = selectedStyle
        self.divider = divider
        self.padding = padding
    }

    /// Creates a tab row from plain titles.
    public init(titles: [String], selectedIndex: Int = 0) {
        self.init(titles: titles.map { Line($0) }, selectedIndex: selectedIndex)
    }

    // MARK: - Geometry

    /// Where each shown tab sits on the first row of `area` (padding included), as `(index, columns)`.
    public func layout(in area: Rect) -> [(index: Int, area: Rect)] {
        guard !titles.isEmpty, area.width > 0, area.height > 0 else { return [] }
        let widths = titles.map { $0.width + 2 * padding }
        let dividerWidth = divider.width
        let selected = min(max(0, selectedIndex), titles.count - 1)
        // Drop tabs from the left until the selected one fits.
        var first = 0
        while first < selected && widths[first...selected].reduce(0, +) + dividerWidth * (selected - first) > area.width
        {
            first += 1
        }
        var result: [(index: Int, area: Rect)] = []
        var x = area.x
        for index in first..<titles.count {
            if index > first { x += dividerWidth }
            guard x < area.right else { break }
            let width = min(widths[index], area.right - x)
            result.append((index, Rect(x: x, y: area.y, width: width, height: 1)))
            x += widths[index]
        }
        return result
    }

    /// The tab under `position` when the row is drawn in `area`, or `nil`.
    public func index(at position: Position, in area: Rect) -> Int? {
        layout(in: area).first { $0.area.contains(position) }?.index
    }

    // MARK: - Drawing

    /// Draws the titles on the first row of `area`.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let row = area.intersection(buffer.area).rows(area.y, count: 1)
        guard !row.isEmpty else { return }
        buffer.fill(row, with: .blank(style))
        for (position, tab) in layout(in: row).enumerated() {
            let tabStyle = tab.index == selectedIndex ? style.patched(with: selectedStyle) : style
            buffer.fill(tab.area, with: .blank(tabStyle))
            var title = titles[tab.index]
            title.style = tabStyle.patched(with: title.style)
            title.render(into: &buffer, area: tab.area.columns(tab.area.x + padding, count: tab.area.width - padding))
            if position > 0 {
                let dividerX = tab.area.x - divider.width
                buffer.set(
                    string: divider.content, at: Position(x: dividerX, y: row.y),
                    style: style.patched(with: divider.style),
                    clippedTo: row)
            }
        }
    }
}
