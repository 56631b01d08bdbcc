import Foundation
import Testing

@testable import FerryTestSupport

/// Waiting for a whole screen: `ScreenExpectation` (what one capture must and must not show), `pollScreen`
/// (the polling loop behind the tmux helpers) and `TmuxSession.waitForScreen` on a real pane whose program
/// draws its "frame" in two writes, as a half-drawn frame looks to a capture.
@Suite struct ScreenWaitTests {
    // MARK: - ScreenExpectation

    @Test func anExpectationIsMetOnlyWithEveryShownTextAndNoHiddenOne() {
        let expected = ScreenExpectation(showing: ["Delete?", "y deletes"], hiding: ["Quit?"])
        #expect(expected.isMet(by: "┌ Delete? ┐\n│ y deletes, n keeps │"))
        #expect(!expected.isMet(by: "┌ Delete? ┐\n│ old row │"))
        #expect(!expected.isMet(by: "┌ Delete? ┐\n│ y deletes │\nQuit?"))
        #expect(!expected.isMet(by: ""))
        #expect(ScreenExpectation(showing: []).isMet(by: ""))
        #expect(!ScreenExpectation(showing: [], hiding: ["x"]).isMet(by: "x"))
    }

    @Test func theShortfallNamesWhatIsMissingAndWhatIsStillThere() {
        let expected = ScreenExpectation(showing: ["a", "b", "c"], hiding: ["x", "y"])
        #expect(expected.shortfall(in: "a b c") == nil)
        #expect(expected.shortfall(in: "a") == #"lacks "b", "c""#)
        #expect(expected.shortfall(in: "a b c y") == #"still shows "y""#)
        #expect(expected.shortfall(in: "c x y") == #"lacks "a", "b"; still shows "x", "y""#)
        #expect(expected.description == #"a screen showing "a", "b", "c" and not "x", "y""#)
        #expect(ScreenExpectation(showing: ["a"]).description == #"a screen showing "a""#)
    }

    // MARK: - pollScreen

    @Test func pollingReturnsTheFirstCaptureThatMeetsTheWholeCondition() async throws {
        // A frame drawn in three steps: the title first, then its rows.
        let frames = ["Title", "Title\nrow one", "Title\nrow one\nrow two", "Title\nrow one\nrow two"]
        var captures = 0
        let (held, screen) = try await pollScreen(
            timeout: .seconds(300), every: .milliseconds(1),
            capture: {
                defer { captures += 1 }
                return frames[min(captures, frames.count - 1)]
            }, until: { $0.contains("Title") && $0.contains("row two") })
        #expect(held)
        #expect(screen == "Title\nrow one\nrow two")
        #expect(captures == 3, "stopped at the first capture that met it")
    }

    @Test func pollingGivesUpAtTheDeadlineWithTheLastCapture() async throws {
        var captures = 0
        let start = ContinuousClock.now
        let (held, screen) = try await pollScreen(
            timeout: .milliseconds(100), every: .milliseconds(10),
            capture: {
                captures += 1
                return "capture \(captures)"
            }, until: { $0.contains("never") })
        #expect(!held)
        #expect(screen == "capture \(captures)")
        #expect(captures >= 2)
        #expect(ContinuousClock.now - start >= .milliseconds(100))
    }

    @Test func aFailingCaptureStopsThePolling() async {
        struct Broken: Error {}
        await #expect(throws: Broken.self) {
            _ = try await pollScreen(timeout: .seconds(20), capture: { throw Broken() }, until: { _ in true })
        }
    }

    // MARK: - TmuxSession.waitForScreen

    @Test func aTmuxWaitTakesTheCaptureThatShowsTheWholeFrame() async throws {
        guard TmuxSession.isAvailable else { return }
        // The "program" writes its title, pauses, then writes the row below it.
        let session = try TmuxSession(
            command: ["/bin/sh", "-c", "printf 'Title\\n'; sleep 0.3; printf 'row below\\n'; exec sleep 60"],
            width: 40, height: 6)
        defer { session.kill() }
        try await session.waitFor("Title")
        let screen = try await session.waitForScreen(showing: ["Title", "row below"], hiding: ["no such text"])
        #expect(screen.contains("Title\nrow below"), "\(screen)")
        // At the deadline it throws naming what the last capture lacks and still shows, with that capture.
        do {
            try await session.waitForScreen(showing: ["Title", "absent row"], hiding: ["row below"], timeout: .zero)
            Issue.record("the wait did not time out")
        } catch let error as TmuxError {
            let message = error.description
            #expect(
                message.hasPrefix(#"timed out waiting for a screen showing "Title", "absent row" and not "row below""#),
                "\(message)")
            #expect(message.contains(#"(the last capture lacks "absent row"; still shows "row below")"#), "\(message)")
            #expect(message.hasSuffix("screen:\n" + screen), "\(message)")
        }
    }
}
