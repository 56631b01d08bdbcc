/// One pass over a run's files: its 0-based index (what `request.iteration()` returns in scripts), the
/// variables it adds (a data row's columns) and the name the reports give it.
public struct RunIteration: Sendable, Hashable {
    /// The 0-based index among the run's iterations.
    public var index: Int
    /// The variables this pass adds, below `--var` and above the environment.
    public var variables: [String: String]
    /// What the reports call it (`row 2 (alice)`, `repeat 3`); `nil` for a run's only pass.
    public var name: String?

    /// An iteration with the given parts.
    public init(index: Int, variables: [String: String] = [:], name: String? = nil) {
        self.index = index
        self.variables = variables
        self.name = name
    }

    /// The single pass of a plain run.
    public static let single = [RunIteration(index: 0)]

    /// One iteration per row, repeated `repeats` times (all rows, then all rows again); without rows, `repeats`
    /// plain passes. Names say the row and, when repeated, the repeat (`row 2 (alice), repeat 3`).
    public static func passes(rows: [RunDataRow]?, repeats: Int) -> [RunIteration] {
        let repeats = max(1, repeats)
        var iterations: [RunIteration] = []
        for round in 1...repeats {
            let suffix = repeats > 1 ? "repeat \(round)" : nil
            guard let rows else {
                iterations.append(RunIteration(index: iterations.count, name: suffix))
                continue
            }
            for row in rows {
                let name = [row.name, suffix].compactMap { $0 }.joined(separator: ", ")
                iterations.append(RunIteration(index: iterations.count, variables: row.values, name: name))
            }
        }
        return iterations
    }
}
