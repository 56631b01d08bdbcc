import FerryTerminal

/// Forwards everything to a backend and calls `onFlush` after each frame reaches it, so the app knows
/// which state is actually on screen (not just rendered into a buffer).
final class FrameProbeBackend: TerminalBackend {
    private let base: any TerminalBackend
    private let onFlush: () -> Void

    /// Wraps `base`.
    init(_ base: any TerminalBackend, onFlush: @escaping () -> Void) {
        self.base = base
        self.onFlush = onFlush
    }

    var size: Size { base.size }
    var wakeSignal: WakeSignal { base.wakeSignal }
    func draw(_ changes: some Sequence<CellChange>) throws { try base.draw(changes) }

    func flush() throws {
        try base.flush()
        onFlush()
    }

    func clear() throws { try base.clear() }
    func showCursor(at position: Position) throws { try base.showCursor(at: position) }
    func hideCursor() throws { try base.hideCursor() }
    func nextEvent(timeout: Duration?) throws -> InputEvent? { try base.nextEvent(timeout: timeout) }
    func suspend<T>(_ body: () throws -> T) rethrows -> T { try base.suspend(body) }
    func copyToClipboard(_ text: String) throws { try base.copyToClipboard(text) }
}
