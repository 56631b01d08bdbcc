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
        // A shell prints a marker after `ferry keys` and stays: the pane is read to the end while it lives, so
        // the test waits for the marker (an event) instead of racing tmux's drawing against the exit.
        let session = try TmuxSession(
            command: [
                "/bin/sh", "-c", "\"$0\" keys; printf '__END__ %s\\n' \"$?\"; exec sleep 600",
                FerryProcess.executableURL.path,
            ], width: 200, height: lines.count + 6, environment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { session.kill() }
        var screen: [String] = []
        let drawn = await eventually(timeout: .seconds(120)) {
            screen = Self.lines(of: (try? await session.screen()) ?? "")
            return screen.last?.hasPrefix("__END__") == true
        }
        #expect(drawn, "ferry keys did not finish: \(screen)")
        #expect(screen.last == "__END__ 0", "\(screen)")
        screen.removeLast()
        #expect(screen.count > lines.count / 2, "\(screen)")
        #expect(Array(lines.suffix(screen.count)) == screen)
    }

    /// The screen's lines without trailing spaces and the empty ones at the bottom.
    private static func lines(of screen: String) -> [String] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
    }
}
