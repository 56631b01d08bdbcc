/// A rectangle of cells: the area a widget draws into.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let body = screen.inset(by: 1)        // inside a border
/// let statusBar = screen.rows(screen.bottom - 1, count: 1)
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a rectangle; negative sizes become zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A rectangle at `origin` of `size`.
    public init(origin: Position = .zero, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    // MARK: - Edges

    /// The column just right of the rectangle (`x + width`).
    public var right: Int { x + width }
    /// The row just below the rectangle (`y + height`).
    public var bottom: Int { y + height }
    /// The top-left corner.
    public var origin: Position { Position(x: x, y: y) }
    /// The width and height.
    public var size: Size { Size(width: width, height: height) }
    /// The number of cells.
    public var area: Int { width * height }
    /// Whether the rectangle holds no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// `x,y WxH`.
    public var description: String { "\(x),\(y) \(width)x\(height)" }

    // MARK: - Geometry

    /// Whether `position` lies inside.
    public func contains(_ position: Position) -> Bool {
        position.x >= x && position.x < right && position.y >= y && position.y < bottom
    }

    /// The part shared with `other` (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let newRight = min(right, other.right)
        let newBottom = min(bottom, other.bottom)
        guard newRight > left, newBottom > top else { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: newRight - left, height: newBottom - top)
    }

    /// The rectangle shrunk by `margin` cells on every side.
    public func inset(by margin: Int) -> Rect {
        inset(horizontal: margin, vertical: margin)
    }

    /// The rectangle shrunk by `horizontal` cells left and right and `vertical` cells top and bottom.
    public func inset(horizontal: Int, vertical: Int) -> Rect {
        let newWidth = max(0, width - 2 * horizontal)
        let newHeight = max(0, height - 2 * vertical)
        return Rect(
            x: x + min(horizontal, width / 2), y: y + min(vertical, height / 2), width: newWidth, height: newHeight)
    }

    /// `count` rows starting at row `top`, clipped to this rectangle.
    public func rows(_ top: Int, count: Int) -> Rect {
        intersection(Rect(x: x, y: top, width: width, height: count))
    }

    /// `count` columns starting at column `left`, clipped to this rectangle.
    public func columns(_ left: Int, count: Int) -> Rect {
        intersection(Rect(x: left, y: y, width: count, height: height))
    }

    /// A rectangle of at most `size` centred inside this one (for dialogs).
    public func centered(_ size: Size) -> Rect {
        let newWidth = min(size.width, width)
        let newHeight = min(size.height, height)
        return Rect(x: x + (width - newWidth) / 2, y: y + (height - newHeight) / 2, width: newWidth, height: newHeight)
    }
}
