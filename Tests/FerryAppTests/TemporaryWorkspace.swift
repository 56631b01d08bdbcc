import Foundation

/// A workspace folder under the system temporary directory, removed when released.
final class TemporaryWorkspace {
    let url: URL

    /// A workspace with `requests.http` holding the given text and environments pointing `host` at `base`.
    init(requests: String, environments: [String: String], extraFiles: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try write("requests.http", requests)
        var json = "{\n"
        json += environments.sorted { $0.key < $1.key }.map { "  \"\($0.key)\": { \"host\": \"\($0.value)\" }" }
            .joined(separator: ",\n")
        json += "\n}\n"
        try write("http-client.env.json", json)
        for (path, text) in extraFiles { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to a relative path, creating folders.
    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The text at a relative path.
    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Whether a relative path exists.
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    /// The sample requests used by most tests.
    static let sampleRequests = """
        ### Get JSON
        # @name get-json
        GET {{host}}/json
        Accept: application/json

        ### Post JSON
        # @name post-json
        POST {{host}}/echo
        Content-Type: application/json

        {"name": "ferry"}

        ### Slow
        # @name slow
        GET {{host}}/slow

        ### Text
        # @name text
        GET {{host}}/text

        """
}
