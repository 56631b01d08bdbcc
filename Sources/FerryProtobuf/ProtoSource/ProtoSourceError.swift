/// Why a `.proto` file could not be read: what went wrong and where, as protoc reports it
/// (`shop/order.proto:12:5: …`).
///
/// ```swift
/// do { _ = try ProtoSourceLoader(importPaths: ["protos"]).load("protos/shop.proto") } catch { print(error) }
/// ```
public struct ProtoSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as it was named (the path given, or the import's name).
    public var file: String
    /// The 1-based line, or 0 when the error concerns the file as a whole.
    public var line: Int
    /// The 1-based column (in characters), or 0 with ``line``.
    public var column: Int
    /// What went wrong, in words.
    public var message: String

    /// An error in `file` at `line`:`column` saying `message`.
    public init(_ message: String, file: String, line: Int = 0, column: Int = 0) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column: message`, or `file: message` without a place.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
