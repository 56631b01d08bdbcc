import Foundation

/// A gate a test opens to let a held response go on: the ``TestHTTPServer`` sends the start of a body held
/// with ``TestResponse/holding(afterBodyBytes:until:)``, then waits here until the test has seen what it must
/// see while the body is still arriving, so "X showed before the body ended" holds by construction, however
/// late the test gets to look.
///
/// ```swift
/// let gate = TestGate()
/// defer { gate.open() }
/// server.route("/slow", responding: TestResponse.text("part 1, part 2").holding(afterBodyBytes: 7, until: gate))
/// // the client has "part 1," and the transfer is still in flight until:
/// gate.open()
/// ```
public final class TestGate: @unchecked Sendable {
    /// How long a held response waits for the gate at most, so a test that never opens it ends anyway.
    public static let safetyTimeout: Duration = .seconds(60)

    private let condition = NSCondition()
    private var opened = false
    private var reached = 0

    /// A closed gate.
    public init() {}

    /// Opens the gate: every response held at it goes on, now and later.
    public func open() {
        condition.withLock {
            opened = true
            condition.broadcast()
        }
    }

    /// Whether the gate was opened.
    public var isOpen: Bool { condition.withLock { opened } }

    /// How many times a response has reached the gate (and was held there unless it was open).
    public var timesReached: Int { condition.withLock { reached } }

    /// Counts one response reaching the gate.
    func noteReached() {
        condition.withLock { reached += 1 }
    }

    /// Waits until the gate is open or `timeout` passes; returns whether it is open.
    func wait(for timeout: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        return condition.withLock {
            while !opened {
                if !condition.wait(until: deadline) { return opened }
            }
            return true
        }
    }
}
