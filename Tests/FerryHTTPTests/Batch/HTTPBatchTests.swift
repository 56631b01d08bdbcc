import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Batches against the loopback server: results in order and as they finish, the limit on requests in
/// flight (seen by the server), priority order, one cancel for all, typed results.
@Suite struct HTTPBatchTests {
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

    @Test func resultsComeInTheOrderGivenAndCompletionsAsTheyFinish() async throws {
        // `/slow` is answered only once the batch reported `/fast` finished, so the finishing order is the
        // reverse of the given one.
        let fastFinished = ServerGate()
        server.route("/slow") { _ in
            _ = fastFinished.wait(timeout: .seconds(30))
            return .text("slow")
        }
        server.route("/fast") { _ in .text("fast") }
        let batch = client.batch(limit: 2)
        let slow = batch.add(HTTPRequest(path: "/slow"))
        let fast = batch.add(HTTPRequest(path: "/fast"))
        batch.start()
        var order: [Int] = []
        for await index in batch.completions {
            order.append(index)
            if index == 1 { fastFinished.open() }
        }
        #expect(order == [1, 0])
        #expect(try await slow.value().text == "slow")
        #expect(try await fast.value().text == "fast")

        let results = await client.send([HTTPRequest(path: "/slow"), HTTPRequest(path: "/fast")], limit: 2)
        #expect(results.map { (try? $0.get())?.text } == ["slow", "fast"])
    }

    @Test func noMoreThanTheLimitRunAtOnce() async throws {
        let inside = ConcurrencyMeter()
        server.route("/work") { _ in
            inside.enter()
            // Holds the request until a second one is inside too (or a while passed), so a batch that sends
            // two at once is seen doing so, whatever the load on the machine.
            _ = inside.waitForCount(2, timeout: .seconds(5))
            inside.leave()
            return .text("done")
        }
        let requests = (0..<5).map { HTTPRequest(path: "/work?n=\($0)") }
        let results = await client.send(requests, limit: 2)
        #expect(results.allSatisfy { (try? $0.get())?.status == 200 })
        #expect(inside.peak == 2)
        #expect(server.requests.count == 5)
    }

    @Test func waitingRequestsStartByPriorityThenInTheOrderAdded() async throws {
        server.route("/p") { _ in .text("ok") }
        let batch = client.batch(limit: 1)
        var names: [String] = []
        for (name, priority) in [
            ("low", HTTPRequestPriority.low), ("normal1", .normal), ("high", .high), ("normal2", .normal),
            ("top", HTTPRequestPriority(1)),
        ] {
            var request = HTTPRequest(path: "/p?name=\(name)")
            request.priority = priority
            batch.add(request)
            names.append(name)
        }
        batch.start()
        for await _ in batch.completions {}
        #expect(
            server.requests.map { $0.query ?? "" } == ["top", "high", "normal1", "normal2", "low"].map { "name=\($0)" })
    }

    @Test func oneCancelEndsEveryRequestWaitingOrInFlight() async throws {
        server.route("/drip", responding: TestResponse(body: Data(count: 10_000)).dripping(10, every: .seconds(1)))
        let batch = client.batch(limit: 1)
        let tasks = (0..<3).map { _ in batch.add(HTTPRequest(path: "/drip")) }
        batch.start()
        #expect(await waitUntil { server.requests.count == 1 })
        batch.cancel()
        for task in tasks {
            let reason = await failureReason { _ = try await task.value() }
            #expect(reason == .canceled)
        }
        var finished: [Int] = []
        for await index in batch.completions { finished.append(index) }
        #expect(finished.sorted() == [0, 1, 2])
        #expect(server.requests.count == 1)
        let late = batch.add(HTTPRequest(path: "/drip"))
        #expect(await failureReason { _ = try await late.value() } == .canceled)
    }

    @Test func cancelingTheSwiftTaskCancelsTheWholeSend() async throws {
        server.route("/drip", responding: TestResponse(body: Data(count: 10_000)).dripping(10, every: .seconds(1)))
        let sending = Task { await client.send([HTTPRequest(path: "/drip"), HTTPRequest(path: "/drip")], limit: 1) }
        #expect(await waitUntil { server.requests.count == 1 })
        sending.cancel()
        let results = await sending.value
        #expect(results.count == 2)
        for result in results {
            guard case .failure(let error) = result else { return #expect(Bool(false), "a request was not canceled") }
            #expect(error.isCanceled)
        }
        #expect(server.requests.count == 1)
    }

    @Test func eachRequestKeepsItsOwnResultType() async throws {
        server.route("/user", responding: .json(#"{"id": 7, "name": "Ada"}"#))
        server.route("/bad", responding: .json(#"{"id": "seven"}"#))
        server.route("/plain", responding: .text("plain"))
        let batch = client.batch()
        let user = batch.add(HTTPRequest(path: "/user"), parsing: .decodable(User.self))
        let bad = batch.add(HTTPRequest(path: "/bad"), parsing: .decodable(User.self))
        let plain = batch.add(HTTPRequest(path: "/plain"))
        batch.start()
        #expect(try await user.value().value == User(id: 7, name: "Ada"))
        guard case .parseFailed = await failureReason({ _ = try await bad.value() }) else {
            return #expect(Bool(false), "the bad body parsed")
        }
        #expect(try await plain.value().text == "plain")
        #expect(batch.count == 3)
    }
}

/// A flag a server handler can wait for.
final class ServerGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }

    /// Whether the gate opened before `timeout` passed.
    func wait(timeout: Duration) -> Bool {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: timeout.seconds)
            while !isOpen { if !condition.wait(until: deadline) { return isOpen } }
            return true
        }
    }
}

/// Counts server handlers running at once, and the most there ever were.
final class ConcurrencyMeter: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0
    private var highest = 0

    func enter() {
        condition.withLock {
            count += 1
            highest = max(highest, count)
            condition.broadcast()
        }
    }

    func leave() { condition.withLock { count -= 1 } }

    /// Waits until `target` handlers are inside at once (or were), or `timeout` passed.
    func waitForCount(_ target: Int, timeout: Duration) -> Bool {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: timeout.seconds)
            while highest < target { if !condition.wait(until: deadline) { return highest >= target } }
            return true
        }
    }

    var peak: Int { condition.withLock { highest } }
}
