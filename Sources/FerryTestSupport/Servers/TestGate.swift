import Foundation

/// A gate that a test opens to let a held ``TestResponse`` go on.
///
/// A response ``TestResponse/held(until:afterBodyBytes:)`` makes its connection thread wait here, before its
/// status line or after some body bytes, until the test calls ``open()``: whatever the test observed meanwhile
/// happened before the rest was sent, however late the test's own threads ran. The wait ends anyway after
/// ``safetyTimeout`` (or when the server stops), so a test that fails before opening the gate does not leave
/// the thread behind for good. The bound is generous on purpose: a test on a loaded machine must never see its
/// gate open by the clock.
///
/// ```swift
/// let gate = TestGate()
/// defer { gate.open() }
/// server.route("/feed", responding: .text("first, then the rest").held(until: gate, afterBodyBytes: 6))
/// // … observe the first 6 bytes, then:
/// gate.open()
/// ```
public final class TestGate: @unchecked Sendable {
    /// How long a server thread waits at most before going on without the gate opened.
    public let safetyTimeout: Duration
    private let condition = NSCondition()
    private var opened = false
    private var waiters = 0

    /// A closed gate; held responses wait for it at most `safetyTimeout`.
    public init(safetyTimeout: Duration = .seconds(600)) {
        self.safetyTimeout = safetyTimeout
    }

    /// Opens the gate for good: every held response goes on, and later ones pass without waiting.
    public func open() {
        condition.withLock {
            opened = true
            condition.broadcast()
        }
    }

    /// Whether ``open()`` was called.
    public var isOpen: Bool { condition.withLock { opened } }

    /// How many responses wait at the gate now.
    public var waiting: Int { condition.withLock { waiters } }

    /// Blocks the calling (server) thread until the gate opens, ``safetyTimeout`` passes or `isStopped`
    /// returns `true` (checked every 50 ms); returns whether the gate opened.
    func wait(unless isStopped: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(safetyTimeout.seconds)
        condition.lock()
        defer { condition.unlock() }
        waiters += 1
        defer { waiters -= 1 }
        while !opened, Date() < deadline, !isStopped() {
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        return opened
    }
}
