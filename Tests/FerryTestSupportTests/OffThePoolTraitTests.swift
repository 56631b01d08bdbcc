import FerryTestSupport
import Foundation
import Testing

/// ``OffThePoolTrait`` runs each test (each case of a parameterized one) on a thread of its own: more
/// synchronous tests than the cooperative pool has threads can all block at once.
@Suite(.offThePool) struct OffThePoolTraitTests {
    /// More cases than the pool has threads (the CI machine has two cores).
    static let cases = Array(0..<(ProcessInfo.processInfo.activeProcessorCount + 2))
    static let arrived = DispatchSemaphore(value: 0)
    static let release = DispatchSemaphore(value: 0)

    /// Each case blocks its thread until every case has started; the last to arrive releases the others.
    @Test(arguments: cases) func synchronousCasesAllBlockAtOnce(index: Int) {
        Self.arrived.signal()
        if index == Self.cases.last {
            let all = Self.cases.allSatisfy { _ in Self.arrived.wait(timeout: .now() + 120) == .success }
            for _ in Self.cases.dropLast() { Self.release.signal() }
            #expect(all, "every case started while the others blocked their threads")
        } else {
            #expect(Self.release.wait(timeout: .now() + 120) == .success, "case \(index) was released")
        }
    }
}
