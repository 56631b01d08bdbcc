/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size of `width` columns and `height` rows; negative values become zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No cells at all.
    public static let zero = Size(width: 0, height: 0)

    /// The number of cells.
    public var area: Int { width * height }

    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
}
