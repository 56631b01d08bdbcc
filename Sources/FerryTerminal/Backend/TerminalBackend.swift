/// A destination for cells and a source of input: a real terminal or an in-memory grid for tests.
///
/// All calls come from the one thread that runs the app loop, except `wakeSignal.signal()`, which any
/// thread may call to make a waiting `nextEvent(timeout:)` return early.
///
/// ```swift
/// let changes = frame.changes(from: lastFrame)
/// try backend.draw(changes)
/// try backend.flush()
/// let event = try backend.nextEvent(timeout: .milliseconds(100))
/// ```
public protocol TerminalBackend: AnyObject {
    /// The terminal's size in cells.
    var size: Size { get }

    /// Writes changed cells (not yet shown until `flush()`).
    func draw(_ changes: some Sequence<CellChange>) throws

    /// Shows everything drawn since the last flush.
    func flush() throws

    /// Forgets what is on the screen and blanks it, so the next frame is drawn in full.
    func clear() throws

    /// Shows the text cursor at `position`.
    func showCursor(at position: Position) throws

    /// Hides the text cursor.
    func hideCursor() throws

    /// Waits up to `timeout` (for ever when `nil`) for the next input event.
    ///
    /// Returns `nil` when the time ran out or when `wakeSignal` was signalled.
    func nextEvent(timeout: Duration?) throws -> InputEvent?

    /// The signal that interrupts `nextEvent(timeout:)` from any thread.
    var wakeSignal: WakeSignal { get }

    /// Hands the terminal to another program (an editor, or the shell when the app stops) while `body`
    /// runs, then takes it back and repaints the last frame in full.
    ///
    /// Call it on the loop's thread: the loop must not read input while the other program owns the terminal.
    func suspend<T>(_ body: () throws -> T) rethrows -> T

    /// Puts `text` on the clipboard of the terminal (OSC 52, so it also works over SSH), between frames.
    ///
    /// Throws ``ClipboardError`` when the text is too large for the sequence.
    func copyToClipboard(_ text: String) throws
}
