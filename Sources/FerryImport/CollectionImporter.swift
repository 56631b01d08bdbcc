import FerryWorkbench
import Foundation

/// A reader of one foreign format into an ``ImportedCollection``.
public protocol CollectionImporter: Sendable {
    /// The format's name on the command line (`curl`, `postman`, `openapi`, `har`).
    static var formatName: String { get }

    /// Whether `bytes`, the contents of a file called `fileName`, look like this format (for `ferry
    /// import` without `--format`); cheap, no full parse.
    static func recognizes(_ bytes: [UInt8], fileName: String) -> Bool

    /// Reads `bytes`, the contents of a file called `fileName`; throws a ``Diagnostic`` (located in
    /// `fileName`) when nothing can be imported, and reports skipped parts in the result's diagnostics.
    static func read(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> ImportedCollection
}

/// Every importer Ferry has, in the order `ferry import` tries them when no format is given.
public enum CollectionImporters {
    /// The importers; each new format adds one line here.
    public static let all: [any CollectionImporter.Type] = [
        // First: its check (the text starts with `{"log"` and names `entries`) is the strictest.
        HARImporter.self,
        PostmanImporter.self,
        OpenAPIImporter.self,
        GraphQLSchemaImporter.self,
        // Last: its check (the text starts with `curl `) is the loosest.
        CurlCommandImporter.self,
    ]

    /// The importer whose ``CollectionImporter/formatName`` is `name` (case-insensitive).
    public static func importer(named name: String) -> (any CollectionImporter.Type)? {
        all.first { $0.formatName.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The first importer that recognizes `bytes`.
    public static func importer(recognizing bytes: [UInt8], fileName: String) -> (any CollectionImporter.Type)? {
        all.first { $0.recognizes(bytes, fileName: fileName) }
    }
}
