import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@Suite struct InMemoryBackendTests {
    @Test func queuedEventsComeBackInOrder() throws {
        let backend = InMemoryBackend(width: 10, height: 2)
        backend.enqueue(.key(.down), .character("q"))
        #expect(try backend.nextEvent(timeout: .zero) == .key(.down))
        #expect(try backend.nextEvent(timeout: .zero) == .character("q"))
        #expect(try backend.nextEvent(timeout: .milliseconds(1)) == nil)
    }

    @Test func anotherThreadWakesAWaitingRead() async throws {
        let backend = InMemoryBackend(width: 10, height: 2)
        let start = ContinuousClock.now
        Thread.detachNewThread { backend.enqueue(.paste("hi")) }
        // The read blocks until the other thread's event: on a thread of its own, not a cooperative one, and
        // timed there too (a busy pool would otherwise add its wait for a thread to resume this test on).
        let (event, end) = try await DedicatedThread.run {
            (try backend.nextEvent(timeout: .seconds(600)), ContinuousClock.now)
        }
        #expect(event == .paste("hi"))
        // Woken by the event, not at the end of the 600 s timeout (half of it bounds a loaded machine).
        #expect(end - start < .seconds(300))
    }

    @Test func wakeSignalInterruptsAWaitWithoutAnEvent() {
        let signal = WakeSignal()
        signal.signal()
        #expect(signal.wait(timeout: .seconds(10)) == .woken)
        #expect(signal.wait(timeout: .milliseconds(5)) == .timedOut)
    }

    @Test func resizeChangesTheGridAndReportsIt() throws {
        let backend = InMemoryBackend(width: 10, height: 2)
        backend.resize(to: Size(width: 20, height: 5))
        #expect(backend.size == Size(width: 20, height: 5))
        #expect(try backend.nextEvent(timeout: .zero) == .resize(Size(width: 20, height: 5)))
    }

    @Test func screenAssertionsShowALineDiff() {
        var buffer = ScreenBuffer(width: 8, height: 2)
        buffer.set(string: "actual", at: .zero)
        let failure = ScreenAssertions.mismatch(buffer, ["expected"])
        #expect(failure?.contains("-|expected|") == false)
        #expect(failure?.contains("  0 - |expected|") == true)
        #expect(failure?.contains("  0 + |actual|") == true)
        #expect(ScreenAssertions.mismatch(buffer, ["actual", ""]) == nil)
    }
}
