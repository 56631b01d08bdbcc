/// What a view draws for one frame: the cells and where the text cursor shows (if anywhere).
public struct Frame: Sendable {
    /// The cells.
    public var buffer: ScreenBuffer
    /// Where the text cursor shows, or `nil` to hide it.
    public var cursor: Position?

    /// A blank frame of `size`.
    public init(size: Size) {
        buffer = ScreenBuffer(size: size)
        cursor = nil
    }

    /// The whole frame as a rectangle.
    public var area: Rect { buffer.area }

    /// Draws `widget` into `area`.
    public mutating func render(_ widget: some Widget, area: Rect) {
        widget.render(into: &buffer, area: area)
    }
}
