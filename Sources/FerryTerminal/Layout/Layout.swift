/// Splits a rectangle into rows or columns by constraints.
///
/// ```swift
/// let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(screen)
/// let (title, body, status) = (rows[0], rows[1], rows[2])
/// let columns = Layout.horizontal([.percentage(30), .fill(1)], spacing: 1).split(body)
/// ```
///
/// Fixed parts (`length`, `percentage`, the minimum of `min`) are served first; what remains goes to `fill`
/// and `min` parts by weight (a `min` part weighs 1). When the fixed parts do not fit, the later ones
/// shrink first. The parts always tile the rectangle without overlap.
public struct Layout: Hashable, Sendable {
    /// The direction parts are laid along.
    public enum Direction: Hashable, Sendable {
        /// Parts side by side, left to right.
        case horizontal
        /// Parts stacked, top to bottom.
        case vertical
    }

    /// The direction parts are laid along.
    public var direction: Direction
    /// One constraint per part.
    public var constraints: [Constraint]
    /// Empty cells between neighbouring parts.
    public var spacing: Int
    /// Cells left empty around all the parts.
    public var margin: Int

    /// Creates a layout.
    public init(direction: Direction, constraints: [Constraint], spacing: Int = 0, margin: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = spacing
        self.margin = margin
    }

    /// Parts stacked top to bottom.
    public static func vertical(_ constraints: [Constraint], spacing: Int = 0, margin: Int = 0) -> Layout {
        Layout(direction: .vertical, constraints: constraints, spacing: spacing, margin: margin)
    }

    /// Parts side by side, left to right.
    public static func horizontal(_ constraints: [Constraint], spacing: Int = 0, margin: Int = 0) -> Layout {
        Layout(direction: .horizontal, constraints: constraints, spacing: spacing, margin: margin)
    }

    // MARK: - Splitting

    /// The parts of `rect`, one per constraint.
    public func split(_ rect: Rect) -> [Rect] {
        let inner = rect.inset(by: margin)
        guard !constraints.isEmpty else { return [] }
        let total = direction == .horizontal ? inner.width : inner.height
        let gaps = max(0, spacing) * (constraints.count - 1)
        let lengths = Self.lengths(for: constraints, total: max(0, total - gaps))
        var offset = direction == .horizontal ? inner.x : inner.y
        let end = offset + total
        return lengths.enumerated().map { index, length in
            let start = min(offset, end)
            let clipped = max(0, min(length, end - start))
            offset = start + clipped + (index < lengths.count - 1 ? max(0, spacing) : 0)
            switch direction {
            case .horizontal: return Rect(x: start, y: inner.y, width: clipped, height: inner.height)
            case .vertical: return Rect(x: inner.x, y: start, width: inner.width, height: clipped)
            }
        }
    }

    /// The length of each part when `total` cells are shared by `constraints`.
    static func lengths(for constraints: [Constraint], total: Int) -> [Int] {
        var lengths = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let cells): return max(0, cells)
            case .percentage(let percent): return total * Swift.min(100, Swift.max(0, percent)) / 100
            case .fill: return 0
            case .min(let cells): return max(0, cells)
            }
        }
        var used = lengths.reduce(0, +)
        if used > total {
            // Too little room: shrink from the last part back.
            var excess = used - total
            for index in lengths.indices.reversed() where excess > 0 {
                let cut = Swift.min(lengths[index], excess)
                lengths[index] -= cut
                excess -= cut
            }
            return lengths
        }
        let weights = constraints.map { constraint -> Int in
            switch constraint {
            case .fill(let weight): return max(0, weight)
            case .min: return 1
            default: return 0
            }
        }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0 else { return lengths }
        let remaining = total - used
        var given = 0
        var lastWeighted = 0
        for index in lengths.indices where weights[index] > 0 {
            let share = remaining * weights[index] / totalWeight
            lengths[index] += share
            given += share
            lastWeighted = index
        }
        lengths[lastWeighted] += remaining - given
        used = total
        return lengths
    }
}
