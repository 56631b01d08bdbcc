import FerrySystem
import FerryTestSupport
import Foundation
import Testing

/// A write killed before its rename (`kill -9`) leaves `.NAME.ferry-XXXXXX`; the next start removes those old
/// enough not to be another process's write under way, and nothing else.
@Suite struct AtomicFileLeftoverTests {
    @Test func oldTemporaryFilesGoAndEverythingElseStays() throws {
        let folder = try TemporaryFolder()
        let hourAgo = Date(timeIntervalSinceNow: -3600)
        for name in [".cookies.ferry-a1B2c3", ".ids.json.ferry-zzzzzz", "old.txt", ".gitignore", ".x.ferry-12"] {
            try folder.write(name, "left")
            try FileManager.default.setAttributes(
                [.modificationDate: hourAgo], ofItemAtPath: folder.url.appendingPathComponent(name).path)
        }
        // A write under way in another process.
        try folder.write(".history.jsonl.ferry-Q9w8e7", "now")
        // A folder is never a leftover.
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(".d.ferry-abcdef"), withIntermediateDirectories: false)
        let removed = AtomicFile.removeLeftovers(in: folder.url.path, olderThan: .seconds(600))
        #expect(removed == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names == [".d.ferry-abcdef", ".gitignore", ".history.jsonl.ferry-Q9w8e7", ".x.ferry-12", "old.txt"])
    }

    @Test func aMissingFolderRemovesNothing() {
        #expect(AtomicFile.removeLeftovers(in: "/nonexistent/ferry-\(UUID().uuidString)", olderThan: .zero) == 0)
    }
}
