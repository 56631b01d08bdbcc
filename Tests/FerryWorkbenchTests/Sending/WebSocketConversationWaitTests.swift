import Dispatch
import FerryHTTP
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// A ``WebSocketConversation`` closing by itself waits for the server's reply (`=== wait-for-server`) and for
/// quiet (the idle end) without polling: the conversation runs on a counting executor, and while it waits,
/// only what happens (the reply, the idle end, the close) runs a job on it. A wait polling the log every
/// 10 or 20 ms runs one job per poll, dozens over the waits below.
@Suite struct WebSocketConversationWaitTests {
    /// Far fewer jobs than polling runs in the waits below (at least 50 polls), more than a wait woken only
    /// by what happens needs (one job or two for each of the reply, the deadline's timer and the close).
    static let jobsWhileWaiting = 20

    @Test func aReplyAfterADelayIsRecordedAndTheWaitIsWokenByIt() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-ws-wait")
        let executor = CountingExecutor()
        let conversation = try Self.open(
            "\(server.baseURL)/delayed/1000", script: "hello\n=== wait-for-server\n", idle: .seconds(2),
            in: folder, executor: executor)
        var jobsAtSend: Int?
        var jobsAtReply: Int?
        var end: ConversationEnd?
        for await event in conversation.events {
            switch event {
            case .message(let message) where message.isIncoming: jobsAtReply = executor.jobs
            case .message: jobsAtSend = executor.jobs
            case .ended(let ended): end = ended
            default: break
            }
        }
        let ended = try #require(end)
        #expect(ended.outcome == .closed(WebSocketClose(code: WebSocketClose.normalClosure)), "\(ended.outcome)")
        #expect(ended.messages.map(\.isIncoming) == [false, true])
        #expect(ended.messages.map(\.message) == [.text("hello"), .text("hello")])
        let waited = try #require(jobsAtReply) - (try #require(jobsAtSend))
        #expect(waited < Self.jobsWhileWaiting, "\(waited) jobs ran while the server took a second to answer")
    }

    @Test func aQuietServerEndsTheConversationAfterTheIdleTime() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-ws-wait")
        let executor = CountingExecutor()
        let conversation = try Self.open(
            "\(server.baseURL)/echo", script: "hello\n", idle: .seconds(1), in: folder,
            executor: executor)
        var jobsAtReply: Int?
        var jobsAtEnd: Int?
        var end: ConversationEnd?
        for await event in conversation.events {
            switch event {
            case .message(let message) where message.isIncoming: jobsAtReply = executor.jobs
            case .ended(let ended):
                jobsAtEnd = executor.jobs
                end = ended
            default: break
            }
        }
        let ended = try #require(end)
        #expect(ended.outcome == .closed(WebSocketClose(code: WebSocketClose.normalClosure)), "\(ended.outcome)")
        #expect(ended.messages.map(\.message) == [.text("hello"), .text("hello")])
        let waited = try #require(jobsAtEnd) - (try #require(jobsAtReply))
        #expect(waited < Self.jobsWhileWaiting, "\(waited) jobs ran in the second of quiet and the close")
    }

    @Test func cancelingWhileWaitingForTheServerEndsAsCanceled() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-ws-wait")
        // The wait's limit is past the server's delay: only the cancel ends it early, however late the test
        // sees its message on a loaded machine (the delayed reply bounds the test if the cancel is lost).
        let conversation = try Self.open(
            "\(server.baseURL)/delayed/60000", script: "hello\n=== wait-for-server\n", idle: .seconds(2),
            in: folder, executor: CountingExecutor(), timeout: 120)
        var end: ConversationEnd?
        for await event in conversation.events {
            switch event {
            case .message: conversation.cancel()
            case .ended(let ended): end = ended
            default: break
            }
        }
        #expect(end?.outcome == .canceled, "\(String(describing: end?.outcome))")
        #expect(end?.messages.map(\.message) == [.text("hello")])
    }

    /// Opens a conversation with `url` and `script`, saved in `folder`, on `executor`; it closes by itself
    /// after `idle` of quiet, and waits for the server at most `seconds` (`# @timeout`) when given.
    static func open(
        _ url: String, script: String, idle: Duration, in folder: TemporaryFolder, executor: CountingExecutor,
        timeout seconds: Int? = nil
    ) throws -> WebSocketConversation {
        let timeout = seconds.map { "# @timeout \($0)\n" } ?? ""
        try folder.write("a.http", "### a\n\(timeout)WEBSOCKET \(url)\n\n\(script)")
        let workspace = try Workspace.load(at: folder.url)
        let plan = try workspace.sendPlan(
            for: try workspace.request("a.http#a"), environment: nil, environments: workspace.environments())
        let sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        return sender.open(
            try sender.prepareConversation(plan), closing: .afterScript(idle: idle), executor: executor)
    }
}

/// A task executor on a serial queue of its own that counts the jobs it was given.
final class CountingExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "ferry.tests.counting-executor")
    private let count = Locked(0)

    /// How many jobs it was given so far.
    var jobs: Int { count.withLock { $0 } }

    func enqueue(_ job: consuming ExecutorJob) {
        count.withLock { $0 += 1 }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
