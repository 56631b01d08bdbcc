import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The real `ExternalEditor`: a temporary file, `sh -c "$EDITOR \"$1\""`, the file read back and removed.
@Suite struct ExternalEditorTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "ferry editor")
        // An "editor" that records the file it was given, then rewrites it like a user would.
        try folder.write(
            "edit.sh",
            """
            #!/bin/sh
            printf '%s' "$1" > "$(dirname "$0")/seen"
            sed -i 's/ferry/edited/' "$1"
            """)
        chmod(folder.url.appendingPathComponent("edit.sh").path, 0o755)
    }

    private func editor(_ variables: [String: String]) -> ExternalEditor {
        ExternalEditor(environment: variables.merging(["TMPDIR": folder.url.path]) { first, _ in first })
    }

    @Test func runsTheEditorOnATemporaryFileAndReadsItBack() throws {
        let script = folder.url.appendingPathComponent("edit.sh").path
        // Run through `sh`, not exec'd: another test thread forking while the script was being written can
        // hold it open for writing a moment longer, and exec would then fail with ETXTBSY (status 126).
        let edited = try editor(["EDITOR": "sh '\(script)'"]).edit("{\"name\": \"ferry\"}", fileExtension: "json")
        #expect(edited == "{\"name\": \"edited\"}")
        let seen = try folder.read("seen")
        #expect(seen.hasSuffix(".json"), "\(seen)")
        #expect(seen.hasPrefix(folder.url.path), "the file goes in TMPDIR, even with a space in its path")
        #expect(!FileManager.default.fileExists(atPath: seen), "the temporary file is removed")
    }

    @Test func thePagerIsPagerElseLessAndShowsTheFileItself() throws {
        #expect(ExternalEditor.pager(environment: [:]).command == "less")
        #expect(ExternalEditor.pager(environment: ["PAGER": " ", "EDITOR": "nano"]).command == "less")
        let file = folder.url.appendingPathComponent("body.json")
        try Data("{}".utf8).write(to: file)
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // The shell splits the command; the file comes as its own argument (the folder has a space in it).
        try ExternalEditor.pager(environment: ["PAGER": "cp -t '\(out.path)'"]).show(file)
        #expect(FileManager.default.contents(atPath: out.appendingPathComponent("body.json").path) == Data("{}".utf8))
        #expect(throws: ExternalEditorError.failed(command: "false", status: 1)) {
            try ExternalEditor.pager(environment: ["PAGER": "false"]).show(file)
        }
    }

    @Test func theShellSplitsTheCommandAndVisualWinsOverEditor() throws {
        let edited = try editor(["VISUAL": "sed -i s/one/two/", "EDITOR": "false"]).edit("one", fileExtension: "txt")
        #expect(edited == "two")
        #expect(ExternalEditor(environment: [:]).command == "vi")
        #expect(ExternalEditor(environment: ["EDITOR": "nano", "VISUAL": " "]).command == "nano")
    }

    @Test func aFailingOrMissingEditorSaysSoAndLeavesNoFile() throws {
        #expect(throws: ExternalEditorError.failed(command: "exit 3", status: 3)) {
            try editor(["EDITOR": "exit 3"]).edit("x", fileExtension: "txt")
        }
        #expect(throws: ExternalEditorError.notFound(command: "no-such-editor-for-ferry")) {
            try editor(["EDITOR": "no-such-editor-for-ferry"]).edit("x", fileExtension: "txt")
        }
        #expect(throws: ExternalEditorError.killed(command: "kill -TERM $$", signal: SIGTERM)) {
            try editor(["EDITOR": "kill -TERM $$"]).edit("x", fileExtension: "txt")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("ferry-body-")
        }
        #expect(left.isEmpty, "\(left)")
        #expect("\(ExternalEditorError.notFound(command: "vim"))".contains("set $VISUAL or $EDITOR"))
    }

    @Test func theFileExtensionFollowsTheBody() {
        #expect(EditorFeature.bodyFileExtension("{}", contentType: "application/json; charset=utf-8") == "json")
        #expect(EditorFeature.bodyFileExtension("[1, 2]", contentType: nil) == "json")
        #expect(EditorFeature.bodyFileExtension("{not json", contentType: nil) == "txt")
        #expect(EditorFeature.bodyFileExtension("<a/>", contentType: "application/xml") == "xml")
        #expect(EditorFeature.bodyFileExtension("a=1&b=2", contentType: "application/x-www-form-urlencoded") == "txt")
    }
}
