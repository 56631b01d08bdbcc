import FerryTestSupport
import Foundation
import Testing

/// ``offThePool(_:)`` runs its body on a thread of its own: more bodies than the cooperative pool has threads
/// can all block at once, which on the pool would leave the last ones waiting for a thread that never frees.
@Suite struct OffThePoolTests {
    @Test func moreBlockingBodiesThanThePoolHasThreadsAllRunAtOnce() async {
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    await offThePool {
                        // Each body blocks its thread until every body has started.
                        arrived.signal()
                        return release.wait(timeout: .now() + 30) == .success
                    }
                }
            }
            group.addTask {
                await offThePool {
                    let all = (0..<count).allSatisfy { _ in arrived.wait(timeout: .now() + 30) == .success }
                    for _ in 0..<count { release.signal() }
                    return all
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == count + 1)
        #expect(results.allSatisfy { $0 }, "every body ran while the others blocked their threads")
    }

    @Test func expectationsInsideBelongToTheTest() async throws {
        let value = try await offThePool { () throws -> Int in
            #expect(1 + 1 == 2)
            return try #require(Int("42"))
        }
        #expect(value == 42)
    }
}
