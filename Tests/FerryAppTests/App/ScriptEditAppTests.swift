import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// F4 on a request with scripts, through the whole app on the in-memory backend and the real
/// ``ExternalEditor`` running a stand-in editor script that records its arguments: an inline script opens the
/// `.http` file at the script's line (and the file is read again), a `.js` handler opens that file; the
/// editor's title marks requests with ‹pre› and ‹handler›.
@Suite("Editing scripts in the workbench", .serialized)
final class ScriptEditAppTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: """
                ### plain
                # @name plain
                GET {{host}}/json

                ### inline
                # @name inline
                GET {{host}}/json

                > {%
                  client.test("is bob", function () { client.assert(response.body.user.name === "bob"); });
                %}

                ### both
                # @name both
                < {% request.variables.set("x", "1"); %}
                GET {{host}}/json

                > ./handler.js

                ### js
                # @name js
                GET {{host}}/json

                > ./handler.js

                """,
            environments: ["local": "http://127.0.0.1:9"],
            extraFiles: [
                "handler.js": "client.test(\"ok\", function () { client.assert(response.status === 200); });\n",
                // Records its arguments (`+line file`), then edits the file as a user would.
                "edit.sh": """
                #!/bin/sh
                printf '%s %s\\n' "$1" "$2" >> "$(dirname "$0")/seen"
                sed -i 's/bob/ada/g' "$2"
                """,
            ])
    }

    /// A harness whose `editFile` service is the real editor, running `edit.sh` as `$EDITOR`.
    private func harness() throws -> AppHarness {
        let script = folder.url.appendingPathComponent("edit.sh").path
        // Through `sh`, not exec'd (see ExternalEditorTests: a script just written can be busy for exec).
        let editor = ExternalEditor(environment: ["EDITOR": "sh '\(script)'"])
        return try AppHarness(workspace: folder.url, editFile: { file, line in try editor.edit(file, atLine: line) })
    }

    /// The editor's calls so far, one `+line path` per line.
    private func seen() -> [String] {
        ((try? folder.read("seen")) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func theTitleMarksPreRequestScriptsAndHandlers() async throws {
        let app = try harness()
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.selector == "plain")
        #expect(app.shows("requests.http#plain"), "\(app.screen)")
        #expect(!app.shows("‹"), "a request without scripts has no mark\n\(app.screen)")
        try await app.press(.key(.tab, modifiers: .shift), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "inline")
        #expect(app.shows("requests.http#inline ‹handler›"), "\(app.screen)")
        try await app.press(.key(.tab, modifiers: .shift), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "both")
        #expect(app.shows("requests.http#both ‹pre› ‹handler›"), "\(app.screen)")
        try await app.quit()
    }

    @Test func f4OnAnInlineScriptOpensTheHTTPFileAtItsLineAndReadsItAgain() async throws {
        let app = try harness()
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "inline")
        try await app.press(.function(4))
        let http = folder.url.appendingPathComponent("requests.http").path
        #expect(seen() == ["+9 \(http)"], "the `> {%` line of the handler")
        #expect(app.backend.suspendCount == 1)
        try await app.waitFor("the file read again") { [app] in
            app.state.currentRequest?.responseHandlerScripts.first.map { "\($0)".contains("ada") } == true
        }
        #expect(app.state.openRequest?.selector == "inline", "the edited request stays open")
        #expect(try folder.read("requests.http").contains("=== \"ada\""))
        try await app.quit()
    }

    @Test func f4OpensThePreRequestScriptFirstAndAJSHandlerItsFile() async throws {
        let app = try harness()
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "both")
        try await app.press(.function(4))
        let http = folder.url.appendingPathComponent("requests.http").path
        #expect(seen() == ["+15 \(http)"], "the `< {%` line comes before the handler")
        try await app.settle()
        try await app.press(.key(.tab, modifiers: .shift), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "js")
        try await app.press(.function(4))
        let handler = folder.url.appendingPathComponent("handler.js").path
        #expect(seen().last == "+1 \(handler)")
        #expect(app.backend.suspendCount == 2)
        try await app.quit()
    }

    @Test func aScriptWithUnsavedEditsIsNotOpened() async throws {
        let app = try harness()
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.enter))
        try await app.type("x")
        #expect(app.state.hasUnsavedEdits)
        try await app.press(.function(4))
        #expect(seen().isEmpty, "the editor did not run")
        #expect(app.shows("unsaved edits"), "\(app.screen)")
        try await app.quit()
    }
}
