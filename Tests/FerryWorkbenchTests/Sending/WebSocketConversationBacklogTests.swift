import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// A conversation whose reader is behind (a paused pipe, a busy screen) holds the server back instead of
/// keeping what it has not shown: against the `websockets` peer flooding 20,000 messages, the events waiting
/// never pass ``WebSocketConversation/maxPendingEvents``, the end keeps at most
/// ``RequestSender/conversationMessageCap`` messages and counts them all, and the transcript says how many
/// were not kept.
@Suite struct WebSocketConversationBacklogTests {
    @Test func aFloodReadLateStaysWithinTheEventAndMessageBounds() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-ws-backlog")
        let total = 20_000
        // The idle end never comes: the server closes once it sent them all.
        let conversation = try WebSocketConversationWaitTests.open(
            "\(server.baseURL)/flood/\(total)", script: "", idle: .seconds(600), in: folder,
            executor: CountingExecutor())
        let backlog = conversation.events.backlog
        await eventually(timeout: .seconds(120)) { backlog.highWater >= WebSocketConversation.maxPendingEvents }
        var shown = 0
        var end: ConversationEnd?
        for await event in conversation.events {
            switch event {
            case .message: shown += 1
            case .ended(let ended): end = ended
            default: break
            }
        }
        let ended = try #require(end)
        #expect(shown == total)
        #expect(ended.messageCount == total)
        #expect(ended.messages.count == RequestSender.conversationMessageCap)
        #expect(ended.messages.last?.message == .text("message \(RequestSender.conversationMessageCap - 1)"))
        #expect(backlog.highWater <= WebSocketConversation.maxPendingEvents, "\(backlog.highWater) events waited")
        let transcript = RequestSender.transcript(of: ended, started: Date())
        #expect(transcript.contains("\n(\(total - RequestSender.conversationMessageCap) more messages not kept)\n"))
    }
}
