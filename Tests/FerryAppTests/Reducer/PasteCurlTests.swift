import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// A curl command pasted into the URL field becomes the open request (method, URL, headers, body) as a
/// draft, on ``ReducerTester`` (each change stated); other pastes are typed as before.
@Suite("Paste curl")
struct PasteCurlTests {
    let folder: TemporaryWorkspace
    let state: AppState
    let id: RequestID

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
        id = try #require(state.openRequest)
    }

    /// A tester with the URL field focused as users focus it: Tab from the tree.
    func inTheField() -> ReducerTester {
        let tester = ReducerTester(state)
        tester.press(.key(.tab)) { $0.panes.focus = .editor }
        return tester
    }

    @Test func aPastedCurlCommandBecomesTheRequestAndKeepsItsName() async throws {
        let tester = inTheField()
        let saved = try #require(state.savedRequest(id))
        let command = """
            curl -L -X PUT 'https://api.example.test/items/7?x=%20{{id}}' \\
              -H 'Authorization: Bearer {{token}}' -H 'X-Trace: 1' \\
              --data-raw '{"done":true}'
            """
        tester.press(.paste(command)) {
            var wanted = saved
            wanted.explicitMethod = "PUT"
            wanted.url = "https://api.example.test/items/7?x=%20{{id}}"
            wanted.headerLines = [
                .field(name: "Authorization", value: "Bearer {{token}}"), .field(name: "X-Trace", value: "1"),
                .field(name: "Content-Type", value: "application/x-www-form-urlencoded"),
            ]
            wanted.body = #"{"done":true}"#
            $0.editor.drafts[id] = wanted
            $0.resetURLEditor()
            // What of the command was read differently is said (here its `{{`); the rest became the request.
            $0.report(
                .info(
                    "Pasted curl command: the command contains '{{', which Ferry reads as a variable reference"))
        }
        let draft = try #require(tester.state.editor.drafts[id])
        #expect(draft.name == "get-json")
        #expect(tester.state.editor.urlEditor.text == "https://api.example.test/items/7?x=%20{{id}}")
        await tester.finish()
        // The draft went to disk like any edit: it survives a restart, and the file is unchanged.
        let drafts = DraftStore(stateFolder: state.workspace.stateFolder).load()
        #expect(drafts[id]?.method == "PUT")
        #expect(try folder.loadState(size: Size(width: 80, height: 24)).savedRequest(id)?.method == "GET")
    }

    @Test func withoutDashLTheRequestStopsFollowingRedirectsAndOtherTextIsTyped() async throws {
        let tester = inTheField()
        let saved = try #require(state.savedRequest(id))
        tester.press(.paste("curl http://127.0.0.1:9/a")) {
            var wanted = saved
            wanted.explicitMethod = "GET"
            wanted.url = "http://127.0.0.1:9/a"
            wanted.headerLines = []
            wanted.preamble.append(.directive("no-redirect"))
            $0.editor.drafts[id] = wanted
            $0.resetURLEditor()
            $0.report(.info("Pasted curl command: GET http://127.0.0.1:9/a"))
        }
        // Plain text with a line break is typed into the field, the break dropped.
        tester.press(.paste("/b\n")) {
            $0.editor.urlEditor.viewport = AppReducer.urlFieldArea($0).size
            $0.editor.urlEditor.insert("/b")
            $0.editor.drafts[id]?.url = "http://127.0.0.1:9/a/b"
        }
        await tester.finish()
    }

    @Test func aBrokenCurlCommandChangesNothingAndSaysWhy() async throws {
        let tester = inTheField()
        tester.press(.paste("curl -H 'X: 1'")) {
            $0.report(.error("Pasted curl command not used: curl command without a URL; skipped (line 1)"))
        }
        #expect(tester.state.editor.drafts.isEmpty)
        await tester.finish()
    }
}
