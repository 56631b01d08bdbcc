/// How much of a layout's length one part takes.
public enum Constraint: Hashable, Sendable {
    /// Exactly this many cells (less only when the whole does not fit).
    case length(Int)
    /// This percentage (0–100) of the whole, rounded down.
    case percentage(Int)
    /// A share of what is left after fixed parts, in proportion to the weight.
    case fill(Int)
    /// At least this many cells, growing like `fill(1)` when there is room.
    case min(Int)
}
