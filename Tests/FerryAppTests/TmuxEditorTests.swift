import FerryTestSupport
import Foundation
import Testing

/// The real binary in tmux: F4 hands the terminal to `$EDITOR` (a shell script here) and takes it back;
/// `y` copies through OSC 52 into tmux's clipboard.
@Suite("ferry in tmux: editor and clipboard", .serialized)
struct TmuxEditorTests {
    @Test func f4RunsTheEditorOnTheRealTerminalAndRestoresTheScreen() throws {
        guard TmuxSession.isAvailable else { return }
        let server = try TestServerRoutes.start()
        defer { server.stop() }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL])
        // The "editor": shows a line on the terminal, waits (bounded) for the test to say go, then rewrites
        // the body with sed, as a person in vi would.
        try folder.write(
            "editor.sh",
            """
            #!/bin/sh
            printf 'EDITOR OWNS THE TERMINAL: %s\\n' "$1"
            dir="$(dirname "$0")"
            i=0
            while [ ! -f "$dir/go" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i + 1)); done
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
        _ = try TmuxSession.run(["-L", session.name, "set-option", "-s", "set-clipboard", "on"])

        try session.waitFor("requests.http#get-json")
        try session.send("j")
        try session.send("Enter")
        try session.waitFor("requests.http#post-json")

        // F4: the workbench leaves the screen to the editor, which gets a .json file.
        try session.send("F4")
        let during = try session.waitFor("EDITOR OWNS THE TERMINAL")
        #expect(!during.contains("requests.http#post-json"), "the workbench is off the screen:\n\(during)")
        #expect(during.contains(".json"), "\(during)")
        try folder.write("go", "")

        // Back: the whole workbench is repainted and the edited body is in the draft.
        let after = try session.waitFor("Body updated from the editor")
        #expect(!after.contains("EDITOR OWNS THE TERMINAL"), "the editor's output is gone:\n\(after)")
        #expect(after.contains("requests.http#post-json") && after.contains("● unsaved"), "\(after)")
        try session.send("C-t")
        try session.send("C-t")
        try session.waitFor("{\"name\": \"edited in tmux\"}")

        // Keys still work after the hand-over: save, and the file on disk has the new body.
        try session.send("C-s")
        try session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("{\"name\": \"edited in tmux\"}\n"))

        // OSC 52 through the backend, between frames: tmux puts it in its paste buffer.
        try session.send("C-r")
        try session.waitFor(" 200 ")
        try session.send("Tab")
        try session.waitFor("┏ Response")
        try session.send("y")
        try session.waitFor("Copied value")
        let buffer = try session.waitUntilBuffer()
        #expect(buffer.contains("edited in tmux"), "\(buffer)")

        try session.send("C-q")
        try session.waitUntil("ferry to exit", timeout: .seconds(5)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
    }
}

extension TmuxEditorTests {
    @Test func ctrlZStopsTheAppForTheShellAndFgBringsItBack() throws {
        guard TmuxSession.isAvailable, FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:1"])
        // An interactive shell with job control, as a person would have.
        let session = try TmuxSession(
            command: ["/bin/bash", "--norc", "--noprofile", "-i"], width: 100, height: 30,
            environment: [
                "SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path, "PS1": "test-shell$ ",
            ])
        defer { session.kill() }
        try session.waitFor("test-shell$")
        // An editor that suspends itself like vi on Ctrl-Z (its whole process group, ferry included).
        try folder.write(
            "stopping-editor.sh", "#!/bin/sh\nkill -TSTP 0\nsed -i 's/\"ferry\"/\"after fg\"/' \"$1\"\n")
        chmod(folder.url.appendingPathComponent("stopping-editor.sh").path, 0o755)
        let editor = folder.url.appendingPathComponent("stopping-editor.sh").path
        let command =
            "EDITOR=\"sh '\(editor)'\" "
            + [FerryProcess.executableURL.path, folder.url.path].map { "'\($0)'" }.joined(separator: " ")
        try session.send(command, literal: true)
        try session.send("Enter")
        try session.waitFor("requests.http#get-json")

        try session.send("C-z")
        let stopped = try session.waitUntil("the shell to report the stopped job") {
            $0.contains("Stopped") && $0.contains("test-shell$")
        }
        #expect(!stopped.contains("requests.http#get-json"), "the workbench left the screen:\n\(stopped)")

        try session.send("fg", literal: true)
        try session.send("Enter")
        let back = try session.waitFor("requests.http#get-json")
        #expect(!back.contains("test-shell$"), "repainted in full:\n\(back)")
        // Keys work again after the resume.
        try session.send("j")
        try session.send("Enter")
        try session.waitFor("requests.http#post-json")

        // F4 with an editor that stops itself: the job stops as a whole, and after fg the edit comes back.
        try session.send("F4")
        try session.waitUntil("the editor's job to stop (a second Stopped line)") {
            $0.components(separatedBy: "Stopped").count >= 3 && !$0.contains("requests.http#")
        }
        try session.send("fg", literal: true)
        try session.send("Enter")
        try session.waitFor("Body updated from the editor")
        #expect(app(session).contains("● unsaved"))
        try session.send("C-s")
        try session.waitFor("Saved requests.http")
        #expect(try folder.read("requests.http").contains("{\"name\": \"after fg\"}"))

        try session.send("C-q")
        try session.waitUntil("ferry to quit back to the shell") { !$0.contains("requests.http#") }
    }
}

/// The screen now.
private func app(_ session: TmuxSession) -> String { (try? session.screen()) ?? "" }

extension TmuxSession {
    /// Polls tmux's newest paste buffer until it is not empty (or 5 s pass) and returns it.
    fileprivate func waitUntilBuffer() throws -> String {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let result = try TmuxSession.run(["-L", name, "show-buffer"])
            if result.status == 0, !result.output.isEmpty { return result.output }
            if ContinuousClock.now > deadline { throw TmuxError("tmux has no paste buffer: \(result.output)") }
            usleep(20_000)
        }
    }
}
