/// Where a line sits horizontally in its area.
public enum Alignment: Hashable, Sendable {
    /// Against the left edge.
    case left
    /// In the middle.
    case center
    /// Against the right edge.
    case right
}
