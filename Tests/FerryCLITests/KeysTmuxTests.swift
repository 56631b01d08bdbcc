import FerryTestSupport
import Foundation
import Testing

/// `ferry keys` on a real terminal (tmux): the aligned table goes through the CLI's terminal-safe output and
/// arrives on screen as it is piped, arrows and all.
@Suite(.serialized) struct KeysTmuxTests {
    @Test func plainTableOnATerminalReadsAsPiped() async throws {
        guard TmuxSession.isAvailable else { return }
        let piped = try await FerryProcess.run(["keys"])
        let lines = piped.text.split(separator: "\n").map {
            $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, "keys"], width: 200, height: lines.count + 5,
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { session.kill() }
        #expect(await eventually(timeout: .seconds(30)) { session.hasExited }, "ferry keys did not finish")
        #expect(session.exitStatus == 0)
        // The screen shows the table's end (tmux's "Pane is dead" line below it may scroll its first away).
        // tmux may see the exit before it has drawn the last bytes the pane's terminal got: wait for the end.
        var screen: [String] = []
        let drawn = await eventually(timeout: .seconds(30)) {
            screen = Self.lines(of: (try? await session.screen()) ?? "")
            return screen.last == lines.last
        }
        #expect(drawn, "the table's last line never showed")
        #expect(screen.count > lines.count / 2, "\(screen)")
        #expect(Array(lines.suffix(screen.count)) == screen)
    }

    /// The screen's lines without trailing spaces, the empty ones at the bottom and tmux's "Pane is dead" line.
    private static func lines(of screen: String) -> [String] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        while let last = lines.last, last.isEmpty || last.hasPrefix("Pane is dead") { lines.removeLast() }
        return lines
    }
}
