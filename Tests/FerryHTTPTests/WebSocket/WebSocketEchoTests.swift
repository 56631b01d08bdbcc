import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The WebSocket client against a real peer, the `websockets` Python server on loopback: echo, fragments,
/// pings, close codes, handshake headers and TLS with a certificate made for the test.
@Suite struct WebSocketEchoTests {
    @Test func acceptValueIsRFC6455sExample() {
        #expect(WebSocket.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func textAndBinaryMessagesComeBack() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let socket = try await WebSocket.connect(try Self.request(server.baseURL + "/echo"))
        #expect(socket.response.status == 101)
        #expect(socket.response.remoteAddress == "127.0.0.1:\(server.port)")
        let large = String(repeating: "é", count: 40_000)  // 80,000 bytes: a 64-bit length
        let binary = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) })  // a 16-bit length
        try socket.send(text: "hello")
        try socket.send(binary: binary)
        try socket.send(text: large)
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("hello"))
        #expect(try await iterator.next() == .binary(binary))
        #expect(try await iterator.next() == .text(large))
        let close = try await socket.close(code: 1000, reason: "done")
        #expect(close.code == 1000)
        #expect(try await iterator.next() == nil)
        #expect(throws: WebSocketError.self) { try socket.send(text: "late") }
    }

    @Test func fragmentsAreJoinedIntoOneMessage() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let socket = try await WebSocket.connect(try Self.request(server.baseURL + "/fragments"))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("Hello world"))
        _ = try await socket.close()
    }

    @Test func serverPingIsAnsweredWithAPong() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let socket = try await WebSocket.connect(try Self.request(server.baseURL + "/ping"))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("pong received"))
        _ = try await socket.close()
    }

    @Test func serverCloseCodeAndReasonAreReported() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        let socket = try await WebSocket.connect(try Self.request(server.baseURL + "/close/4001"))
        var count = 0
        for try await _ in socket.messages { count += 1 }
        #expect(count == 0)
        #expect(socket.serverClose == WebSocketClose(code: 4001, reason: "bye"))
    }

    @Test func handshakeCarriesTheRequestsHeaders() async throws {
        guard let server = try await WebSocketEchoServer.start() else { return }
        defer { server.stop() }
        var request = try Self.request(server.baseURL + "/headers")
        request.headers.add("X-Ferry-Test", "from the request")
        let socket = try await WebSocket.connect(request)
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("from the request"))
        _ = try await socket.close()
    }

    @Test func headerWithALineBreakIsRefusedBeforeConnecting() async throws {
        var request = try Self.request("ws://127.0.0.1:9/echo")
        request.headers.add("X-Bad", "a\r\nInjected: yes")
        let error = await #expect(throws: WebSocketError.self) { _ = try await WebSocket.connect(request) }
        guard case .invalidRequest = error?.reason else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
    }

    @Test func refusedConnectionIsAConnectionError() async throws {
        let port = try LoopbackPort.refusing()
        let error = await #expect(throws: WebSocketError.self) {
            _ = try await WebSocket.connect(try Self.request("ws://127.0.0.1:\(port)/"))
        }
        #expect(error?.reason == .connection(.connectionRefused(host: "127.0.0.1", port: Int(port))))
    }

    @Test func wssWorksWithTheTestAuthority() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-wss")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        guard let server = try await WebSocketEchoServer.start(tls: certificates) else { return }
        defer { server.stop() }
        #expect(server.baseURL.hasPrefix("wss://"))
        var request = try Self.request(server.baseURL + "/echo")
        let untrusted = await #expect(throws: WebSocketError.self) { _ = try await WebSocket.connect(request) }
        guard case .connection(.tlsFailure) = untrusted?.reason else {
            Issue.record("expected a TLS failure, got \(String(describing: untrusted))")
            return
        }
        request.certificateAuthorityBundle = certificates.authorityFile
        let socket = try await WebSocket.connect(request)
        #expect(socket.response.tlsHandshake > .zero)
        try socket.send(text: "over TLS")
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("over TLS"))
        #expect(try await socket.close().code == 1000)
    }

    static func request(_ url: String) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: url)))
    }
}
