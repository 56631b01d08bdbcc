import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// A reader slower than the server holds the server back: against the `websockets` peer flooding messages, the
/// messages waiting for the reader never pass ``WebSocket/Options/maxPendingMessages`` (the connection stops
/// reading from the network), and every message still arrives, in order, once the reader catches up.
@Suite struct WebSocketBacklogTests {
    @Test func aReaderBehindKeepsTheWaitingMessagesWithinTheLimit() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        var options = WebSocket.Options()
        options.maxPendingMessages = 64
        let total = 5_000
        let socket = try await WebSocket.connect(
            try WebSocketEchoTests.request(server.baseURL + "/flood/\(total)"), options: options)
        let backlog = socket.messages.backlog
        // Nothing read yet: the connection fills the backlog, then waits for the reader.
        await eventually(timeout: .seconds(120)) { backlog.highWater >= options.maxPendingMessages }
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }
        #expect(received.count == total)
        #expect(received.first == .text("message 0") && received.last == .text("message \(total - 1)"))
        #expect(backlog.highWater == options.maxPendingMessages, "\(backlog.highWater) messages waited at once")
        #expect(socket.serverClose?.code == 1000)
    }
}
