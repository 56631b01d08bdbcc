import FerryImport
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// Every corpus OpenAPI description imports: one request per operation, no errors, and `.http` text that
/// reads back to the same requests.
@Suite struct OpenAPICorpusTests {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The corpus's OpenAPI files, or nothing when the corpus is absent.
    static func specs() -> [URL] {
        guard let corpus = TestServers.corpusDirectory() else { return [] }
        let folder = corpus.appendingPathComponent("openapi")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The (path, method) operations of `data`, counted without Ferry's readers: Foundation's JSON parser
    /// for JSON; for YAML, the keys one level below the path keys under the top-level `paths:`.
    static func operationCount(_ data: Data, isJSON: Bool) throws -> Int {
        if isJSON {
            let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let paths = root?["paths"] as? [String: Any] ?? [:]
            return paths.values.reduce(0) { count, item in
                count + ((item as? [String: Any])?.keys.filter { methods.contains($0) }.count ?? 0)
            }
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("paths:") }) else { return 0 }
        var pathIndent: Int?
        var methodIndent: Int?
        var count = 0
        for line in lines[(start + 1)...] {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.count - trimmed.count
            if indent == 0 { break }
            if pathIndent == nil { pathIndent = indent }
            if indent == pathIndent { continue }
            if methodIndent == nil, let pathIndent, indent > pathIndent { methodIndent = indent }
            if indent == methodIndent, let colon = trimmed.firstIndex(of: ":"),
                methods.contains(String(trimmed[..<colon]))
            {
                count += 1
            }
        }
        return count
    }

    @Test(arguments: specs()) func importsEveryOperation(spec: URL) async throws {
        try await offThePool {
            let data = try Data(contentsOf: spec)
            let bytes = [UInt8](data)
            #expect(OpenAPIImporter.recognizes(bytes, fileName: spec.lastPathComponent))
            #expect(
                CollectionImporters.importer(recognizing: bytes, fileName: spec.lastPathComponent)
                    == OpenAPIImporter.self)
            let collection = try OpenAPIImporter.read(bytes, fileName: spec.lastPathComponent)
            let expected = try Self.operationCount(data, isJSON: spec.pathExtension == "json")
            #expect(expected > 0)
            #expect(collection.requestCount == expected)
            #expect(collection.diagnostics.filter { $0.severity == .error } == [])
            #expect(ImportReparsing.expectReparses(collection) == expected)
            #expect(!collection.environments.isEmpty)
            #expect(!collection.environments.contains { $0.name == "$shared" })
            for environment in collection.environments {
                #expect(environment.variables.first?.name == "baseUrl")
                #expect(environment.variables.first?.value.contains("://") == true)
            }
            let paths = collection.files.map { $0.path.lowercased() }
            #expect(Set(paths).count == paths.count)
            for file in collection.files {
                for request in file.requests { #expect(request.url.hasPrefix("{{baseUrl}}/")) }
            }
            print(
                "openapi corpus: \(spec.lastPathComponent): \(collection.requestCount) operations, "
                    + "\(collection.files.count) files, \(collection.diagnostics.count) warnings")
            for diagnostic in collection.diagnostics.prefix(5) { print("  \(diagnostic)") }
        }
    }
}
