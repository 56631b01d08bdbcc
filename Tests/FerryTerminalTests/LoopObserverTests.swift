import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@Suite struct LoopObserverTests {
    typealias Counter = TerminalLoopTests.Counter
    typealias CounterAction = TerminalLoopTests.CounterAction

    /// What the observer saw, in order.
    final class Log {
        var entries: [String] = []
    }

    @Test func theObserverSeesEveryInputReductionFrameAndFlushInOrder() throws {
        let counter = TerminalLoopTests()
        let backend = InMemoryBackend(width: 20, height: 3)
        backend.enqueue(InputEvent.typing("+x"))
        let loop = TerminalLoop<Counter, CounterAction>(backend: backend, state: Counter())
        loop.mailbox.post(.quit)
        let log = Log()
        let mailbox = loop.mailbox
        loop.observer = LoopObserver(
            inputRouted: { event, action in
                let key: Character =
                    if case .key(let key) = event, case .character(let typed) = key.key { typed } else { "?" }
                log.entries.append("input \(key) → \(action.map { "\($0)" } ?? "nothing")")
            },
            actionReduced: { action, state in
                // A posted action is reported before the mailbox counts it as handled.
                log.entries.append("reduced \(action) → \(state.value), idle \(mailbox.isIdle)")
            },
            frameRendered: { state, buffer, took in
                log.entries.append("rendered \(state.value): \(buffer.lines[1].trimmingCharacters(in: .whitespaces))")
                #expect(took >= .zero)
            },
            frameFlushed: { log.entries.append("flushed") })
        let final = try loop.run(
            action: counter.action, reduce: counter.reduce, view: counter.view, isFinished: \.isDone)
        #expect(final.value == 1)
        #expect(
            log.entries == [
                "rendered 0: │value 0           │", "flushed",
                "input + → increment", "reduced increment → 1, idle false",
                "input x → nothing",
                "reduced quit → 1, idle false",
                "rendered 1: │value 1           │", "flushed",
            ])
    }
}
