import FerryTestSupport
import Foundation
import Testing

/// The real binary in tmux: F4 hands the terminal to `$EDITOR` (a shell script here) and takes it back;
/// `y` copies through OSC 52 into tmux's clipboard.
@Suite("ferry in tmux: editor and clipboard", .serialized)
struct TmuxEditorTests {
    @Test func f4RunsTheEditorOnTheRealTerminalAndRestoresTheScreen() async throws {
        guard TmuxSession.isAvailable else { return }
        let server = try TestServerRoutes.start()
        defer { server.stop() }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL])
        // The "editor": shows a line on the terminal, waits (up to a minute) for the test to say go, then rewrites
        // the body with sed, as a person in vi would.
        try folder.write(
            "editor.sh",
            """
            #!/bin/sh
            printf 'EDITOR OWNS THE TERMINAL: %s\\n' "$1"
            dir="$(dirname "$0")"
            i=0
            while [ ! -f "$dir/go" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
            sed -i 's/"ferry"/"edited in tmux"/' "$1"
            """)
        chmod(folder.url.appendingPathComponent("editor.sh").path, 0o755)
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 30,
            environment: [
                "SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path,
                // Through `sh` (not exec'd), so a write handle leaked by another test's fork cannot give ETXTBSY.
                "EDITOR": "sh '\(folder.url.appendingPathComponent("editor.sh").path)'", "VISUAL": "",
            ])
        defer { session.kill() }
        _ = try await TmuxSession.run(["-L", session.name, "set-option", "-s", "set-clipboard", "on"])

        try await session.waitFor("requests.http#get-json")
        try await session.send("j")
        try await session.send("Enter")
        try await session.waitFor("requests.http#post-json")

        // F4: the workbench leaves the screen to the editor, which gets a .json file.
        try await session.send("F4")
        // The workbench is off the screen (all on one capture: a capture can catch a frame half drawn).
        try await session.waitForScreen(
            showing: ["EDITOR OWNS THE TERMINAL", ".json"], hiding: ["requests.http#post-json"])
        try folder.write("go", "")

        // Back: the whole workbench is repainted and the edited body is in the draft.
        // The editor's output is gone.
        try await session.waitForScreen(
            showing: ["Body updated from the editor", "requests.http#post-json", "● unsaved"],
            hiding: ["EDITOR OWNS THE TERMINAL"])
        try await session.send("C-t")
        try await session.send("C-t")
        try await session.waitFor("{\"name\": \"edited in tmux\"}")

        // Keys still work after the hand-over: save, and the file on disk has the new body.
        try await session.send("C-s")
        try await session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("{\"name\": \"edited in tmux\"}\n"))

        // OSC 52 through the backend, between frames: tmux puts it in its paste buffer.
        try await session.send("C-r")
        try await session.waitFor(" 200 ")
        try await session.send("Tab")
        try await session.waitFor("┏ Response")
        try await session.send("y")
        try await session.waitFor("Copied value")
        let buffer = try await session.waitUntilBuffer()
        #expect(buffer.contains("edited in tmux"), "\(buffer)")

        try await session.send("C-q")
        try await session.waitUntil("ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
    }
}

extension TmuxEditorTests {
    @Test func ctrlZStopsTheAppForTheShellAndFgBringsItBack() async throws {
        guard TmuxSession.isAvailable, FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:1"])
        // An interactive shell with job control, as a person would have.
        let session = try TmuxSession(
            command: ["/bin/bash", "--norc", "--noprofile", "-i"], width: 100, height: 30,
            environment: [
                "SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path, "PS1": "test-shell$ ",
                // No history file: bash writes it when killed, after the workspace folder is gone, and made
                // the folder again with only `.bash_history` in it (one left in /tmp per run).
                "HISTFILE": "/dev/null",
            ])
        defer { session.kill() }
        try await session.waitFor("test-shell$")
        // An editor that suspends itself like vi on Ctrl-Z (its whole process group, ferry included).
        try folder.write(
            "stopping-editor.sh", "#!/bin/sh\nkill -TSTP 0\nsed -i 's/\"ferry\"/\"after fg\"/' \"$1\"\n")
        chmod(folder.url.appendingPathComponent("stopping-editor.sh").path, 0o755)
        let editor = folder.url.appendingPathComponent("stopping-editor.sh").path
        let command =
            "EDITOR=\"sh '\(editor)'\" "
            + [FerryProcess.executableURL.path, folder.url.path].map { "'\($0)'" }.joined(separator: " ")
        try await session.send(command, literal: true)
        try await session.send("Enter")
        try await session.waitFor("requests.http#get-json")

        try await session.send("C-z")
        // The workbench left the screen.
        try await session.waitForScreen(showing: ["Stopped", "test-shell$"], hiding: ["requests.http#get-json"])

        try await session.send("fg", literal: true)
        try await session.send("Enter")
        // Repainted in full.
        try await session.waitForScreen(showing: ["requests.http#get-json"], hiding: ["test-shell$"])
        // Keys work again after the resume.
        try await session.send("j")
        try await session.send("Enter")
        try await session.waitFor("requests.http#post-json")

        // F4 with an editor that stops itself: the job stops as a whole, and after fg the edit comes back.
        try await session.send("F4")
        try await session.waitUntil("the editor's job to stop (a second Stopped line)") {
            $0.components(separatedBy: "Stopped").count >= 3 && !$0.contains("requests.http#")
        }
        try await session.send("fg", literal: true)
        try await session.send("Enter")
        try await session.waitForScreen(showing: ["Body updated from the editor", "● unsaved"])
        try await session.send("C-s")
        try await session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("{\"name\": \"after fg\"}"))

        try await session.send("C-q")
        try await session.waitUntil("ferry to quit back to the shell") { !$0.contains("requests.http#") }
    }
}

extension TmuxSession {
    /// Polls tmux's newest paste buffer until it is not empty (or 20 s pass) and returns it.
    fileprivate func waitUntilBuffer() async throws -> String {
        var result: (status: Int32, output: String) = (0, "")
        let filled = try await eventually(timeout: .seconds(90), every: .milliseconds(20)) {
            result = try await TmuxSession.run(["-L", name, "show-buffer"])
            return result.status == 0 && !result.output.isEmpty
        }
        guard filled else { throw TmuxError("tmux has no paste buffer: \(result.output)") }
        return result.output
    }
}
