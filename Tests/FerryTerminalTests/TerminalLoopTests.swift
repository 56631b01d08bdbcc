import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@Suite struct TerminalLoopTests {
    struct Counter {
        var value = 0
        var ticks = 0
        var isDone = false
        var isAnimating = false
    }

    enum CounterAction: Sendable {
        case increment, quit, tick, startAnimating, stopAnimating, add(Int)
    }

    func action(_ event: InputEvent, _ state: Counter) -> CounterAction? {
        switch event {
        case .key(KeyEvent(.character("+"))): return .increment
        case .key(KeyEvent(.character("q"))): return .quit
        default: return nil
        }
    }

    func reduce(_ state: inout Counter, _ action: CounterAction) {
        switch action {
        case .increment: state.value += 1
        case .add(let amount): state.value += amount
        case .quit: state.isDone = true
        case .tick: state.ticks += 1
        case .startAnimating: state.isAnimating = true
        case .stopAnimating: state.isAnimating = false
        }
    }

    func view(_ state: Counter, _ frame: inout Frame) {
        let block = Block(title: "Counter")
        frame.render(block, area: frame.area)
        frame.buffer.set(string: "value \(state.value)", at: Position(x: 1, y: 1), clippedTo: block.inner(frame.area))
    }

    @Test func aBatchOfEventsRendersOnce() throws {
        let backend = InMemoryBackend(width: 20, height: 3)
        backend.enqueue(InputEvent.typing("+++"))
        let loop = TerminalLoop<Counter, CounterAction>(backend: backend, state: Counter())
        // Stop once the batch is handled: post from the reducer's view of the world via the mailbox.
        loop.mailbox.post(.quit)
        let final = try loop.run(action: action, reduce: reduce, view: view, isFinished: \.isDone)
        #expect(final.value == 3)
        #expect(loop.renderCount == 2, "the first frame and one for the batch")
    }

    @Test func postedActionsWakeTheLoopAndOnlyChangedCellsAreDrawn() async throws {
        let backend = InMemoryBackend(width: 20, height: 3)
        let loop = TerminalLoop<Counter, CounterAction>(backend: backend, state: Counter())
        let mailbox = loop.mailbox
        Thread.detachNewThread {
            mailbox.post(.add(5))
            // Wait until the loop has drawn 5, then finish.
            let deadline = Date().addingTimeInterval(10)
            while backend.pendingEventCount == 0 && Date() < deadline {
                backend.enqueue(.character("q"))
            }
        }
        // The loop waits for the other thread: on a thread of its own, not one of the cooperative pool's.
        nonisolated(unsafe) let unsafeLoop = loop
        let final = try await DedicatedThread.run {
            try unsafeLoop.run(action: action, reduce: reduce, view: view, isFinished: \.isDone)
        }
        #expect(final.value == 5)
        #expect(final.isDone)
        if let failure = ScreenAssertions.mismatch(
            backend, ["┌Counter───────────┐", "│value 5           │", "└──────────────────┘"])
        {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func theMailboxIsIdleOnlyOnceEveryPostedActionWasHandled() {
        let mailbox = Mailbox<CounterAction>(wake: WakeSignal())
        #expect(mailbox.isIdle)
        mailbox.post(.add(1))
        mailbox.post(.add(2))
        #expect(!mailbox.isIdle)
        var seen: [Bool] = []
        // While the actions are being handled (taken out of the queue already) it is not idle yet, and an
        // action posted meanwhile keeps it busy until that one is handled too.
        let first = mailbox.drain { _ in
            seen.append(mailbox.isIdle)
            if seen.count == 1 { mailbox.post(.increment) }
        }
        #expect(first == 2 && seen == [false, false])
        #expect(!mailbox.isIdle && !mailbox.isEmpty)
        #expect(mailbox.drain { _ in } == 1)
        #expect(mailbox.isIdle && mailbox.isEmpty)
    }

    @Test func anIdleLoopDoesNotRenderOrTick() async throws {
        let backend = InMemoryBackend(width: 20, height: 3)
        let loop = TerminalLoop<Counter, CounterAction>(backend: backend, state: Counter())
        loop.tick = { _ in .tick }
        loop.tickInterval = .milliseconds(5)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            backend.enqueue(.character("q"))
        }
        let start = ContinuousClock.now
        // The loop idles for 0.2 s by design: on a thread of its own, not one of the cooperative pool's, and
        // timed there (so a busy pool, slow to resume this test, cannot stretch a too-short run past 150 ms).
        nonisolated(unsafe) let unsafeLoop = loop
        let (final, end) = try await DedicatedThread.run {
            let final = try unsafeLoop.run(
                action: action, reduce: reduce, view: view, isFinished: \.isDone, isAnimating: \.isAnimating)
            return (final, ContinuousClock.now)
        }
        #expect(end - start >= .milliseconds(150))
        #expect(final.ticks == 0)
        #expect(loop.renderCount == 2, "the first frame and one for the q")
    }

    @Test func ticksArriveOnlyWhileAnimating() throws {
        let backend = InMemoryBackend(width: 20, height: 3)
        let loop = TerminalLoop<Counter, CounterAction>(backend: backend, state: Counter(isAnimating: true))
        loop.tick = { _ in .tick }
        loop.tickInterval = .milliseconds(2)
        let final = try loop.run(
            action: action,
            reduce: { state, action in
                reduce(&state, action)
                if state.ticks >= 5 { state.isDone = true }
            }, view: view, isFinished: \.isDone, isAnimating: \.isAnimating)
        #expect(final.ticks == 5)
    }

    @Test func stopFromAnotherThreadEndsTheRun() async throws {
        let backend = InMemoryBackend(width: 20, height: 3)
        let loop = TerminalLoop<Counter, CounterAction>(backend: backend, state: Counter())
        nonisolated(unsafe) let unsafeLoop = loop
        Thread.detachNewThread { unsafeLoop.stop() }
        let final = try await DedicatedThread.run {
            try unsafeLoop.run(action: action, reduce: reduce, view: view, isFinished: \.isDone)
        }
        #expect(!final.isDone)
        #expect(loop.isStopRequested)
    }

    @Test func aResizeRedrawsEverything() throws {
        let backend = InMemoryBackend(width: 20, height: 3)
        backend.enqueue(.character("+"))
        backend.resize(to: Size(width: 12, height: 3))
        backend.enqueue(.character("q"))
        let loop = TerminalLoop<Counter, CounterAction>(backend: backend, state: Counter())
        try loop.run(action: action, reduce: reduce, view: view, isFinished: \.isDone)
        #expect(backend.lines == ["┌Counter───┐", "│value 1   │", "└──────────┘"])
    }
}
