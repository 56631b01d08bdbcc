import FerryJSON
import Foundation

// MARK: - Values captured at run time: request chaining through history

extension Workspace {
    /// Values for `{{NAME.response.body.PATH}}` and `{{NAME.response.headers.FIELD}}` references in
    /// `request`, taken from the latest recorded response of the request called NAME (in the same
    /// file first, else a name unique in the workspace). References with no recorded response are
    /// left out, so they stay unresolved and are reported by name.
    ///
    /// `PATH` is `$` or `*` for the whole body, else keys and indexes: `$.items[0].id`, `code`. References
    /// already in `known` (values the caller found elsewhere, such as this run's responses) are not looked
    /// up; `identities` are the requests' stable ids when the caller has them (else they are assigned here).
    public func capturedValues(
        for request: WorkspaceRequest, history: HistoryLog, known: [String: String] = [:],
        identities: [RequestID: String]? = nil
    ) -> [String: String] {
        let references = Self.responseReferences(in: request.request).filter { known[$0.expression] == nil }
        guard !references.isEmpty else { return [:] }
        let all = requests
        guard let ids = identities ?? (try? stableIdentities()) else { return [:] }
        var values: [String: String] = [:]
        for reference in references {
            guard let source = Self.requestNamed(reference.requestName, near: request, in: all),
                let id = ids[source.id],
                let entry = history.entries(forRequest: id).last(where: { $0.status != nil }),
                let value = Self.value(of: reference, in: entry)
            else { continue }
            values[reference.expression] = value
        }
        return values
    }

    /// One `{{NAME.response.(body|headers).REST}}` reference.
    struct ResponseReference: Hashable {
        var expression: String
        var requestName: String
        var isBody: Bool
        var rest: String
    }

    static func responseReferences(in request: SavedRequest) -> [ResponseReference] {
        // Most requests refer to no response: tell so from the bytes, building nothing, before searching the text.
        guard mentionsResponse(request) else { return [] }
        var texts = [request.fullURL] + request.headers.map(\.value)
        if let body = request.body { texts.append(body) }
        var found: [ResponseReference] = []
        for text in texts {
            var rest = Substring(text)
            while let open = rest.range(of: "{{"),
                let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex)
            {
                let expression = rest[open.upperBound..<close.lowerBound].trimmedSpaces
                rest = rest[close.upperBound...]
                for (marker, isBody) in [(".response.body", true), (".response.headers.", false)] {
                    guard let range = expression.range(of: marker) else { continue }
                    let name = String(expression[..<range.lowerBound])
                    var tail = String(expression[range.upperBound...])
                    if isBody, tail.hasPrefix(".") { tail.removeFirst() }
                    guard !name.isEmpty else { continue }
                    let reference = ResponseReference(
                        expression: expression, requestName: name, isBody: isBody, rest: tail)
                    if !found.contains(reference) { found.append(reference) }
                    break
                }
            }
        }
        return found
    }

    /// Whether the URL, a header's value or the body of `request` holds `.response`, asked of each text as it is
    /// kept, building nothing (a run asks it of every request several times).
    static func mentionsResponse(_ request: SavedRequest) -> Bool {
        mentionsResponse(request.urlContinuations.isEmpty ? request.url : request.fullURL)
            || request.headerLines.contains {
                if case .field(_, let value) = $0 { mentionsResponse(value) } else { false }
            }
            || request.body.map(mentionsResponse) ?? false
    }

    /// Whether `text` holds `.response` anywhere: one pass over its bytes, comparing only after each `.` (a
    /// generic substring search costs many times more, and this runs for every request of a run).
    static func mentionsResponse(_ text: String) -> Bool {
        let marker = responseMarker
        let bytes = text.utf8
        var index = bytes.startIndex
        while let dot = bytes[index...].firstIndex(of: UInt8(ascii: ".")) {
            let start = bytes.index(after: dot)
            if bytes[start...].starts(with: marker) { return true }
            index = start
        }
        return false
    }

    private static let responseMarker = Array("response".utf8)

    static func requestNamed(_ name: String, near request: WorkspaceRequest, in all: [WorkspaceRequest])
        -> WorkspaceRequest?
    {
        if let local = all.first(where: { $0.path == request.path && $0.request.name == name }) { return local }
        let named = all.filter { $0.request.name == name }
        return named.count == 1 ? named[0] : nil
    }

    static func value(of reference: ResponseReference, in entry: HistoryEntry) -> String? {
        value(of: reference, headers: entry.responseHeaders.map { ($0.name, $0.value) }, body: entry.responseBody)
    }

    /// The value `reference` names in a response with `headers` and `body` (recorded or just received).
    static func value(of reference: ResponseReference, headers: [(name: String, value: String)], body: String?)
        -> String?
    {
        if !reference.isBody {
            return headers.first { $0.name.caseInsensitiveCompare(reference.rest) == .orderedSame }?.value
        }
        guard let body else { return nil }
        let path = reference.rest
        if path.isEmpty || path == "$" || path == "*" { return body }
        guard let document = try? JSONValue(parsing: body) else { return nil }
        var current: JSONValue? = document
        for step in steps(of: path) {
            switch step {
            case .key(let key): current = current?[key].value
            case .index(let index): current = current?[index].value
            }
        }
        guard let value = current else { return nil }
        if case .string(let text) = value { return text }
        return value.formatted(JSONFormat.compact)
    }

    enum Step {
        case key(String)
        case index(Int)
    }

    /// `$.items[0].id` → key items, index 0, key id.
    static func steps(of path: String) -> [Step] {
        var text = Substring(path)
        if text.hasPrefix("$") { text = text.dropFirst() }
        var steps: [Step] = []
        var key = ""
        var index = text.startIndex
        func flush() {
            if !key.isEmpty { steps.append(.key(key)) }
            key = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "." {
                flush()
            } else if character == "[", let close = text[index...].firstIndex(of: "]") {
                flush()
                let inner = text[text.index(after: index)..<close]
                if let number = Int(inner) {
                    steps.append(.index(number))
                } else {
                    steps.append(.key(inner.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))))
                }
                index = close
            } else {
                key.append(character)
            }
            index = text.index(after: index)
        }
        flush()
        return steps
    }
}
