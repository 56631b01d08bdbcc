import FerryTerminal
import FerryTestSupport
import Foundation

@testable import FerryApp

/// What the app showed at one moment: a drawn frame's text and the state drawn in it.
struct AppMoment: Sendable {
    /// The screen as text (rows joined by newlines, trailing spaces removed).
    var screen: String
    /// The state drawn on that screen.
    var state: AppState
}

// MARK: - Passing states

/// States that last only a moment (a one-second retry wait, a transfer in flight) are watched, and acted
/// on, by a watcher thread rather than by the test: the test awaits it, holding no cooperative thread, and
/// a busy pool resuming the test late cannot make it miss the moment or react after it has passed.
extension AppHarness {
    /// Waits until `condition` holds for a drawn frame and returns that moment, as the watcher saw it.
    func moment(
        _ what: String, timeout: Duration = FailureBound.event, where condition: @escaping @Sendable (AppMoment) -> Bool
    ) async throws -> AppMoment {
        let seen = try await DedicatedThread.run { [self] in watch(until: ContinuousClock.now + timeout, condition) }
        guard let seen else { throw HarnessError("timed out waiting for \(what)\n\(screen)") }
        return seen
    }

    /// Waits until `condition` holds for a drawn frame, presses `events` at once (from the watcher thread),
    /// then waits until the app is quiet again; returns the moment the condition held and how long the app
    /// took to settle after the keys (timed on the watcher thread, so a busy pool adds nothing).
    @discardableResult
    func press(
        _ events: [InputEvent], when what: String, timeout: Duration = FailureBound.event,
        _ condition: @escaping @Sendable (AppMoment) -> Bool
    ) async throws -> (seen: AppMoment, settledAfter: Duration) {
        let outcome = try await DedicatedThread.run { [self] () -> (AppMoment, Duration?)? in
            guard let seen = watch(until: ContinuousClock.now + timeout, condition) else { return nil }
            let started = ContinuousClock.now
            let inputs = queue(events)
            let settled = Self.poll(until: started + timeout) { probe.isSettled(afterInputs: inputs) }
            return (seen, settled ? ContinuousClock.now - started : nil)
        }
        guard let outcome else { throw HarnessError("timed out waiting for \(what)\n\(screen)") }
        guard let settledAfter = outcome.1 else {
            throw HarnessError("timed out waiting for the app to settle after \(what)\n\(screen)")
        }
        return (outcome.0, settledAfter)
    }

    // MARK: - Internals

    /// Polls drawn frames on the calling (watcher) thread until one satisfies `condition`, or `deadline`.
    private func watch(until deadline: ContinuousClock.Instant, _ condition: (AppMoment) -> Bool) -> AppMoment? {
        var seen: AppMoment?
        let held = Self.poll(until: deadline) {
            guard let frame = consistentMoment() else { return false }
            seen = frame
            return condition(frame)
        }
        return held ? seen : nil
    }

    /// The screen and the state of one frame: read screen, state, screen, and `nil` if a frame landed between.
    private func consistentMoment() -> AppMoment? {
        let before = screen
        let state = self.state
        return screen == before ? AppMoment(screen: before, state: state) : nil
    }
}
