/// One variable of an environment, with where it came from.
public struct EnvironmentVariable: Sendable, Hashable {
    /// The variable's name.
    public var name: String
    /// Its value.
    public var value: String
    /// Whether it came from the private environment file: masked wherever it is shown.
    public var isSecret: Bool
    /// Where it is defined.
    public var location: SourceLocation
    /// Whether the file gives it `null`: declared without a value (``value`` is empty), so using it is an error
    /// unless another layer (the private file, the file's `@name`, `--var`) gives it one.
    public var isNull: Bool

    /// Creates a variable.
    public init(name: String, value: String, isSecret: Bool, location: SourceLocation, isNull: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
        self.location = location
        self.isNull = isNull
    }

    /// The value as shown to people: `••••••` for a secret.
    public var displayValue: String { isSecret ? Secrets.mask : value }
}
