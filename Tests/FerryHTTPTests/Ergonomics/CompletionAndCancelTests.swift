import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The completion-handler API (trailing closure, completion queue, named progress) and cancellation through
/// `HTTPTask.result`, against the loopback server.
@Suite struct CompletionAndCancelTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    struct User: Decodable, Equatable {
        var id: Int
        var name: String
    }

    /// A queue that can tell, from inside a block, that it runs there.
    static let queueKey = DispatchSpecificKey<String>()

    @Test func trailingClosureIsTheCompletionOnTheGivenQueue() async throws {
        server.route("/user", responding: .json(#"{"id": 7, "name": "Ada"}"#))
        let queue = DispatchQueue(label: "ferry.test.completions")
        queue.setSpecific(key: Self.queueKey, value: "completions")
        let (user, queueName) = await withCheckedContinuation { continuation in
            client.task(for: HTTPRequest(path: "/user"), parsing: .decodable(User.self), completionQueue: queue) {
                result in
                continuation.resume(
                    returning: ((try? result.get())?.value, DispatchQueue.getSpecific(key: Self.queueKey)))
            }
        }
        #expect(user == User(id: 7, name: "Ada"))
        #expect(queueName == "completions")
    }

    @Test func defaultCompletionQueueIsNotTheCallersQueueAndProgressIsNamed() async throws {
        let body = Data(count: 60_000)
        server.route("/drip", responding: TestResponse(body: body).dripping(20_000, every: .milliseconds(20)))
        let seen = Recorder<TransferProgress>()
        let queue = DispatchQueue(label: "ferry.test.caller")
        queue.setSpecific(key: Self.queueKey, value: "caller")
        let (count, queueName) = await withCheckedContinuation { continuation in
            queue.async {
                client.task(for: HTTPRequest(path: "/drip"), progress: { seen.append($0) }) { result in
                    continuation.resume(
                        returning: ((try? result.get())?.body.count, DispatchQueue.getSpecific(key: Self.queueKey)))
                }
            }
        }
        #expect(count == 60_000)
        #expect(queueName == nil)
        #expect(seen.values.last?.bytesReceived == 60_000)
    }

    @Test func awaitingResultInACanceledSwiftTaskStopsTheRequest() async throws {
        // 100 s of drip: a busy run can keep the waiting task from starting for seconds, and the body must not
        // end first (the cancel would then come too late to stop anything).
        server.route(
            "/drip", responding: TestResponse(body: Data(count: 1_000_000)).dripping(1000, every: .milliseconds(100)))
        let task = client.task(for: HTTPRequest(path: "/drip"))
        let waiter = Task { await task.result }
        #expect(await waitUntil { server.responseBodyBytesWritten > 0 })
        #expect(server.activeConnections == 1)
        waiter.cancel()
        #expect(await waiter.value.failureReason == .canceled)
        #expect(task.state == .canceled)
        // The server sees the connection close: the transfer really stopped, not only the wait.
        #expect(await waitUntil { server.activeConnections == 0 })
        #expect(server.responseBodyBytesWritten < 1_000_000)
    }

    @Test func resultAwaitedAfterFinishingNeverCancels() async throws {
        server.route("/ok", responding: .text("ok"))
        let task = client.task(for: HTTPRequest(path: "/ok"))
        let response = try await task.value()
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await task.result
        }
        #expect(try await late.value.get().text == response.text)
        #expect(task.state == .completed)
    }
}
