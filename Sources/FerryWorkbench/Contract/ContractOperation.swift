import FerryJSON
import Foundation

/// One operation of an ``APIContract``: a method on a path template, and its `responses`.
public struct ContractOperation: Sendable {
    /// The method, upper-cased (`GET`).
    public let method: String
    /// The path template as the description writes it (`/pets/{petId}`).
    public let template: String
    /// The template's segments (`["pets", "{petId}"]`).
    let segments: [String]
    /// The operation object.
    let value: JSONValue
    /// Its place in the description (`#/paths/~1pets~1{petId}/get`).
    let location: String
    /// The line of the description it starts on, when known.
    public let line: Int?

    /// The methods a path item may hold operations for.
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    init(method: String, template: String, value: JSONValue, location: String, line: Int?) {
        self.method = method
        self.line = line
        self.template = template
        self.segments = Self.segments(of: template)
        self.value = value
        self.location = location
    }

    /// `GET /pets/{petId}`.
    public var name: String { "\(method) \(template)" }

    /// How many of the template's segments are literal (the most specific template wins).
    var literalCount: Int { segments.count { !Self.isParameter($0) } }

    /// Whether `segments` of a request path (base path removed, percent escapes decoded) fit the template:
    /// literal segments equal, each `{param}` segment any one non-empty segment.
    func matches(_ path: ArraySlice<String>) -> Bool {
        guard path.count == segments.count else { return false }
        return zip(segments, path).allSatisfy { template, actual in
            Self.isParameter(template) ? !actual.isEmpty : Self.segment(template, fits: actual)
        }
    }

    /// Whether a template segment with parameters inside (`{id}.json`, `v{version}`) or none fits `actual`.
    static func segment(_ template: String, fits actual: String) -> Bool {
        guard template.contains("{") else { return template == actual }
        var pattern = "\\A"
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "[^/]+"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "\\z"
        return actual.range(of: pattern, options: .regularExpression) != nil
    }

    /// Whether `segment` is one whole `{param}`.
    static func isParameter(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}") && segment.dropFirst().dropLast().allSatisfy { $0 != "{" }
    }

    /// The non-empty segments of `path`, percent escapes decoded (`/a/b%20c/` → `["a", "b c"]`).
    static func segments(of path: String) -> [String] {
        path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    }
}
