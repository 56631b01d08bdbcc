/// Why a request cannot be exported in the format asked for (a `WEBSOCKET` request as a curl command).
public struct ExportRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, in words.
    public var description: String

    /// A refusal saying `description`.
    public init(_ description: String) { self.description = description }
}
