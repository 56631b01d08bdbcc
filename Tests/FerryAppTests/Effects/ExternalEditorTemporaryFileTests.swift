import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The editor's temporary file: private, never over something already there, and written through a
/// close-on-exec descriptor (so children other threads start meanwhile don't inherit it).
@Suite struct ExternalEditorTemporaryFileTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "ferry editor file") }

    @Test func writesTheTextForTheUserOnly() throws {
        let file = folder.url.appendingPathComponent("body.json")
        try ExternalEditor.writePrivateFile("{\"a\": 1}", to: file)
        #expect(try folder.read("body.json") == "{\"a\": 1}")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func refusesAFileOrLinkAlreadyThere() throws {
        try folder.write("taken.json", "mine")
        #expect(throws: ExternalEditorError.self) {
            try ExternalEditor.writePrivateFile("body", to: folder.url.appendingPathComponent("taken.json"))
        }
        #expect(try folder.read("taken.json") == "mine")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("link.json").path,
            withDestinationPath: folder.url.appendingPathComponent("elsewhere.json").path)
        #expect(throws: ExternalEditorError.self) {
            try ExternalEditor.writePrivateFile("body", to: folder.url.appendingPathComponent("link.json"))
        }
        #expect(!folder.exists("elsewhere.json"))
    }
}
