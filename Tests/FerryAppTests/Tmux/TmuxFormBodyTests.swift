import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux against httpbin: a form body edited in the fields table, sent and saved; the
/// URL field's word motion (Ctrl-Left as a real terminal encodes it); F7's kind picker, filtered, and F1 in it.
@Suite("ferry in tmux: form bodies", .serialized)
struct TmuxFormBodyTests {
    @Test func aFormIsEditedSentAndSavedAndTheURLMovesByWord() async throws {
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
        try await session.waitFor("requests.http#form")

        // The Body tab's fields table: add a field, send, save.
        try await session.send("Tab")
        try await session.send("C-t")
        try await session.send("C-t")
        try await session.send("Down")
        try await session.waitFor("Form (urlencoded) · 2 fields")
        try await session.send("End")
        try await session.send("IC")
        try await session.send("c", literal: true)
        try await session.send("Enter")
        try await session.send("hello world", literal: true)
        try await session.send("Enter")
        try await session.waitFor("3 fields")
        try await session.send("C-r")
        try await session.waitFor("c: \"hello world\"")
        try await session.send("C-s")
        try await session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("\n\na=1&b=x+y&c=hello%20world\n"))

        // Back to the URL: Ctrl-Left moves a word, typing inserts there.
        try await session.send("Escape")
        try await session.send("End")
        try await session.send("C-Left")
        try await session.send("x/", literal: true)
        try await session.waitFor("{{host}}/x/post")
        try await session.send("C-s")
        try await session.waitUntil("the URL saved", timeout: .seconds(90)) { _ in
            (try? folder.read("requests.http").contains("POST {{host}}/x/post\n")) == true
        }

        // F7 opens the kind picker; typing filters it (q too); F1 lists the picker's keys and Esc goes back to
        // the picker with its filter.
        try await session.send("F7")
        try await session.waitFor("Body (Form (urlencoded) now)")
        try await session.send("mq", literal: true)
        try await session.waitFor("No matches")
        try await session.send("BSpace")
        try await session.waitFor("Multipart")
        // Waits take the whole condition: a capture can catch a frame half drawn (its top rows only).
        try await session.send("F1")
        // The picker is not drawn under its help.
        try await session.waitForScreen(
            showing: ["Help — keys in the body kind picker", "Choose the selected row", "Filters the list"],
            hiding: ["Body (Form (urlencoded) now)"])
        try await session.send("Escape")
        try await session.waitUntil("the picker again, filtered by m") {
            !$0.contains("Help — keys") && $0.contains("Body (Form (urlencoded) now)") && $0.contains("> m")
                && $0.contains("Multipart")
        }
        try await session.send("Escape")
        // Wait for the picker to close: Esc followed at once by another key would read as Alt.
        try await session.waitUntil("the picker to close", timeout: .seconds(90)) { !$0.contains("Body (Form") }
        try await session.send("C-q")
        try await session.waitUntil("ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
    }
}
