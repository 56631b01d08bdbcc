import FerryHTTP
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// ``WebSocketConversation`` against a hostile server that accepts the handshake and then never answers or
/// closes: a conversation that closes by itself waits for the server at most the request's `# @timeout`, and
/// says so, instead of holding `ferry send` or `ferry run` for ever.
@Suite struct WebSocketConversationTests {
    // Ending at all is the property (it used to wait for ever); how soon depends on the machine's load (a
    // loaded clean-clone run took 120 s with its pool shared by 1,000 tests), so only the suite's limit bounds it
    // and the outcome says the timeout ended it.
    @Test(.timeLimit(.minutes(10))) func waitingForAServerThatNeverAnswersEndsAtTheTimeout() async throws {
        let server = try RawWebSocketServer(.handshake(then: [])) { WebSocket.acceptValue(forKey: $0) }
        let folder = try TemporaryFolder(prefix: "ferry-ws-silent")
        try folder.write("a.http", "### a\n# @timeout 1\nWEBSOCKET \(server.url)\n\nhello\n=== wait-for-server\n")
        let workspace = try Workspace.load(at: folder.url)
        let plan = try workspace.sendPlan(
            for: try workspace.request("a.http#a"), environment: nil, environments: workspace.environments())
        let sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        let conversation = sender.open(try sender.prepareConversation(plan), closing: .afterScript(idle: .seconds(2)))
        var end: ConversationEnd?
        var sent: [WebSocketMessage] = []
        for await event in conversation.events {
            switch event {
            case .message(let message) where !message.isIncoming: sent.append(message.message)
            case .ended(let ended): end = ended
            default: break
            }
        }
        // One second of waiting, then the close handshake the server ignores (5 s at most): it ends, where it
        // used to wait for ever.
        #expect(sent == [.text("hello")])
        let outcome = try #require(end?.outcome)
        guard case .failed(let message) = outcome else {
            Issue.record("ended as \(outcome)")
            return
        }
        #expect(message.contains("no message from the server within 1 s"), "\(message)")
        // The failed conversation is in the history too.
        let history = try String(
            contentsOf: folder.url.appendingPathComponent(".ferry/history.jsonl"), encoding: .utf8)
        #expect(history.contains(#""method":"WEBSOCKET""#), "\(history)")
    }
}
