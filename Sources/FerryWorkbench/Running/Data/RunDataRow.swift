/// One row of a data file (`ferry run --data`): its columns as variables, where it is written and the name the
/// reports give its iteration.
public struct RunDataRow: Sendable, Hashable {
    /// The row's values by column name.
    public var values: [String: String]
    /// Where the row is written.
    public var location: SourceLocation
    /// What the reports call the row: `row N`, then the value of its `name` column when it has one, else its
    /// first column's `column=value` (values longer than 40 characters are cut with `…`).
    public var name: String

    /// A row with `values` (columns in `columns`' order) read at `location`, the `number`th of its file.
    public init(values: [String: String], columns: [String], number: Int, location: SourceLocation) {
        self.values = values
        self.location = location
        let label: String? =
            if let named = values["name"], !named.isEmpty {
                Self.cut(named)
            } else if let first = columns.first, let value = values[first] {
                "\(first)=\(Self.cut(value))"
            } else {
                nil
            }
        name = "row \(number)" + (label.map { " (\($0))" } ?? "")
    }

    private static func cut(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
