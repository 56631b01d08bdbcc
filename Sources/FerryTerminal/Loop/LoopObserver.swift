/// What a `TerminalLoop` reports as it runs, for tests and benchmarks that wait for a quiet app or read
/// the last frame. Every call comes on the loop's thread; a loop without an observer does none of this
/// work (not even the clock reads).
///
/// ```swift
/// var observer = LoopObserver<DemoState, DemoAction>()
/// observer.frameFlushed = { frames.increment() }
/// loop.observer = observer
/// ```
public struct LoopObserver<State, Action> {
    /// An input event was taken from the backend, with the action it routed to (`nil` when ignored).
    /// Called before that action is reduced.
    public var inputRouted: (InputEvent, Action?) -> Void
    /// One action was reduced (from input, the mailbox or a tick), with the state after it. For a posted
    /// action this comes before the mailbox counts it as handled, so nobody sees an idle mailbox together
    /// with a frame that was drawn before the action.
    public var actionReduced: (Action, State) -> Void
    /// The view drew a frame of `State` into the buffer, taking the given time (before it is diffed and
    /// sent to the backend).
    public var frameRendered: (State, ScreenBuffer, Duration) -> Void
    /// The last rendered frame reached the terminal (the backend's `flush` returned).
    public var frameFlushed: () -> Void
    /// The loop ended (`run` is returning): nothing it has not reduced yet will be.
    public var loopEnded: () -> Void

    /// An observer that ignores everything; set the calls you need.
    public init(
        inputRouted: @escaping (InputEvent, Action?) -> Void = { _, _ in },
        actionReduced: @escaping (Action, State) -> Void = { _, _ in },
        frameRendered: @escaping (State, ScreenBuffer, Duration) -> Void = { _, _, _ in },
        frameFlushed: @escaping () -> Void = {},
        loopEnded: @escaping () -> Void = {}
    ) {
        self.inputRouted = inputRouted
        self.actionReduced = actionReduced
        self.frameRendered = frameRendered
        self.frameFlushed = frameFlushed
        self.loopEnded = loopEnded
    }
}
