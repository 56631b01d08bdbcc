import FerryHTTP
import Foundation
import Testing

@testable import FerryWorkbench

/// `# @cache` reaching FerryHTTP's request, and where the workspace keeps its cache.
@Suite struct CacheDirectiveTests {
    private func request(_ text: String) throws -> HTTPRequest {
        try HTTPFileParser.parse(text: text, path: "t.http").requests[0].resolved(with: VariableContext())
    }

    @Test func theCacheDirectiveTurnsTheCacheOnForThatRequestOnly() throws {
        #expect(try request("# @cache\nGET http://h/x\n").usesCache)
        #expect(try request("GET http://h/x\n").usesCache == false)
    }

    @Test func theWorkspaceCacheLivesInTheStateFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let workspace = try Workspace.load(at: root)
        #expect(workspace.cacheFolder.path.hasSuffix("/.ferry/cache"))
        _ = workspace.httpCache()
        // Made without touching the folder: it is created at the first write.
        #expect(!FileManager.default.fileExists(atPath: workspace.cacheFolder.path))
    }
}
