/// One row of a `KeyValueTableState`: a name, a value and whether the row is used (headers, query
/// parameters, form fields).
public struct KeyValueRow: Hashable, Sendable {
    /// The name (header name, parameter name, field name).
    public var name: String
    /// The value.
    public var value: String
    /// Whether the row takes part (a disabled row is kept but not sent).
    public var isEnabled: Bool

    /// Creates a row.
    public init(name: String, value: String, isEnabled: Bool = true) {
        self.name = name
        self.value = value
        self.isEnabled = isEnabled
    }
}

/// A column of a `KeyValueTableState`.
public enum KeyValueColumn: Hashable, Sendable {
    /// The name column.
    case name
    /// The value column.
    case value
}
