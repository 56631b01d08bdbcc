import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// ``CurlTransport/taskExecutor``: a task that prefers it runs on the transport's event-loop thread, sends there
/// one request after another, and still runs once the transport has stopped.
@Suite struct CurlTaskExecutorTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
    }

    @Test func aTaskOnTheTransportsExecutorSendsOnTheLoopsThread() async {
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let client = HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
        let (statuses, onLoop) = await Task(executorPreference: transport.taskExecutor) {
            var statuses: [Int] = []
            var onLoop: Set<Bool> = []
            for _ in 0..<20 {
                statuses.append(await client.transferEnd(of: HTTPRequest(path: "/echo")).response?.status ?? 0)
                onLoop.insert(transport.isOnEventLoopThread)
            }
            return (statuses, onLoop)
        }.value
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(onLoop == [true])
        #expect(server.acceptedConnections == 1)
    }

    @Test func aTaskStillRunsOnceTheTransportStopped() async {
        let transport = CurlTransport()
        let client = HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
        let first = await Task(executorPreference: transport.taskExecutor) {
            await client.transferEnd(of: HTTPRequest(path: "/echo")).response?.status
        }.value
        transport.shutdown()
        let later = await Task(executorPreference: transport.taskExecutor) {
            await client.transferEnd(of: HTTPRequest(path: "/echo")).error?.reason
        }.value
        #expect(first == 200)
        #expect(later == .canceled)
    }
}
