import FerrySystem
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// Opening a workspace removes what a process killed mid-write left in `.ferry` (`kill -9` during a cookie
/// save leaves `.ferry/.cookies.ferry-XXXXXX` forever otherwise), and keeps the files themselves.
@Suite struct LeftoverWriteTests {
    @Test func loadingRemovesOldLeftoversFromTheStateFolderItsCacheAndDrafts() throws {
        let folder = try TemporaryFolder()
        try folder.write("api.http", "GET http://127.0.0.1/\n")
        let leftovers = [
            ".ferry/.cookies.ferry-abc123", ".ferry/cache/.1f2e.cached.ferry-xyz789", ".ferry/drafts/.d.ferry-000000",
        ]
        for path in leftovers + [".ferry/cookies"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(path).deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try folder.write(path, "left")
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -7200)],
                ofItemAtPath: folder.url.appendingPathComponent(path).path)
        }
        _ = try Workspace.load(at: folder.url)
        for path in leftovers {
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(path).path), "\(path)")
        }
        #expect(try folder.read(".ferry/cookies") == "left")
    }
}
