import FerryImport
import FerryWorkbench
import Testing

/// Checks that an import's `.http` text reads back through `HTTPFileParser` without errors and with
/// the same requests (method, URL, headers with disabled ones, body, directives).
enum ImportReparsing {
    /// A request's parts that must survive the trip.
    struct Shape: Equatable, CustomStringConvertible {
        var title: String?
        var method: String
        var url: String
        var headerLines: [HeaderLine]
        var body: String?
        var directives: RequestDirectives

        init(_ request: SavedRequest) {
            title = request.title
            method = request.method
            url = request.fullURL
            headerLines = request.headerLines
            body = request.body
            directives = request.directives
        }

        var description: String { "\(method) \(url) \(headerLines) body: \(body ?? "nil")" }
    }

    /// Expects every file of `collection` to parse back to the same requests; returns the request count.
    @discardableResult
    static func expectReparses(
        _ collection: ImportedCollection, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Int {
        var count = 0
        for file in collection.files {
            let parsed = HTTPFileParser.parse(text: file.text, path: file.path)
            #expect(
                parsed.diagnostics.filter { $0.severity == .error } == [], "errors re-reading \(file.path)",
                sourceLocation: sourceLocation)
            #expect(
                parsed.requests.count == file.requests.count, "request count of \(file.path)",
                sourceLocation: sourceLocation)
            for (imported, reread) in zip(file.requests, parsed.requests) {
                #expect(Shape(reread) == Shape(imported), "in \(file.path)", sourceLocation: sourceLocation)
            }
            count += parsed.requests.count
        }
        return count
    }
}
