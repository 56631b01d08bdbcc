import FerryTerminal
import Foundation

/// Watches a `WorkbenchApp` through its loop's observer hook, for tests and benchmarks: whether the app is
/// quiet, the state and text of the last frame, how long the view took. Attach it before `run`.
///
/// ```swift
/// let app = try WorkbenchApp(workspace: root, backend: backend, transport: transport)
/// let probe = AppProbe(watching: app)
/// // run the app on its own thread, enqueue keys, then:
/// while !probe.isSettled(afterInputs: 1) { usleep(100) }
/// ```
package final class AppProbe: @unchecked Sendable {
    private let runner: EffectRunner
    private let lock = NSLock()
    private var inputsSeen = 0
    /// Moves with every input taken and every action reduced.
    private var generation = 0
    /// The generation the last drawn frame shows.
    private var viewGeneration = -1
    /// The generation the last frame that reached the terminal shows.
    private var flushedGeneration = -1
    /// Whether the loop ended.
    private var hasEnded = false
    private var rendered: AppState
    private var renderedFrame: ScreenBuffer?
    private var lastFrameDuration: Duration = .zero

    /// Starts watching `app` (before it runs: the loop reads its observer when `run` starts).
    package init(watching app: WorkbenchApp) {
        runner = app.runner
        rendered = app.loop.state
        app.loop.observer = LoopObserver(
            inputRouted: { [unowned self] _, _ in
                lock.withLock {
                    inputsSeen += 1
                    generation += 1
                }
            },
            actionReduced: { [unowned self] _, _ in
                // Before a posted action counts as handled, so no watcher sees an idle mailbox together
                // with a frame that does not show this action yet.
                lock.withLock { generation += 1 }
            },
            frameRendered: { [unowned self] state, buffer, took in
                lock.withLock {
                    viewGeneration = generation
                    renderedFrame = buffer
                    rendered = state
                    lastFrameDuration = took
                }
            },
            frameFlushed: { [unowned self] in
                lock.withLock { flushedGeneration = viewGeneration }
            },
            loopEnded: { [weak self] in
                // Weak: the loop can end after a harness that stopped it let its probe go.
                guard let self else { return }
                lock.withLock { hasEnded = true }
            })
    }

    /// Whether the app is quiet: `inputs` events were taken, no effect runs, every result was reduced and
    /// the last state reached the terminal. Tests and benchmarks poll it instead of sleeping.
    package func isSettled(afterInputs inputs: Int) -> Bool {
        // Once the loop ended, what effects post (the watcher's news of a file the last save wrote) is never
        // reduced: quiet is then only that nothing runs.
        let ended = lock.withLock { hasEnded }
        guard ended ? runner.isRunningNothing : runner.isQuiet else { return false }
        return lock.withLock { inputsSeen >= inputs && flushedGeneration == generation }
    }

    /// The state as of the last frame drawn.
    package var snapshot: AppState { lock.withLock { rendered } }

    /// The last frame's text, one string per row (safe to read while the loop runs).
    package var frameLines: [String] { lock.withLock { renderedFrame?.lines ?? [] } }

    /// Whether the open request's response body is on screen as a JSON tree.
    package var isShowingJSONTree: Bool { snapshot.currentExchange?.body.isJSON ?? false }

    /// How many server-sent events the open request's exchange counted as of the last frame drawn.
    package var eventsShown: Int { snapshot.currentExchange?.events?.count ?? 0 }

    /// How long the last frame took to draw (the view only, not the diff or the terminal).
    package var lastViewDuration: Duration { lock.withLock { lastFrameDuration } }
}
