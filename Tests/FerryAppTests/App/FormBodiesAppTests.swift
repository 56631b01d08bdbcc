import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The whole app against httpbin: form and multipart bodies edited in the fields table, sent with Ctrl-R (httpbin's
/// `/post` echoes the form and the files) and saved with Ctrl-S in the JetBrains syntax.
@Suite("Form bodies in the app", .serialized)
struct FormBodiesAppTests {
    static let requests = """
        ### form
        POST {{host}}/post
        Content-Type: application/x-www-form-urlencoded

        a=1&b=x+y

        ### multipart
        POST {{host}}/post
        Content-Type: multipart/form-data; boundary=WebAppBoundary

        --WebAppBoundary
        Content-Disposition: form-data; name="title"

        Hello {{user}}
        --WebAppBoundary--

        """

    @Test func formAndMultipartFieldsAreEditedSentToHttpbinAndSaved() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryWorkspace(
            requests: Self.requests, environments: [:],
            extraFiles: [
                "http-client.env.json": "{\"local\": {\"host\": \"\(base)\", \"user\": \"ada\"}}",
                "data.json": "{\"from\": \"file\"}",
            ])
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        // The form request is open: Body tab, Down opens the fields table.
        try await app.press(.key(.tab), .control("t"), .control("t"), .key(.down))
        #expect(app.shows("Form (urlencoded) · 2 fields"), "\(app.screen)")
        try await app.press(.key(.end), .key(.insert))
        try await app.type("c")
        try await app.press(.key(.enter))
        try await app.type("{{user}} & co")
        try await app.press(.key(.enter))
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.shows("200") && app.shows("ada & co") }
        #expect(app.shows("x y"), "\(app.screen)")
        try await app.press(.control("s"))
        #expect(try folder.read("requests.http").contains("\n\na=1&b=x+y&c={{user}}%20%26%20co\n"))

        // The multipart request: a file field next to the text field.
        try await app.press(.key(.escape), .key(.tab), .key(.tab), .key(.down), .key(.enter), .key(.down))
        #expect(app.shows("Multipart · 1 field"), "\(app.screen)")
        try await app.press(.key(.end), .key(.insert))
        try await app.type("upload")
        try await app.press(.key(.enter))
        try await app.type("< ./data.json")
        try await app.press(.key(.enter))
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.shows("200") && app.shows("Hello ada") }
        #expect(app.shows("upload"), "\(app.screen)")
        #expect(app.shows("from"), "\(app.screen)")
        try await app.press(.control("s"))
        let saved = try Workspace.load(at: folder.url)
        let multipart = try saved.request("requests.http#multipart").request
        #expect(multipart.formFields?.map(\.name) == ["title", "upload"])
        #expect(multipart.formFields?.last?.filePath == "./data.json")
        #expect(
            try folder.read("requests.http").contains(
                "Content-Disposition: form-data; name=\"upload\"; filename=\"data.json\"\nContent-Type: application/json\n\n< ./data.json\n--WebAppBoundary--\n"
            ))

        // F7 lists the kinds.
        try await app.press(.key(.function(7)))
        #expect(app.shows("Body (Multipart now)") && app.shows("Form (urlencoded)"), "\(app.screen)")
        try await app.press(.key(.escape))
        try await app.quit()
    }

    @Test func jsonIsCheckedAndFormattedAndAFileBodyIsSentToHttpbin() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryWorkspace(
            requests: "### empty\nPOST {{host}}/post\n", environments: ["local": base],
            extraFiles: ["payload/data.json": "{\"from\": \"file\"}"])
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        // No body: Down on the Body tab opens the kind picker.
        try await app.press(.key(.tab), .control("t"), .control("t"), .key(.down))
        #expect(app.shows("Body (None now)"), "\(app.screen)")
        try await app.type("json")
        try await app.press(.key(.enter))
        try await app.type("{\"a\": [1,")
        #expect(app.shows("JSON · editing") && app.shows("✗ line 1"), "\(app.screen)")
        try await app.type("2]}")
        #expect(app.shows("✓ valid · F8 formats"), "\(app.screen)")
        try await app.press(.key(.function(8)))
        #expect(app.state.currentRequest?.body == "{\n  \"a\": [\n    1,\n    2\n  ]\n}")
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.shows("200") && app.shows("json") }
        // F7 → File, with a path under the request's folder; Ctrl-R reads the file and sends its bytes.
        try await app.press(.key(.function(7)))
        try await app.type("file")
        try await app.press(.key(.enter))
        try await app.type("payload/data.json")
        try await app.press(.key(.enter))
        #expect(app.state.currentRequest?.body == "< ./payload/data.json")
        try await app.press(.key(.escape), .control("r"))
        try await app.waitFor("the file's bytes echoed") { app.shows("from") }
        #expect(app.state.message?.isError != true, "\(app.screen)")
        try await app.press(.control("s"))
        #expect(try folder.read("requests.http").contains("Content-Type: application/json\n\n< ./payload/data.json\n"))
        try await app.quit()
    }
}
