import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The real app loop on an 80×24 in-memory terminal with the real curl transport: feed keys, wait until
/// nothing runs (a watcher thread of its own polls the loop's counters with a deadline while the test
/// awaits it, so a waiting test does not hold a cooperative thread), read the screen.
final class AppHarness: @unchecked Sendable {
    let backend: InMemoryBackend
    let app: WorkbenchApp
    /// What the app's loop reports: quiet or not, the last frame.
    let probe: AppProbe
    let transport: CurlTransport
    /// How the loop's thread ended; that thread holds it (and the app), never the harness, so a harness no test
    /// stopped still reaches `deinit`, which stops its loop.
    private let end = RunEnd()
    private let lock = NSLock()
    private var enqueued = 0

    /// Starts the app on `workspace`.
    init(
        workspace: URL, width: Int = 80, height: Int = 24, editText: (@Sendable (String) throws -> String)? = nil,
        stopProcess: (@Sendable () -> Void)? = nil, editFile: (@Sendable (URL, Int) throws -> Void)? = nil,
        showFile: (@Sendable (URL, ExternalViewer) throws -> Void)? = nil,
        limits: ResponseLimits = ResponseLimits(),
        themeProblems: [ThemeError] = [], themes: [Theme] = [], settings: UserSettings = UserSettings(),
        trustStore: TrustStore = TrustStore(file: nil), scriptTimeLimit: Duration = .seconds(5),
        openBrowser: @escaping @Sendable (URL) -> Void = { _ in }
    ) throws {
        backend = InMemoryBackend(width: width, height: height)
        transport = CurlTransport()
        var services = AppServices(
            trustStore: trustStore, scriptTimeLimit: scriptTimeLimit, openBrowser: openBrowser)
        if let editText { services.editText = { text, _ in try editText(text) } }
        if let stopProcess { services.stopProcess = stopProcess }
        if let editFile { services.editFile = editFile }
        if let showFile { services.showFile = showFile }
        app = try WorkbenchApp(
            workspace: workspace, backend: backend, transport: transport, services: services,
            themeProblems: themeProblems, processEnvironment: ["HOME": workspace.path], limits: limits, themes: themes,
            settings: settings)
        probe = AppProbe(watching: app)
        let thread = Thread { [app, end] in
            do { try app.run() } catch { end.finish(with: error) }
            end.finish(with: nil)
        }
        thread.start()
    }

    /// Texts put on the clipboard (through the backend's OSC 52 call).
    var copied: [String] { backend.copiedTexts }

    /// Sends events and waits until the app is quiet again.
    func press(_ events: InputEvent..., timeout: Duration = FailureBound.event) async throws {
        try await press(events, timeout: timeout)
    }

    /// Sends events and waits until the app is quiet again.
    func press(_ events: [InputEvent], timeout: Duration = FailureBound.event) async throws {
        lock.withLock { enqueued += events.count }
        backend.enqueue(events)
        try await settle(timeout: timeout)
    }

    /// Polls `condition` every millisecond on the calling thread (a watcher thread, never a cooperative
    /// one) until it holds, or `deadline` passes; returns whether it held.
    static func poll(until deadline: ContinuousClock.Instant, _ condition: () -> Bool) -> Bool {
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            usleep(1000)
        }
        return true
    }

    /// Counts `events` as sent and queues them, without waiting; returns the inputs to settle after.
    func queue(_ events: [InputEvent]) -> Int {
        let inputs = lock.withLock {
            enqueued += events.count
            return enqueued
        }
        backend.enqueue(events)
        return inputs
    }

    /// Sends events without waiting for the app to settle, to watch what it shows meanwhile.
    func enqueue(_ events: InputEvent...) {
        lock.withLock { enqueued += events.count }
        backend.enqueue(events)
    }

    /// Resizes the terminal (which queues a resize event) and waits until the app is quiet again.
    func resize(to size: Size) async throws {
        lock.withLock { enqueued += 1 }
        backend.resize(to: size)
        try await settle()
    }

    /// Types text into whatever has the keyboard.
    func type(_ text: String) async throws { try await press(InputEvent.typing(text)) }

    /// Waits until every event was taken, no effect runs and the last state is on screen.
    func settle(timeout: Duration = FailureBound.event) async throws {
        let inputs = lock.withLock { enqueued }
        try await waitFor("the app to settle", timeout: timeout) { [probe] in probe.isSettled(afterInputs: inputs) }
    }

    /// Polls `condition` until it holds or `timeout` passes (which throws with the screen).
    ///
    /// The polling runs on a watcher thread of its own (every millisecond) while the test awaits it: the
    /// test holds no cooperative thread, and a state that lasts only a moment (a one-second retry wait) is
    /// still seen when the pool is too busy to resume a `Task.sleep` poll within that moment.
    func waitFor(_ what: String, timeout: Duration = FailureBound.event, _ condition: @escaping @Sendable () -> Bool)
        async throws
    {
        let held = try await DedicatedThread.run { Self.poll(until: ContinuousClock.now + timeout, condition) }
        guard held else { throw HarnessError("timed out waiting for \(what)\n\(screen)") }
    }

    /// The state as last drawn.
    var state: AppState { probe.snapshot }

    /// The screen as text, from the last frame the loop drew (safe while the loop runs).
    var screen: String {
        probe.frameLines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    /// Whether the screen shows `text` somewhere.
    func shows(_ text: String) -> Bool { screen.contains(text) }

    /// Quits (Ctrl-Q, confirming if asked) and waits for the loop to end.
    func quit() async throws {
        if state.isFinished == false {
            backend.enqueue(.key(KeyEvent.control("q")))
            if state.hasUnsavedEdits { backend.enqueue(.character("y")) }
        }
        guard await eventually(timeout: FailureBound.event, { end.hasFinished }) else {
            app.stop()
            throw HarnessError("the app did not quit\n\(screen)")
        }
        if let error = end.error { throw error }
    }

    /// Stops the loop without quitting through keys (cleanup after a failed test, from a `defer`, which
    /// cannot await: it blocks, but only until the stopped loop returns, unless `quit()` already saw it end).
    func stop() {
        app.stop()
        _ = end.wait(upTo: 10)
        transport.shutdown()
    }

    /// A harness released without `stop()` or `quit()` stops its loop (without waiting for the thread to see
    /// it) and its transport, instead of running them for the rest of the process.
    deinit {
        app.stop()
        transport.shutdown()
    }
}

/// How the app loop's thread ended (the error `run` threw, if any), set once by that thread.
private final class RunEnd: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var ended = false
    private var thrown: (any Error)?

    /// Whether the loop has returned.
    var hasFinished: Bool { lock.withLock { ended } }

    /// What `run` threw, once it has returned.
    var error: (any Error)? { lock.withLock { thrown } }

    /// Records the loop's end (the first call counts) and wakes whoever waits for it.
    func finish(with error: (any Error)?) {
        let isFirst = lock.withLock {
            guard !ended else { return false }
            ended = true
            thrown = error
            return true
        }
        if isFirst { finished.signal() }
    }

    /// Waits at most `seconds` for the loop to end; returns whether it has.
    func wait(upTo seconds: Double) -> Bool {
        if hasFinished { return true }
        guard finished.wait(timeout: .now() + seconds) == .success else { return false }
        finished.signal()
        return true
    }
}

/// A harness failure with the screen at the time.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension InputEvent {
    /// Ctrl + a letter.
    static func control(_ letter: Character) -> InputEvent { .key(KeyEvent.control(letter)) }
    /// A function key.
    static func function(_ number: Int) -> InputEvent { .key(.function(number)) }
}
