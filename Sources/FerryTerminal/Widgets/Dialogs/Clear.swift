/// Blanks an area, so a dialog or overlay drawn on top does not show what was under it.
///
/// ```swift
/// Clear().render(into: &buffer, area: dialogArea)
/// ```
public struct Clear: Widget, Hashable, Sendable {
    /// The style of the blanked cells.
    public var style: Style

    /// Creates a clear in `style`.
    public init(style: Style = .plain) {
        self.style = style
    }

    /// Fills `area` with blanks.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        buffer.fill(area, with: .blank(style))
    }
}
