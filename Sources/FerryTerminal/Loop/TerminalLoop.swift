import Foundation

/// The app loop: input events and posted actions → `reduce` → `view` → diff → backend.
///
/// - It waits on the backend (input or a `mailbox` post wakes it); nothing runs while idle.
/// - All events and actions that are ready are reduced as one batch, then the view renders once (the
///   final state too, so what the user last sees is what the app ended with).
/// - A tick action is sent every `tickInterval` only while `isAnimating(state)` holds (a spinner).
/// - `stop()` (any thread, e.g. a signal source) ends `run` after the current batch.
///
/// ```swift
/// let loop = TerminalLoop(backend: backend, state: DemoState())
/// let final = try loop.run(
///     action: { event, state in DemoAction(event) },
///     reduce: { state, action in state.apply(action) },
///     view: { state, frame in DemoView(state).render(into: &frame.buffer, area: frame.area) },
///     isFinished: { $0.isFinished })
/// ```
public final class TerminalLoop<State, Action: Sendable> {
    /// Where background work posts actions; posting wakes the loop.
    public let mailbox: Mailbox<Action>
    /// The current state (read it after `run` returns, or in tests between runs).
    public private(set) var state: State
    /// Frames rendered so far: at most one per batch, none while idle.
    public private(set) var renderCount = 0
    /// Cells sent to the backend so far.
    public private(set) var cellsDrawn = 0
    /// The action sent every `tickInterval` while `isAnimating` holds, made from the time of the tick (so a
    /// reducer can show how long something has taken without reading a clock); `nil` for no ticks.
    public var tick: ((ContinuousClock.Instant) -> Action)?
    /// The time between ticks while animating.
    public var tickInterval: Duration = .milliseconds(100)
    /// The most events reduced in one batch before rendering (so a flood of input still shows progress).
    public var maximumBatch = 256
    /// Who is told about input, reductions and frames (tests and benchmarks); `nil` costs nothing. Set it
    /// before `run`.
    public var observer: LoopObserver<State, Action>?

    private let backend: any TerminalBackend
    private let stopFlag = StopFlag()
    private var previous: ScreenBuffer?

    /// Creates a loop over `backend` starting from `state`.
    public init(backend: any TerminalBackend, state: State) {
        self.backend = backend
        self.state = state
        self.mailbox = Mailbox(wake: backend.wakeSignal)
    }

    // MARK: - Running

    /// Asks `run` to return after the current batch; safe from any thread.
    public func stop() {
        stopFlag.set()
        backend.wakeSignal.signal()
    }

    /// Whether `stop()` was called.
    public var isStopRequested: Bool { stopFlag.isSet }

    /// Runs until `isFinished(state)` holds or `stop()` is called, and returns the final state.
    ///
    /// - Parameters:
    ///   - action: The action for an input event, or `nil` to ignore it.
    ///   - reduce: Applies an action to the state; may start background work that posts to `mailbox`.
    ///   - view: Draws the state into a frame.
    ///   - isFinished: Whether the app is done.
    ///   - isAnimating: Whether ticks are needed (only then does the loop wake without input).
    @discardableResult
    public func run(
        action: (InputEvent, State) -> Action?,
        reduce: (inout State, Action) -> Void,
        view: (State, inout Frame) -> Void,
        isFinished: (State) -> Bool,
        isAnimating: (State) -> Bool = { _ in false }
    ) throws -> State {
        defer { observer?.loopEnded() }
        try render(view)
        var nextTick = ContinuousClock.now + tickInterval
        while !isFinished(state) && !stopFlag.isSet {
            let animating = tick != nil && isAnimating(state)
            let timeout: Duration? = animating ? max(.zero, nextTick - ContinuousClock.now) : nil
            var changed = false
            var event = try backend.nextEvent(timeout: timeout)
            var handled = 0
            while let current = event {
                if case .resize = current { previous = nil }
                let next = action(current, state)
                observer?.inputRouted(current, next)
                if let next { apply(next, using: reduce) }
                changed = true
                handled += 1
                if isFinished(state) || handled >= maximumBatch { break }
                event = try backend.nextEvent(timeout: .zero)
            }
            if mailbox.drain({ apply($0, using: reduce) }) > 0 { changed = true }
            let now = ContinuousClock.now
            if animating, let tick, now >= nextTick {
                apply(tick(now), using: reduce)
                nextTick = ContinuousClock.now + tickInterval
                changed = true
            } else if !animating {
                nextTick = ContinuousClock.now + tickInterval
            }
            if changed { try render(view) }
        }
        return state
    }

    // MARK: - Internals

    private func apply(_ action: Action, using reduce: (inout State, Action) -> Void) {
        reduce(&state, action)
        observer?.actionReduced(action, state)
    }

    private func render(_ view: (State, inout Frame) -> Void) throws {
        var frame = Frame(size: backend.size)
        if let observer {
            let start = ContinuousClock.now
            view(state, &frame)
            observer.frameRendered(state, frame.buffer, ContinuousClock.now - start)
        } else {
            view(state, &frame)
        }
        let changes: [CellChange]
        if let previous, previous.size == frame.buffer.size {
            changes = frame.buffer.changes(from: previous)
        } else {
            try backend.clear()
            changes = frame.buffer.changes(from: ScreenBuffer(size: frame.buffer.size))
        }
        try backend.draw(changes)
        if let cursor = frame.cursor {
            try backend.showCursor(at: cursor)
        } else {
            try backend.hideCursor()
        }
        try backend.flush()
        observer?.frameFlushed()
        previous = frame.buffer
        renderCount += 1
        cellsDrawn += changes.count
    }
}

/// A flag set once from any thread.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }

    var isSet: Bool { lock.withLock { value } }
}
