import Foundation
import Testing

@testable import FerryTestSupport

/// The waiting tools every other test uses: `eventually`, `OneShot`, `DedicatedThread`, awaited child
/// processes and pipes, and `TmuxSession.run` awaited.
@Suite struct AsyncWaitTests {
    // MARK: - eventually

    @Test func eventuallyReturnsOnceAnotherThreadMakesTheConditionHold() async {
        let flag = OneShot<Bool>()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            flag.fulfill(true)
        }
        let start = ContinuousClock.now
        // A deadline far beyond any stall of a loaded machine, so returning before it can only mean the
        // condition was seen.
        let held = await eventually(timeout: .seconds(300)) { flag.current == true }
        #expect(held)
        #expect(ContinuousClock.now - start < .seconds(150), "returned when the condition held, not at the deadline")
    }

    @Test func eventuallyGivesUpAtTheDeadline() async {
        var looks = 0
        let start = ContinuousClock.now
        let held = await eventually(timeout: .milliseconds(100), every: .milliseconds(10)) {
            looks += 1
            return false
        }
        #expect(!held)
        #expect(ContinuousClock.now - start >= .milliseconds(100))
        #expect(looks >= 2, "looked more than once before giving up")
    }

    @Test func eventuallyPassesOnErrorsFromTheCondition() async {
        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await eventually { throw Broken() } }
    }

    // MARK: - OneShot and DedicatedThread

    @Test func oneShotKeepsTheFirstValueForEveryWaiter() async {
        let value = OneShot<Int>()
        #expect(value.current == nil)
        Thread.detachNewThread {
            value.fulfill(1)
            value.fulfill(2)
        }
        async let first = value.value
        async let second = value.value
        #expect(await [first, second] == [1, 1])
        #expect(value.current == 1)
    }

    @Test func dedicatedThreadReturnsAndThrowsWhatItsBodyDoes() async throws {
        #expect(try await DedicatedThread.run { 6 * 7 } == 42)
        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await DedicatedThread.run { () throws -> Int in throw Broken() } }
    }

    @Test func blockingBodiesDoNotTakeCooperativeThreads() async throws {
        // Four bodies that each block until all four run: more than the pool's threads (one per core), so
        // this only finishes in time if every body has a thread of its own.
        let started = OneShot<Void>()
        let count = Counter()
        let bodies = 4
        let waits = (0..<bodies).map { _ in
            Task {
                try await DedicatedThread.run { () -> Bool in
                    if count.increment() == bodies { started.fulfill(()) }
                    let deadline = ContinuousClock.now + .seconds(20)
                    while started.current == nil && ContinuousClock.now < deadline { usleep(1000) }
                    return started.current != nil
                }
            }
        }
        for wait in waits { #expect(try await wait.value, "a body never saw all four running") }
    }

    // MARK: - Child processes

    @Test func aChildProcessIsAwaitedWithItsStatusAndOutput() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf 'out'; printf 'err' >&2; exit 3"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exit = try process.start()
        let written = await output.fileHandleForReading.readToEndInBackground().value
        let complained = await errors.fileHandleForReading.readToEndInBackground().value
        #expect(await exit.value == 3)
        #expect(String(decoding: written, as: UTF8.self) == "out")
        #expect(String(decoding: complained, as: UTF8.self) == "err")
    }

    @Test func runToExitReturnsTheStatus() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        #expect(try await process.runToExit() == 0)
        let failing = Process()
        failing.executableURL = URL(fileURLWithPath: "/bin/sh")
        failing.arguments = ["-c", "exit 5"]
        #expect(try await failing.runToExit() == 5)
    }

    @Test func tmuxIsAwaitedLikeTheBlockingRun() async throws {
        guard TmuxSession.isAvailable else { return }
        let awaited = try await TmuxSession.run(["-V"])
        let blockingRun: ([String]) throws -> (status: Int32, output: String) = TmuxSession.run
        let blocking = try blockingRun(["-V"])
        #expect(awaited.status == 0)
        #expect(awaited.output.hasPrefix("tmux "))
        #expect(awaited.output == blocking.output)
        #expect(try await TmuxSession.run(["no-such-command"]).status != 0)
    }
}

/// A thread-safe count.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one and returns the new count.
    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
