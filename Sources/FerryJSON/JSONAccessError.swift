/// Why a typed getter of ``JSONLookup`` failed, with the path where it failed.
///
/// ```swift
/// do { _ = try json["user"]["age"].int() } catch {
///     print(error)  // .user.age: expected a number, found a string
/// }
/// ```
public struct JSONAccessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the value that was missing or of the wrong kind.
    public var path: JSONPath
    /// What was wrong there.
    public var reason: String

    /// Creates an error.
    public init(path: JSONPath, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
