import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The WebSocket client against servers that break the rules (a raw socket server on loopback): each ends
/// with a clear error and the close code RFC 6455 asks for, within a bound, never a hang.
@Suite struct WebSocketHostileServerTests {
    @Test func frameOverTheLimitClosesWith1009BeforeItsPayloadArrives() async throws {
        // A header announcing 100 MB, and no payload: refused from the length alone.
        let header: [UInt8] = [0x82, 127, 0, 0, 0, 0, 0x05, 0xF5, 0xE1, 0x00]
        let server = try Self.server(.handshake(then: header))
        var options = WebSocket.Options()
        options.maxMessageSize = 1 << 20
        let socket = try await WebSocket.connect(try Self.request(server.url), options: options)
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        #expect(error?.reason == .messageTooLarge(limit: 1 << 20))
        #expect(error?.message.contains("1009") == true)
        #expect(try await Self.sentCloseCode(server) == 1009)
    }

    @Test func fragmentsOverTheLimitTogetherCloseWith1009() async throws {
        let fragment = [UInt8](repeating: 0x61, count: 600)
        let frames = [0x01, 126, 0x02, 0x58] + fragment + [0x80, 126, 0x02, 0x58] + fragment
        let server = try Self.server(.handshake(then: frames))
        var options = WebSocket.Options()
        options.maxMessageSize = 1000
        let socket = try await WebSocket.connect(try Self.request(server.url), options: options)
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        #expect(error?.reason == .messageTooLarge(limit: 1000))
    }

    @Test func invalidUTF8TextClosesWith1007() async throws {
        let server = try Self.server(.handshake(then: [0x81, 3, 0x61, 0xC3, 0x28]))
        let socket = try await WebSocket.connect(try Self.request(server.url))
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        #expect(error?.reason == .invalidUTF8)
        #expect(try await Self.sentCloseCode(server) == 1007)
    }

    @Test func maskedServerFrameClosesWith1002() async throws {
        let server = try Self.server(.handshake(then: [0x81, 0x81, 1, 2, 3, 4, 0x60]))
        let socket = try await WebSocket.connect(try Self.request(server.url))
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        guard case .protocolViolation = error?.reason else {
            Issue.record("expected a protocol violation, got \(String(describing: error))")
            return
        }
        #expect(try await Self.sentCloseCode(server) == 1002)
    }

    @Test func messagesBeforeAControlFrameBetweenFragmentsArrive() async throws {
        // "ab" in two fragments with a ping between them, then a close 1000.
        let frames: [UInt8] = [0x01, 1, 0x61, 0x89, 0, 0x80, 1, 0x62, 0x88, 2, 0x03, 0xE8]
        let server = try Self.server(.handshake(then: frames))
        let socket = try await WebSocket.connect(try Self.request(server.url))
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }
        #expect(received == [.text("ab")])
        #expect(socket.serverClose?.code == 1000)
        // The client answered the ping (opcode 0xA) and then the close (0x8): the messages end when the close
        // arrives, so wait for the client's close to reach the server, then look at what came before it.
        #expect(try await Self.sentCloseCode(server) == 1000)
        let sent = server.receivedAfterHandshake
        #expect(sent.first == 0x8A)
    }

    @Test func serverThatNeverAnswersTheHandshakeTimesOut() async throws {
        let server = try Self.server(.silent)
        var options = WebSocket.Options()
        options.handshakeTimeout = .milliseconds(300)
        let error = await #expect(throws: WebSocketError.self) {
            _ = try await WebSocket.connect(try Self.request(server.url), options: options)
        }
        #expect(error?.reason == .handshakeTimedOut(.milliseconds(300)))
    }

    @Test func serverThatNeverClosesIsDroppedAfterTheCloseTimeout() async throws {
        let server = try Self.server(.handshake(then: []))
        var options = WebSocket.Options()
        options.closeTimeout = .milliseconds(300)
        let socket = try await WebSocket.connect(try Self.request(server.url), options: options)
        let error = await #expect(throws: WebSocketError.self) { _ = try await socket.close(code: 4000, reason: "x") }
        #expect(error?.reason == .closeTimedOut(.milliseconds(300)))
        // The close frame did go out, with its code.
        #expect(try await Self.sentCloseCode(server) == 4000)
        for try await _ in socket.messages {}
    }

    @Test func cancelEndsTheMessagesOfAConnectionThatStaysOpen() async throws {
        let server = try Self.server(.handshake(then: []))
        let socket = try await WebSocket.connect(try Self.request(server.url))
        socket.cancel()
        let error = await #expect(throws: WebSocketError.self) { for try await _ in socket.messages {} }
        #expect(error?.reason == .canceled)
    }

    @Test func wrongAcceptValueIsRefused() async throws {
        let server = try RawWebSocketServer(.handshake(then: [])) { _ in "d3Jvbmc=" }
        let error = await #expect(throws: WebSocketError.self) {
            _ = try await WebSocket.connect(try Self.request(server.url))
        }
        guard case .handshakeInvalid(let detail) = error?.reason else {
            Issue.record("expected an invalid handshake, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("Sec-WebSocket-Accept"))
    }

    static func server(_ behavior: RawWebSocketServer.Behavior) throws -> RawWebSocketServer {
        try RawWebSocketServer(behavior) { WebSocket.acceptValue(forKey: $0) }
    }

    static func request(_ url: String) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: url)))
    }

    /// The code of the first close frame the client sent (unmasking it), waiting for it to arrive.
    static func sentCloseCode(_ server: RawWebSocketServer) async throws -> UInt16? {
        let arrived = await waitUntil { closeCode(in: server.receivedAfterHandshake) != nil }
        guard arrived else { return nil }
        return closeCode(in: server.receivedAfterHandshake)
    }

    private static func closeCode(in bytes: [UInt8]) -> UInt16? {
        var index = 0
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            let length = Int(bytes[index + 1] & 0x7F)  // the client's control frames are short
            let maskStart = index + 2
            guard length < 126, maskStart + 4 + length <= bytes.count else { return nil }
            let mask = bytes[maskStart..<maskStart + 4].map { $0 }
            let payload = (0..<length).map { bytes[maskStart + 4 + $0] ^ mask[$0 & 3] }
            if opcode == 0x8, payload.count >= 2 { return UInt16(payload[0]) << 8 | UInt16(payload[1]) }
            index = maskStart + 4 + length
        }
        return nil
    }
}
