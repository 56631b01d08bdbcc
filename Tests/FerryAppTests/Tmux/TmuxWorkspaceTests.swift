import FerryTestSupport
import Foundation
import Testing

/// The real binary in tmux working with its workspace: a file edited from the test while Ferry runs is read
/// again (and an edit under unsaved changes asks first); a curl command pasted (bracketed, through tmux's
/// `paste-buffer -p`) into the URL field becomes the request; F12 edits a variable into the environment file.
@Suite("ferry in tmux: live reload, paste curl, variables", .serialized)
struct TmuxWorkspaceTests {
    @Test func aFileEditedOutsideIsReadAgainAndEditsUnderUnsavedChangesAsk() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "requests.http#get-json")

        try folder.write("pulled.http", "### pulled\n# @name pulled\nGET /p\n")
        try await session.waitForScreen(showing: ["Reloaded from disk: pulled.http.", "pulled.http"])

        // Unsaved edits of get-json, then its file changes: Ferry asks, the edits stay until told.
        try await session.send("Tab")
        try await session.send("?mine=1", literal: true)
        try await TmuxWorkbench.waitFor(session, "{{host}}/json?mine=1")
        try folder.write(
            "requests.http",
            TemporaryWorkspace.sampleRequests.replacingOccurrences(of: "{{host}}/json", with: "{{host}}/theirs"))
        try await session.waitForScreen(showing: ["changed on disk under your unsaved edits", "Keep my edits"])
        try await session.send("Enter")
        try await session.waitForScreen(showing: ["Kept your edits", "{{host}}/json?mine=1"])
        try await session.send("C-s")
        try await TmuxWorkbench.waitUntil(session, "the edits saved over the new file") { _ in
            (try? folder.read("requests.http").contains("GET {{host}}/json?mine=1")) == true
        }
        #expect(try folder.read("requests.http").contains("GET {{host}}/theirs") == false)
    }

    @Test func aPastedCurlCommandBecomesTheRequest() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "requests.http#get-json")
        try await session.send("Tab")
        _ = try await TmuxSession.run([
            "-L", session.name, "set-buffer",
            "curl -X PATCH https://api.example.test/items/7 -H 'X-Trace: 42' --data-raw 'a=1'",
        ])
        _ = try await TmuxSession.run(["-L", session.name, "paste-buffer", "-p", "-t", session.name])
        try await session.waitForScreen(showing: ["PATCH https://api.example.test/items/7", "● unsaved"])
        // The headers went into the request too (the Headers tab).
        try await session.send("C-t")
        try await session.waitForScreen(showing: ["X-Trace"])
    }

    @Test func f12EditsAVariableIntoTheEnvironmentFile() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "requests.http#get-json")
        try await session.send("F12")
        try await session.waitForScreen(showing: ["Variables of environment local", "http-client.env.json:2"])
        try await session.send("Enter")
        try await session.waitForScreen(showing: ["host in local (http-client.env.json)"])
        try await session.send("End")
        try await session.send("/v2", literal: true)
        try await session.send("Enter")
        try await TmuxWorkbench.waitUntil(session, "the value in the file") { _ in
            (try? folder.read("http-client.env.json").contains("\"host\": \"http://127.0.0.1:9/v2\"")) == true
        }
        // The URL line resolves with the new value.
        try await session.waitForScreen(showing: ["→ http://127.0.0.1:9/v2/json"])
    }
}
