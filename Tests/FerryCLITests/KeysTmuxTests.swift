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
        var screen = try await session.screen().split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        while let last = screen.last, last.isEmpty || last.hasPrefix("Pane is dead") { screen.removeLast() }
        #expect(screen.count > lines.count / 2, "\(screen)")
        #expect(Array(lines.suffix(screen.count)) == screen)
    }
}
