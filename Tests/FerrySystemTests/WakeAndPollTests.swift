import FerryTestSupport
import Foundation
import Testing

@testable import FerrySystem

@Suite struct WakeAndPollTests {
    @Test func aSignalWakesTheWaitAndDrainingEndsIt() throws {
        let wake = try WakePipe()
        #expect(Poll.wait([(wake.readDescriptor, .readable)], timeout: .zero) == .timedOut)
        wake.signal()
        wake.signal()
        // Signalled before the wait: the wait returns at once, ready to read.
        #expect(
            Poll.wait([(-1, .readable), (wake.readDescriptor, .readable)], timeout: FailureBound.event)
                == .ready([[], .readable]))
        wake.drain()
        #expect(Poll.wait([(wake.readDescriptor, .readable)], timeout: .zero) == .timedOut)
    }

    @Test func aSignalFromAnotherThreadEndsAWaitWithoutALimit() throws {
        let wake = try WakePipe()
        let thread = Thread { wake.signal() }
        thread.start()
        #expect(Poll.wait([(wake.readDescriptor, .readable)], timeout: nil) == .ready([.readable]))
    }

    @Test func bothEndsAreClosedOnExecAndNonBlocking() throws {
        let wake = try WakePipe()
        for end in [wake.readDescriptor, wake.writeDescriptor] {
            #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0)
            #expect(fcntl(end, F_GETFL) & O_NONBLOCK != 0)
        }
        // A drain of an empty pipe returns instead of blocking.
        wake.drain()
    }

    @Test func aTimeoutIsRoundedUpToAWholeMillisecond() {
        #expect(Poll.milliseconds(nil) == -1)
        #expect(Poll.milliseconds(.zero) == 0)
        #expect(Poll.milliseconds(.seconds(-1)) == 0)
        #expect(Poll.milliseconds(.microseconds(1)) == 1)
        #expect(Poll.milliseconds(.milliseconds(1500)) == 1500)
        #expect(Poll.milliseconds(.nanoseconds(1_500_001)) == 2)
        #expect(Poll.milliseconds(.seconds(86_400 * 365)) == Int32.max)
    }
}
