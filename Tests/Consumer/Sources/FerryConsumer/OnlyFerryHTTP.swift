import FerryHTTP

/// Code that imports FerryHTTP alone, as issue #40 found a Swift developer writing it: `URL` without
/// `import Foundation`, parsers that start implicit member chains, typed getters on array elements and a mock
/// for one request. It only has to build (and prints what it parsed).
enum OnlyFerryHTTP {
    struct Model: Decodable, Sendable {
        var name: String
    }

    /// Parses a mocked answer twice; returns what it found.
    static func check() async throws -> String {
        let base = URL(string: "https://api.example.com")
        let client = HTTPClient(transport: MockTransport(), environment: base.map { Environment(baseURL: $0) })
        var request = HTTPRequest(path: "/model")
        request.mockResponse = .json(#"{"name": "ferry", "tags": ["a", "b"]}"#)
        let name = try await client.value(for: request, parsing: .decodable(Model.self).map { $0.name })
        let tags = try await client.value(
            for: request, parsing: .json { json in try json["tags"].array().map { try $0.string() } })
        return "\(name) \(tags.joined(separator: ","))"
    }
}
