import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The `editFile` service: the real ``ExternalEditor`` opening a file itself as `$EDITOR +line file`, with a
/// stand-in editor script that records its arguments.
@Suite struct ExternalEditorFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "ferry edit file")
        try folder.write(
            "record.sh",
            """
            #!/bin/sh
            for argument in "$@"; do printf '[%s]' "$argument"; done > "$(dirname "$0")/arguments"
            """)
        try folder.write("api calls.http", "GET http://127.0.0.1:9/\n")
    }

    private func editor(_ command: String) -> ExternalEditor {
        ExternalEditor(environment: ["EDITOR": command])
    }

    private var recorder: String { "sh '\(folder.url.appendingPathComponent("record.sh").path)'" }

    @Test func theEditorGetsTheLineThenTheFileAsOneArgumentEach() throws {
        let file = folder.url.appendingPathComponent("api calls.http")
        try editor(recorder).edit(file, atLine: 7)
        #expect(try folder.read("arguments") == "[+7][\(file.path)]", "a space in the path stays in one argument")
        try editor(recorder).edit(file, atLine: 0)
        #expect(try folder.read("arguments") == "[+1][\(file.path)]", "lines start at 1")
    }

    @Test func aMissingFileOrAFailingEditorSaysSo() throws {
        let missing = folder.url.appendingPathComponent("gone.http")
        #expect(throws: ExternalEditorError.fileProblem("\(missing.path) does not exist")) {
            try editor(recorder).edit(missing, atLine: 1)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("arguments").path))
        let file = folder.url.appendingPathComponent("api calls.http")
        #expect(throws: ExternalEditorError.failed(command: "exit 4", status: 4)) {
            try editor("exit 4").edit(file, atLine: 2)
        }
        #expect(throws: ExternalEditorError.notFound(command: "no-such-editor-for-ferry")) {
            try editor("no-such-editor-for-ferry").edit(file, atLine: 2)
        }
    }
}
