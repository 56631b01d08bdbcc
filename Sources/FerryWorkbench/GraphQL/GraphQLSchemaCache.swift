import FerryJSON
import Foundation

/// The introspected schemas of a workspace's GraphQL endpoints, one file per endpoint in `.ferry/graphql/`:
/// `{"endpoint": "…", "fetched": "2026-01-02T03:04:05Z", "schema": {__schema object}}`, written atomically,
/// at most ``maximumFileSize`` bytes a file and ``maximumEntries`` files (the oldest go first).
///
/// ```swift
/// let cache = GraphQLSchemaCache(stateFolder: workspace.stateFolder)
/// try cache.write(result.schemaJSON, for: result.endpoint, fetched: Date())
/// let loaded = cache.readAll().schemas  // [GraphQLCachedSchema]
/// ```
public struct GraphQLSchemaCache: Sendable {
    /// The folder inside `.ferry`.
    public static let folderName = "graphql"
    /// The largest cache file written or read.
    public static let maximumFileSize = 8 << 20
    /// The most endpoints kept.
    public static let maximumEntries = 64

    /// `.ferry/graphql`.
    public let folder: URL

    /// The cache of the workspace whose state folder is `stateFolder`.
    public init(stateFolder: URL) {
        folder = stateFolder.appendingPathComponent(Self.folderName)
    }

    /// The file of `endpoint`: its FNV-1a hash in hex (the endpoint itself is in the file).
    public func url(for endpoint: String) -> URL {
        folder.appendingPathComponent(FileFingerprint.hexName(of: endpoint) + ".json")
    }

    /// Writes the `__schema` object `schema` for `endpoint`; throws when it is over ``maximumFileSize`` or
    /// cannot be written. The oldest files beyond ``maximumEntries`` are removed.
    public func write(_ schema: JSONValue, for endpoint: String, fetched: Date) throws {
        let file = JSONValue.object(
            JSONObject([
                JSONMember(key: "endpoint", value: .string(endpoint)),
                JSONMember(key: "fetched", value: .string(ISO8601DateFormatter().string(from: fetched))),
                JSONMember(key: "schema", value: schema),
            ]))
        let bytes = Array(file.formatted(.compact).utf8)
        guard bytes.count <= Self.maximumFileSize else {
            throw GraphQLSchemaError(
                "the schema is \(bytes.count) bytes, more than the \(Self.maximumFileSize) Ferry caches")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileIO.writeAtomically(bytes, to: url(for: endpoint))
        prune()
    }

    /// Reads every cached schema; a file that cannot be read is a problem naming it, the others still load.
    public func readAll() -> (schemas: [GraphQLCachedSchema], problems: [String]) {
        var schemas: [GraphQLCachedSchema] = []
        var problems: [String] = []
        for file in files().prefix(Self.maximumEntries) {
            do {
                schemas.append(try read(file))
            } catch {
                problems.append(".ferry/\(Self.folderName)/\(file.lastPathComponent): \(error)")
            }
        }
        return (schemas, problems)
    }

    /// Reads one cache file.
    func read(_ file: URL) throws -> GraphQLCachedSchema {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumFileSize else {
            throw GraphQLSchemaError("\(size) bytes, more than the \(Self.maximumFileSize) Ferry reads")
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: try FileIO.bytes(of: file))
        } catch let error as JSONParseError {
            throw GraphQLSchemaError("not JSON: \(error.message)")
        }
        guard let object = value.objectValue, let endpoint = object["endpoint"]?.stringValue,
            let schema = object["schema"]
        else { throw GraphQLSchemaError("not a schema cache file (no endpoint and schema)") }
        // The endpoint is shown in the status bar: control characters would reach the terminal.
        guard !endpoint.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw GraphQLSchemaError("the endpoint has control characters")
        }
        let fetched = object["fetched"]?.stringValue.flatMap { ISO8601DateFormatter().date(from: $0) }
        return GraphQLCachedSchema(
            endpoint: endpoint, fetched: fetched ?? .distantPast,
            schema: try GraphQLSchema(introspection: schema))
    }

    /// The cache files, newest first.
    private func files() -> [URL] {
        let found =
            (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        func modified(_ url: URL) -> Date {
            (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
        }
        return found.filter { $0.pathExtension == "json" }.map { ($0, modified($0)) }.sorted { $0.1 > $1.1 }.map(\.0)
    }

    private func prune() {
        for old in files().dropFirst(Self.maximumEntries) { try? FileManager.default.removeItem(at: old) }
    }
}

/// A schema read from the cache, with the endpoint it describes and when it was fetched.
public struct GraphQLCachedSchema: Sendable, Hashable {
    /// The endpoint's URL as the workbench shows it (secrets masked).
    public var endpoint: String
    /// When it was introspected.
    public var fetched: Date
    /// The schema.
    public var schema: GraphQLSchema
}
