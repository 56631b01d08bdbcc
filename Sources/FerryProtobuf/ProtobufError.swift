/// Why bytes or JSON could not be read as a protobuf message: what went wrong and where.
///
/// `path` names the place in the JSON form of the message, as FerryJSON's paths do (`.items[2].name`), and is
/// empty for the message as a whole.
///
/// ```swift
/// do { _ = try codec.encode(json, as: "shop.Order") } catch { print(error) }  // .items[2].count: not an integer
/// ```
public struct ProtobufError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where, as a JSON path into the message (`.a.b[1]`), or empty for the message as a whole.
    public var path: String
    /// What went wrong, in words.
    public var message: String

    /// An error at `path` saying `message`.
    public init(_ message: String, at path: String = "") {
        self.message = message
        self.path = path
    }

    /// `path: message`, or the message alone at the root.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
