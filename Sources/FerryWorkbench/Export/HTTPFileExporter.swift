import Foundation

/// Requests as `.http` text, either as written (templates kept, the usual way to share a request) or
/// resolved: every `{{variable}}` replaced by its value, secrets masked unless ``revealsSecrets``.
///
/// ```swift
/// let text = try HTTPFileExporter(resolves: true).text(for: [(request, context)])
/// HTTPFileParser.parse(text: text, path: "x.http").requests   // the same requests back
/// ```
///
/// A resolved request drops its in-file `@variable` lines (their values are in place now) and keeps its
/// name, comments, directives and handlers; `< ./path` includes stay includes (their path resolved).
public struct HTTPFileExporter: Sendable {
    /// Replace variables by their values.
    public var resolves: Bool
    /// With ``resolves``, write secret values instead of `••••••`.
    public var revealsSecrets: Bool

    /// An exporter; see ``resolves`` and ``revealsSecrets``.
    public init(resolves: Bool = false, revealsSecrets: Bool = false) {
        self.resolves = resolves
        self.revealsSecrets = revealsSecrets
    }

    /// The requests as one `.http` text, each starting with its `###` line. Throws ``VariableError`` for an
    /// unresolved variable when resolving.
    public func text(for requests: [(request: SavedRequest, context: VariableContext)]) throws -> String {
        try requests.map { try exported($0.request, context: $0.context).rendered(separator: true) }.joined()
    }

    /// `request` as it is exported: resolved with `context`, or as written with the in-file variables of
    /// ``VariableContext/fileVariables`` it does not declare itself added above it (a request taken out of its
    /// file keeps the `@base = …` lines declared above it there).
    public func exported(_ request: SavedRequest, context: VariableContext) throws -> SavedRequest {
        guard resolves else {
            var result = request
            let declared = Set(request.variables.map(\.name))
            let missing = context.fileVariables.filter { !declared.contains($0.key) }.sorted { $0.key < $1.key }
            result.preamble.insert(contentsOf: missing.map { PreambleItem.variable($0.key, $0.value) }, at: 0)
            return result
        }
        let map = request.sourceMap
        func resolver(_ part: TemplateResolver.Part, _ line: Int?) -> TemplateResolver {
            TemplateResolver(
                context: context, part: part,
                location: map.map { SourceLocation(file: $0.file, line: line ?? $0.requestLine) })
        }
        func pick(_ output: TemplateResolver.Output) -> String { revealsSecrets ? output.value : output.masked }

        var result = request
        result.url = pick(try resolver(.url, nil).resolve(request.fullURL))
        result.urlContinuations = []
        result.preamble.removeAll {
            if case .variable = $0.kind { return true }
            return false
        }
        var fieldIndex = 0
        for (index, line) in request.headerLines.enumerated() {
            guard case .field(let name, let value) = line else { continue }
            let sourceLine = map.flatMap { fieldIndex < $0.headerLines.count ? $0.headerLines[fieldIndex] : nil }
            fieldIndex += 1
            result.headerLines[index] = .field(
                name: name, value: pick(try resolver(.header(name), sourceLine).resolve(value)))
        }
        if let body = request.body {
            let bodyResolver = resolver(.body, map?.bodyLine)
            result.body = try body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                if let include = SavedRequest.include(in: line) {
                    return (include.substitutes ? "<@ " : "< ") + pick(try bodyResolver.resolve(include.path))
                }
                return pick(try bodyResolver.resolve(String(line)))
            }.joined(separator: "\n")
        }
        return result
    }
}
