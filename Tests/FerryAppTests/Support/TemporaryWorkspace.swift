import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation

@testable import FerryApp

/// A workspace folder under the system temporary directory, removed when released.
final class TemporaryWorkspace: TemporaryFolder {
    /// A workspace with `requests.http` holding the given text and environments pointing `host` at `base`.
    init(requests: String, environments: [String: String], extraFiles: [String: String] = [:]) throws {
        try super.init(prefix: "ferry-app")
        try write("requests.http", requests)
        var json = "{\n"
        json += environments.sorted { $0.key < $1.key }.map { "  \"\($0.key)\": { \"host\": \"\($0.value)\" }" }
            .joined(separator: ",\n")
        json += "\n}\n"
        try write("http-client.env.json", json)
        for (path, text) in extraFiles { try write(path, text) }
    }

    /// The app's state for this workspace as freshly loaded, on a terminal of `size`, no environment chosen.
    func loadState(size: Size) throws -> AppState {
        let workspace = try Workspace.load(at: url)
        return AppState(
            workspace: workspace, environments: workspace.environments(), environment: nil, size: size)
    }

    /// The sample requests and an `api` folder with `users.http` (requests `list` and `one`) plus
    /// `extraFiles`, against a host nothing listens on: for tests that move, rename and delete folders.
    static func withAPIFolder(extraFiles: [String: String] = [:]) throws -> TemporaryWorkspace {
        let users = "### list\n# @name list\nGET {{host}}/users\n\n### one\n# @name one\nGET {{host}}/users/1\n"
        return try TemporaryWorkspace(
            requests: sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: extraFiles.merging(["api/users.http": users]) { own, _ in own })
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
