import Foundation

/// A terminal backend that draws into a grid in memory, for tests: read `lines`, feed input with
/// `enqueue(_:)`, and count what the diff wrote with `cellsWritten`.
///
/// ```swift
/// let backend = InMemoryBackend(width: 80, height: 24)
/// backend.enqueue(.key(.down), .character("q"))
/// // … run the app loop against `backend` …
/// #expect(backend.lines[0].hasPrefix("┌ Requests"))
/// ```
///
/// Input may be enqueued from any thread; everything else belongs to the loop's thread.
public final class InMemoryBackend: TerminalBackend, @unchecked Sendable {
    /// What the terminal shows.
    public private(set) var grid: ScreenBuffer
    /// Cells written by `draw(_:)` since creation (or `resetCounters()`).
    public private(set) var cellsWritten = 0
    /// Calls of `flush()`.
    public private(set) var flushCount = 0
    /// Calls of `clear()`.
    public private(set) var clearCount = 0
    /// Where the cursor shows, or `nil` when hidden.
    public private(set) var cursor: Position?
    /// Calls of `suspend(_:)` (the terminal handed to another program).
    public private(set) var suspendCount = 0
    /// Whether a `suspend(_:)` body is running now.
    public private(set) var isSuspended = false
    /// Texts put on the clipboard with `copyToClipboard(_:)`, oldest first.
    public var copiedTexts: [String] { lock.withLock { copied } }
    /// The signal that interrupts `nextEvent(timeout:)`.
    public let wakeSignal = WakeSignal()

    private let lock = NSLock()
    private var pending: [InputEvent] = []
    private var copied: [String] = []

    /// Creates a blank terminal of `width` × `height` cells.
    public init(width: Int, height: Int) {
        grid = ScreenBuffer(width: width, height: height)
    }

    // MARK: - Inspecting

    /// The screen as text, one string per row (continuation cells skipped, trailing spaces kept).
    public var lines: [String] { grid.lines }

    /// The screen as text with trailing spaces removed, joined with newlines.
    public var text: String {
        lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    /// Sets `cellsWritten` and `flushCount` back to zero.
    public func resetCounters() {
        cellsWritten = 0
        flushCount = 0
    }

    // MARK: - Feeding input

    /// Queues events for `nextEvent(timeout:)`; safe from any thread.
    public func enqueue(_ events: [InputEvent]) {
        lock.withLock { pending.append(contentsOf: events) }
        wakeSignal.signal()
    }

    /// Queues events for `nextEvent(timeout:)`; safe from any thread.
    public func enqueue(_ events: InputEvent...) {
        enqueue(events)
    }

    /// Changes the size (blanking the screen) and queues the matching `.resize` event.
    public func resize(to size: Size) {
        grid.resize(to: size)
        enqueue(.resize(size))
    }

    /// Events queued and not yet read.
    public var pendingEventCount: Int { lock.withLock { pending.count } }

    // MARK: - TerminalBackend

    /// The grid's size.
    public var size: Size { grid.size }

    /// Writes the cells into the grid and counts them.
    public func draw(_ changes: some Sequence<CellChange>) throws {
        for change in changes {
            grid.set(change.cell, at: change.position)
            cellsWritten += 1
        }
    }

    /// Counts the flush.
    public func flush() throws {
        flushCount += 1
    }

    /// Blanks the grid.
    public func clear() throws {
        grid.clear()
        clearCount += 1
    }

    /// Records the cursor position.
    public func showCursor(at position: Position) throws {
        cursor = position
    }

    /// Records that the cursor is hidden.
    public func hideCursor() throws {
        cursor = nil
    }

    /// Counts the suspension and runs `body` with `isSuspended` set (nothing to hand over in memory).
    public func suspend<T>(_ body: () throws -> T) rethrows -> T {
        suspendCount += 1
        isSuspended = true
        defer { isSuspended = false }
        return try body()
    }

    /// Records `text` in `copiedTexts`, after the same size check as a real terminal's OSC 52.
    public func copyToClipboard(_ text: String) throws {
        _ = try ClipboardSequence(text)
        lock.withLock { copied.append(text) }
    }

    /// The next queued event; waits up to `timeout` for one when the queue is empty.
    public func nextEvent(timeout: Duration?) throws -> InputEvent? {
        if let event = popEvent() { return event }
        _ = wakeSignal.wait(timeout: timeout)
        return popEvent()
    }

    private func popEvent() -> InputEvent? {
        lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
    }
}
