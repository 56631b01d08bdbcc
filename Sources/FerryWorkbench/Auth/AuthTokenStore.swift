import FerrySystem
import Foundation

/// The workspace's cached sign-in tokens, `.ferry/auth-tokens.json`, by environment and configuration id;
/// written atomically with mode 0600, never shown (``AuthTokens`` masks every token it hands out) and never
/// part of the history.
public struct AuthTokenStore: Sendable {
    /// The file's name inside the workspace's `.ferry/` folder.
    public static let fileName = "auth-tokens.json"
    /// The environment key of requests sent with no environment (`$shared` only).
    public static let noEnvironment = "$shared"

    /// The file.
    public let url: URL

    /// The store of the workspace whose state folder is `stateFolder`.
    public init(stateFolder: URL) {
        // A hint, so that making the store (once per send) asks the file system nothing.
        url = stateFolder.appending(path: Self.fileName, directoryHint: .notDirectory)
    }

    /// One cached token, with where it belongs.
    public struct Entry: Sendable, Hashable {
        /// The environment (``noEnvironment`` for none).
        public var environment: String
        /// The configuration id.
        public var id: String
        /// The token.
        public var token: AuthToken
    }

    /// Every cached token, by environment then id; empty when the file is missing or unreadable (a cache).
    public func entries() -> [Entry] {
        read().flatMap { environment, tokens in
            tokens.map { Entry(environment: environment, id: $0.key, token: $0.value) }
        }.sorted { ($0.environment, $0.id) < ($1.environment, $1.id) }
    }

    /// The token cached for `id` in `environment`.
    public func token(for id: String, in environment: String?) -> AuthToken? {
        read()[environment ?? Self.noEnvironment]?[id]
    }

    /// Caches `token` for `id` in `environment` (`nil` forgets it).
    public func set(_ token: AuthToken?, for id: String, in environment: String?) throws {
        var all = read()
        all[environment ?? Self.noEnvironment, default: [:]][id] = token
        all = all.filter { !$0.value.isEmpty }
        try write(all)
    }

    /// Forgets every token of `environment` (every environment for `nil`) whose id is `id` (any for `nil`);
    /// returns how many were forgotten.
    @discardableResult
    public func forget(id: String?, in environment: String?) throws -> Int {
        var all = read()
        var count = 0
        for key in all.keys where environment == nil || key == environment {
            let before = all[key]?.count ?? 0
            if let id { all[key]?[id] = nil } else { all[key] = [:] }
            count += before - (all[key]?.count ?? 0)
        }
        try write(all.filter { !$0.value.isEmpty })
        return count
    }

    private func read() -> [String: [String: AuthToken]] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return (try? decoder.decode([String: [String: AuthToken]].self, from: data)) ?? [:]
    }

    private func write(_ all: [String: [String: AuthToken]]) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(Array(try encoder.encode(all)), to: url.path, permissions: .exactly(0o600))
    }
}
