import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against httpbin: a form body edited in the fields table, sent and saved; the
/// URL field's word motion (Ctrl-Left as a real terminal encodes it); F7's kind picker.
@Suite("ferry in tmux: form bodies", .serialized)
struct TmuxFormBodyTests {
    @Test func aFormIsEditedSentAndSavedAndTheURLMovesByWord() throws {
        guard let httpbin = try TestServers.httpbinURL(), TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(
            requests: """
                ### form
                POST {{host}}/post
                Content-Type: application/x-www-form-urlencoded

                a=1&b=x+y

                """,
            environments: ["local": httpbin])
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 30,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try session.waitFor("requests.http#form")

        // The Body tab's fields table: add a field, send, save.
        try session.send("Tab")
        try session.send("C-t")
        try session.send("C-t")
        try session.send("Down")
        try session.waitFor("Form (urlencoded) · 2 fields")
        try session.send("End")
        try session.send("a")
        try session.send("c", literal: true)
        try session.send("Enter")
        try session.send("hello world", literal: true)
        try session.send("Enter")
        try session.waitFor("3 fields")
        try session.send("C-r")
        try session.waitFor("c: \"hello world\"")
        try session.send("C-s")
        try session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("\n\na=1&b=x+y&c=hello%20world\n"))

        // Back to the URL: Ctrl-Left moves a word, typing inserts there.
        try session.send("Escape")
        try session.send("End")
        try session.send("C-Left")
        try session.send("x/", literal: true)
        try session.waitFor("{{host}}/x/post")
        try session.send("C-s")
        try session.waitUntil("the URL saved", timeout: .seconds(5)) { _ in
            (try? folder.read("requests.http").contains("POST {{host}}/x/post\n")) == true
        }

        // F7 opens the kind picker.
        try session.send("F7")
        try session.waitFor("Body (Form (urlencoded) now)")
        try session.send("Escape")
        // Wait for the picker to close: Esc followed at once by another key would read as Alt.
        try session.waitUntil("the picker to close", timeout: .seconds(5)) { !$0.contains("Body (Form") }
        try session.send("C-q")
        try session.waitUntil("ferry to exit", timeout: .seconds(5)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
    }
}
