import FerryJSON
import Foundation

/// The `errors` of a GraphQL response, read apart from its `data`, each with its message, locations in
/// the query and path in the result.
///
/// Everything is bounded and checked: at most ``maximumErrors`` errors and ``maximumMessageLength``
/// characters a message, control characters replaced; an `errors` value of the wrong shape (not an
/// array, an entry without a string `message`) is reported as such rather than trusted.
///
/// ```swift
/// let errors = GraphQLResponseErrors(body: Data(#"{"data":null,"errors":[{"message":"boom","path":["a"]}]}"#.utf8))
/// errors?.errors.first?.description  // "boom (at a)"
/// ```
public struct GraphQLResponseErrors: Sendable, Hashable {
    /// The most errors read from one response.
    public static let maximumErrors = 100
    /// The most characters kept of one message.
    public static let maximumMessageLength = 1_000

    /// A place in the query an error names.
    public struct Location: Sendable, Hashable {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column.
        public var column: Int
    }

    /// One entry of `errors`.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The message, bounded and with control characters replaced.
        public var message: String
        /// Where in the query.
        public var locations: [Location]
        /// The path in the result (`hero.friends.0.name`), if given.
        public var path: [String]

        /// `message (line 2, column 3; at hero.name)`.
        public var description: String {
            var notes: [String] = locations.map { "line \($0.line), column \($0.column)" }
            if !path.isEmpty { notes.append("at " + path.joined(separator: ".")) }
            return notes.isEmpty ? message : "\(message) (\(notes.joined(separator: "; ")))"
        }
    }

    /// The errors, in order.
    public var errors: [Entry]
    /// How many entries `errors` held beyond ``maximumErrors``.
    public var omitted: Int
    /// Whether the response also carries non-null `data` (a partial result).
    public var hasData: Bool

    /// Reads `body`; `nil` when it is not a JSON object or has no `errors` member (or `errors` is `null`).
    public init?(body: Data) {
        guard let object = (try? JSONValue(parsing: body))?.objectValue, let value = object["errors"], !value.isNull
        else { return nil }
        hasData = object["data"].map { !$0.isNull } ?? false
        omitted = 0
        guard let array = value.arrayValue else {
            errors = [Entry(message: "the response's errors are not an array (\(value.kind))", locations: [], path: [])]
            return
        }
        errors = array.prefix(Self.maximumErrors).map(Self.entry)
        omitted = max(0, array.count - Self.maximumErrors)
    }

    static func entry(_ value: JSONValue) -> Entry {
        guard let object = value.objectValue, let message = object["message"]?.stringValue else {
            return Entry(
                message: "an error without a message: \(bounded(value.formatted(.compact)))", locations: [], path: [])
        }
        let locations: [Location] = (object["locations"]?.arrayValue ?? []).prefix(10).compactMap {
            guard let line = $0.objectValue?["line"]?.intValue, let column = $0.objectValue?["column"]?.intValue
            else { return nil }
            return Location(line: line, column: column)
        }
        let path: [String] = (object["path"]?.arrayValue ?? []).prefix(50).compactMap {
            $0.stringValue.map(bounded) ?? $0.intValue.map(String.init)
        }
        return Entry(message: bounded(message), locations: locations, path: path)
    }

    /// `text` cut to ``maximumMessageLength`` characters, control characters shown as spaces.
    static func bounded(_ text: String) -> String {
        var result = String(text.prefix(maximumMessageLength))
        if text.count > maximumMessageLength { result += "…" }
        return String(
            String.UnicodeScalarView(result.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}
